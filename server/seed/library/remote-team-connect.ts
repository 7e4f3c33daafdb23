import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import {
  freeText,
  multipleChoice,
  photoChallenge,
  standardChallenge,
  videoChallenge,
} from '../steps';

export const remoteTeamConnect: LibrarySeed = {
  id: '1b098656-1a99-4242-8935-cf71b3ec0c84',
  name: 'Remote Team Connect',
  shortDescription:
    'Bring a distributed team together with quick questions and at-home challenges.',
  description:
    'A quick virtual activity that helps remote and distributed teams connect beyond the daily stand-up. Questions about time zones, focus techniques and home-working habits sit alongside at-home challenges that let everyone share a little of their world. Ideal at the start of a team call.',
  gameType: 'quiz',
  deliveryType: 'virtual',
  duration: 30,
  comingSoon: false,
  thumbnail: '/thumbnails/remote-team-connect.svg',
  selectedThemeId: THEME_IDS.ocean,
  branding: {
    headerColour: '#0393E3',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#00E1EF',
  },
  steps: [
    photoChallenge({
      id: 'a5ce709d-0e55-43fb-a2ed-e566a3b2c5e9',
      name: 'View from my desk',
      text: 'Each team member takes a photo of the view from their workspace. Share the team favourite.',
      points: 80,
    }),
    freeText({
      id: 'd008d283-f4eb-41d9-95db-78254ffbd237',
      name: 'Can you hear me?',
      text: "Finish the most-said phrase on video calls: 'You're on ___!' Answer with one word.",
      answer: { id: '4de42ba2-2b3b-40ed-b396-f7f23664eeaa', value: 'mute' },
      points: 10,
    }),
    multipleChoice({
      id: '57ae48a0-0f6e-48cb-98ac-3baabce86376',
      name: 'Across the pond',
      text: 'In winter, when it is 12:00 noon GMT in London, what time is it in New York (Eastern Standard Time)?',
      answers: [
        { id: 'dc69fb67-1144-4793-907e-1e439900cca1', value: '05:00', correct: false },
        { id: '417c5c55-9ecc-4da4-90f0-3d1a87745c66', value: '07:00', correct: true },
        { id: '1b732fb2-8429-473b-83a0-69ca05ee51dc', value: '09:00', correct: false },
        { id: '1557573c-ed1c-4251-9101-27f713b49461', value: '17:00', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: 'b0637c0c-1c25-4804-ae0a-ab020e09cedf',
      name: 'Greenwich',
      text: 'What does the M in GMT stand for? Answer with one word.',
      answer: { id: '50720ea8-3f75-497c-8b69-da8065ec7256', value: 'Mean' },
      points: 20,
    }),
    multipleChoice({
      id: 'fb361d31-de89-4c11-bed8-ae16df4f91b8',
      name: 'Most time zones',
      text: 'Counting its overseas territories, which country spans the most time zones?',
      answers: [
        { id: 'dc71e253-67dc-4df1-8229-5f9a83234523', value: 'Russia', correct: false },
        { id: 'ae51cf0a-85ab-4f55-ba37-d7855e6933d7', value: 'United States', correct: false },
        { id: '18e340d1-5c65-4928-8766-6f03cf8676ff', value: 'France', correct: true },
        { id: 'c4f51105-3806-4a9a-8db2-4581403c6338', value: 'China', correct: false },
      ],
      points: 30,
    }),
    multipleChoice({
      id: 'f5fc15a1-4c1e-4945-875f-4a5c277ee416',
      name: 'Focus time',
      text: 'The Pomodoro Technique breaks work into focused intervals of how many minutes?',
      answers: [
        { id: 'e571b0e3-a04c-46aa-b4d1-7f2bfc60cb7f', value: '15', correct: false },
        { id: 'ed4aa87a-7313-464d-b48b-25d0e41e68b1', value: '45', correct: false },
        { id: 'd06d24fe-24b6-44b9-88b0-46c2c1340aa3', value: '60', correct: false },
        { id: 'ac916851-2a13-4881-8d11-65449a2cbe14', value: '25', correct: true },
      ],
      points: 20,
    }),
    freeText({
      id: '36753e20-aac7-4154-a2a9-e39acc50a036',
      name: 'Pomodoro',
      text: "'Pomodoro' is the Italian word for which fruit? Answer with one word.",
      answer: { id: 'a97f48fd-02ed-4ace-8cde-7585fdc12c05', value: 'tomato' },
      points: 10,
    }),
    multipleChoice({
      id: '2bdab0d9-efa0-410d-8987-31d6ba3ca4e6',
      name: 'In your own time',
      text: "What does 'asynchronous' communication mean for a remote team?",
      answers: [
        {
          id: '75bfe574-51de-4e96-a454-fb4dc80f5730',
          value: 'Everyone replies at exactly the same moment',
          correct: false,
        },
        {
          id: 'f86cb334-7546-463a-a486-e7613610e9b7',
          value: 'Only talking by phone',
          correct: false,
        },
        {
          id: '458f84b8-8d2e-4a70-ac52-762ca5f0d629',
          value: 'People respond in their own time rather than in real time',
          correct: true,
        },
        {
          id: '3f2f94a2-14d3-4c24-a73c-229a221550fa',
          value: 'Sending messages only after working hours',
          correct: false,
        },
      ],
      points: 20,
    }),
    freeText({
      id: '18199f17-a0d7-428d-bf7b-a690bc3aa499',
      name: 'Keyboard name',
      text: 'The most common keyboard layout for English is named after the first six letters on its top row of letters. What is it called? Answer with one word.',
      answer: { id: '052ee7d5-3e66-494c-adf3-9a6fb07a7224', value: 'QWERTY' },
      points: 10,
    }),
    multipleChoice({
      id: '15f96b31-e43b-4406-922f-5594ce8bf89e',
      name: 'Screen height',
      text: 'For good posture at a home desk, where should the top of your screen be?',
      answers: [
        {
          id: 'ae30498e-b8e5-4785-ad5c-dac6f080c6c7',
          value: 'At or slightly below eye level',
          correct: true,
        },
        {
          id: 'cb85f5c0-07ca-4207-80c6-77a8ed88577a',
          value: 'Well above your head',
          correct: false,
        },
        { id: 'f48d6eec-4c52-40a3-a349-ff4296e2e4c8', value: 'At chest height', correct: false },
        { id: '199bcaa8-bd8d-48c5-a046-a1cf609441a2', value: 'Flat on the desk', correct: false },
      ],
      points: 20,
    }),
    videoChallenge({
      id: 'fd78e58d-6fc3-4eef-bd8a-225ee0d91402',
      name: 'Meet my co-worker',
      text: 'Introduce your pet, plant or favourite object at home in a 20-second video. It is your co-worker now!',
      points: 100,
    }),
    standardChallenge({
      id: 'e56eaf11-f08b-47d5-8423-505fef8a009d',
      name: 'Dream destination',
      text: "Everyone changes their video background to a place they would love to visit. Tap Continue once the team has guessed everyone's destination.",
      points: 80,
    }),
  ],
};
