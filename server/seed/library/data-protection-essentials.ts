import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import { freeText, multipleChoice, photoChallenge, videoChallenge } from '../steps';

export const dataProtectionEssentials: LibrarySeed = {
  id: '2cc55b92-e172-4d8b-8c30-9cc374d1f858',
  name: 'Data Protection Essentials',
  shortDescription: 'Make data protection stick with a quick quiz on GDPR principles and habits.',
  description:
    'A short virtual quiz that refreshes everyone on the essentials of data protection under the EU GDPR and the UK GDPR. Teams tackle questions on personal data, lawful bases, individual rights and breach reporting, plus a couple of practical challenges. Two locked questions keep your mandatory compliance points in every run.',
  gameType: 'quiz',
  deliveryType: 'virtual',
  duration: 30,
  comingSoon: false,
  thumbnail: '/thumbnails/data-protection-essentials.svg',
  selectedThemeId: THEME_IDS.corporate,
  branding: {
    headerColour: '#1F3A5F',
    questionBackgroundColour: '#F4F7FA',
    selfieBackgroundColour: '#0393E3',
  },
  steps: [
    multipleChoice({
      id: '3f49d8cf-c6e1-4d0f-9a1f-d50045445186',
      name: 'What GDPR means',
      text: 'What does GDPR stand for?',
      answers: [
        {
          id: '37070b30-7765-4082-8cdb-278008f70ed2',
          value: 'General Data Protection Regulation',
          correct: true,
        },
        {
          id: '33cfa01c-bc24-44b9-9923-d7a113f6746b',
          value: 'Global Data Privacy Rules',
          correct: false,
        },
        {
          id: '1c466a37-6a19-499e-abe1-b1d226209913',
          value: 'General Digital Privacy Regulation',
          correct: false,
        },
        {
          id: 'c7463c0b-9e17-4aa5-9781-44bac3a3ceca',
          value: 'Government Data Protection Register',
          correct: false,
        },
      ],
      points: 10,
    }),
    freeText({
      id: '2ed26b1e-649c-4fb1-809b-12c00b8d28c0',
      name: 'Since when?',
      text: 'In May of which year did the EU GDPR start to apply? Answer with a four-digit year.',
      answer: { id: 'b984e3c6-7b06-4e38-ae5e-d34f74dbac09', value: '2018' },
      points: 20,
    }),
    freeText({
      id: '47222849-a53b-441a-97ef-5a3715f7c343',
      name: 'The regulator',
      text: "Which body is the UK's independent regulator for data protection? Answer with its three-letter abbreviation.",
      answer: { id: 'a7c0c041-e97d-43ed-a15a-b542d74e8a97', value: 'ICO' },
      points: 20,
    }),
    multipleChoice({
      id: 'a1ea4392-ce69-4081-a305-aaf83fb4685d',
      name: 'Report a breach',
      text: 'Under the UK GDPR, within how long must an organisation report a notifiable personal data breach to the ICO, where feasible?',
      answers: [
        { id: 'e37d6c0d-4118-445f-8a0f-1f918f338180', value: 'Within 24 hours', correct: false },
        {
          id: 'ca4651d5-d517-423b-897c-299ee050fe2b',
          value: 'Within 72 hours of becoming aware of it',
          correct: true,
        },
        { id: 'ca723523-07a5-48e9-8cb1-20f20857e547', value: 'Within 7 days', correct: false },
        { id: '1dbc7b32-a619-47a7-8f9f-4311a0c8d3ec', value: 'Within 30 days', correct: false },
      ],
      points: 50,
      locked: true,
    }),
    multipleChoice({
      id: '0e186faa-309b-464d-83d6-90987ed7c556',
      name: 'Lost laptop',
      text: 'You realise you left a work laptop containing customer data on a train. What should you do first?',
      answers: [
        {
          id: 'af4273f5-5603-42bb-96e8-3e312504b169',
          value: 'Wait a few days to see if it is handed in',
          correct: false,
        },
        {
          id: '78de7c7d-ad04-4879-a396-3c02332891b3',
          value: 'Change your password and say nothing',
          correct: false,
        },
        {
          id: 'd1fab62b-9724-4463-800a-2d4f895948cb',
          value: 'Email the affected customers yourself',
          correct: false,
        },
        {
          id: 'd61ebd74-f445-4ea7-ab87-044c1e1b6d67',
          value: "Report it straight away through your organisation's incident process",
          correct: true,
        },
      ],
      points: 50,
      locked: true,
    }),
    multipleChoice({
      id: '9ced15a3-d947-426a-8e74-fc124fb8a8f0',
      name: 'Special category',
      text: "Which of these is 'special category' personal data under the GDPR?",
      answers: [
        {
          id: 'a5b53550-c168-4a41-b324-44389dfed3f1',
          value: 'A work email address',
          correct: false,
        },
        { id: 'be0a8f95-e570-45b1-978b-9f29ac7e965a', value: 'A job title', correct: false },
        {
          id: '6567fc8d-6b41-4e94-8011-7e08dbd0411f',
          value: 'Information about health',
          correct: true,
        },
        { id: '8dfa4e26-4962-472d-8624-e2a967cd4c2a', value: 'An office postcode', correct: false },
      ],
      points: 30,
    }),
    multipleChoice({
      id: '19a3ac4b-17f8-465d-80d7-3b23412748a8',
      name: 'Lawful bases',
      text: 'How many lawful bases for processing personal data does the GDPR set out?',
      answers: [
        { id: '635fcc57-aa94-4891-a26c-016d0d6dc3ba', value: '3', correct: false },
        { id: '4e096f1d-5031-41e1-8f80-fa1d0f0b5442', value: '6', correct: true },
        { id: '7c9ea1b7-f1f0-407a-acc3-4b9ac87d2c6a', value: '8', correct: false },
        { id: '2aae287a-570a-4e42-91e9-fa48799fd6f2', value: '10', correct: false },
      ],
      points: 30,
    }),
    freeText({
      id: '0d24d3ae-dbcd-47d2-ac53-9771e2a711d9',
      name: 'Show me my data',
      text: 'A request from a person to see the personal data an organisation holds about them is called a subject ___ request. Answer with one word.',
      answer: { id: '95ffcf4f-83d2-4c4c-b984-db7f0fbe5931', value: 'access' },
      points: 20,
    }),
    multipleChoice({
      id: 'bd18f850-b1cf-4d6d-90f4-f770642d20a0',
      name: 'Time to respond',
      text: 'How long does an organisation normally have to respond to a subject access request under the UK GDPR?',
      answers: [
        { id: '3583869a-d74b-44a5-be83-7f4971cde65d', value: 'One month', correct: true },
        { id: '89b8ced1-cdaf-4955-84e4-361aa72d9b15', value: 'One week', correct: false },
        { id: '8627a826-aaa6-4270-9847-07199b037c26', value: 'Six months', correct: false },
        { id: 'f3e5ba19-1c5d-4958-ba1f-c50b81e65ecb', value: 'One year', correct: false },
      ],
      points: 30,
    }),
    freeText({
      id: 'dec7f4fb-ce02-4a65-a86f-907440f5ade6',
      name: 'Keep it right',
      text: 'Which GDPR principle says that personal data must be kept correct and, where necessary, up to date? Answer with one word.',
      answer: { id: '2ad4aec6-9eb1-48f3-8399-81c298867149', value: 'accuracy' },
      points: 20,
    }),
    multipleChoice({
      id: 'd2a95730-f61d-40d3-b3fc-409b5c3d20d2',
      name: 'Personal or not?',
      text: 'Which of these is NOT personal data?',
      answers: [
        {
          id: '9d4f24cd-733b-48c0-94d7-6b7d0a988a33',
          value: "A customer's full name",
          correct: false,
        },
        {
          id: '4a5a39b5-7293-4126-b168-aa06ebd3a5db',
          value: 'A photo of an employee',
          correct: false,
        },
        {
          id: '9e3f5ec8-6906-45c9-8f14-248841469d96',
          value: 'Fully anonymised statistics',
          correct: true,
        },
        { id: 'bf7a35a2-3867-485e-9ca5-a14e3f4d26fa', value: 'A home address', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: '96e28623-219e-4ea3-be97-abab61631cec',
      name: 'Built in',
      text: 'The GDPR requires data protection by design and by ___. Answer with one word.',
      answer: { id: '5f8f2017-49c4-4f5d-a148-2fc413b5b045', value: 'default' },
      points: 20,
    }),
    photoChallenge({
      id: '552dba4c-59b7-48dc-85ab-c026ea8000f7',
      name: 'Clear desk',
      text: 'Show us your clear desk! Each team member tidies away any papers and locks their screen, then the team shares a photo of the tidiest workspace.',
      points: 100,
    }),
    videoChallenge({
      id: 'd770631c-6d44-4d4a-9b16-a33b592f6674',
      name: 'Spot the phish',
      text: 'Record a 30-second video explaining three signs that an email might be a phishing attempt.',
      points: 120,
    }),
  ],
};
