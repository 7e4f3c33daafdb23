import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import { freeText, multipleChoice, photoChallenge, videoChallenge } from '../steps';

export const diversityAndInclusion: LibrarySeed = {
  id: '3dce20f4-beab-4ff6-ac70-b1dec2ded142',
  name: 'Diversity & Inclusion',
  shortDescription:
    'Explore inclusion, bias and belonging in a respectful, thought-provoking quiz.',
  description:
    'A virtual activity that opens up conversations about diversity, inclusion and belonging at work. Teams learn about the Equality Act 2010, common unconscious biases, the social model of disability and awareness months, then share what helps them feel included. Designed to be informative and respectful rather than a test.',
  gameType: 'quiz',
  deliveryType: 'virtual',
  duration: 60,
  comingSoon: false,
  thumbnail: '/thumbnails/diversity-and-inclusion.svg',
  selectedThemeId: THEME_IDS.confetti,
  branding: {
    headerColour: '#9900EF',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#00E1EF',
  },
  steps: [
    freeText({
      id: '185349e9-d87a-4f7a-aae6-1d05034b079c',
      name: 'Equality Act',
      text: 'The Equality Act, which protects people from discrimination in England, Scotland and Wales, became law in which year? Answer with a four-digit year.',
      answer: { id: 'fb6cacfa-a24c-4399-bb24-f77b88240617', value: '2010' },
      points: 20,
    }),
    multipleChoice({
      id: 'a7431f37-122c-4f36-87b1-7a1a9ac1ed89',
      name: 'Protected characteristics',
      text: 'How many protected characteristics does the Equality Act 2010 list?',
      answers: [
        { id: 'b3828bc7-872f-46ae-a9aa-43184167a379', value: '5', correct: false },
        { id: 'da254470-a531-4475-8022-e11ac890af20', value: '7', correct: false },
        { id: '622482cb-1ad4-41a1-ad56-662f5a9fa3ae', value: '9', correct: true },
        { id: '6c9ea519-4998-4989-8944-8347cb98e189', value: '12', correct: false },
      ],
      points: 30,
    }),
    multipleChoice({
      id: 'd8d7833e-23df-42dc-b5c8-da6ee8c75bd2',
      name: 'Which is protected?',
      text: 'Which of these is a protected characteristic under the Equality Act 2010?',
      answers: [
        { id: 'f60d8c27-fce7-450a-bfbc-dac564d50da3', value: 'Age', correct: true },
        { id: '4a2d37e8-494d-4fca-b36e-f36b94f88e80', value: 'Height', correct: false },
        { id: 'd1c9eb41-fab7-4334-b9ef-569c6303908d', value: 'Hair colour', correct: false },
        {
          id: '100a592e-eea0-4127-bce2-ae39df9c937d',
          value: 'Favourite football team',
          correct: false,
        },
      ],
      points: 20,
    }),
    freeText({
      id: '3d2dd197-b08a-4626-97d0-9f987763e2dc',
      name: 'Hidden bias',
      text: 'Attitudes and stereotypes that affect our decisions without us realising are called ___ bias (also known as implicit bias). Answer with one word.',
      answer: { id: '1b0a2493-d31e-465d-bb64-f8c47a5f08ce', value: 'unconscious' },
      points: 20,
    }),
    multipleChoice({
      id: 'b2520fac-87cd-40e6-88d0-b869431cea5f',
      name: 'People like me',
      text: 'What is the tendency to favour people who are similar to ourselves called?',
      answers: [
        { id: '0dd04ce3-c87a-4482-8a34-32efe70ed017', value: 'Confirmation bias', correct: false },
        { id: '030e3cf8-feff-43d0-a457-3a9cce6a0bfa', value: 'Anchoring bias', correct: false },
        { id: '54cc4200-0601-4ba0-b233-4813d012deb1', value: 'Recency bias', correct: false },
        { id: '84064939-d7f4-448e-bc2c-87d68d64514c', value: 'Affinity bias', correct: true },
      ],
      points: 30,
    }),
    multipleChoice({
      id: '8b415554-3b23-47dc-88a2-d165a6928fd0',
      name: 'Seeing what we expect',
      text: 'Looking for, and favouring, information that supports what we already believe is called what?',
      answers: [
        { id: '86ab6fa7-d682-45d0-a719-295b2ce6d99a', value: 'The halo effect', correct: false },
        { id: '5b163c33-cd70-4952-8514-5cd170e2b117', value: 'Confirmation bias', correct: true },
        { id: '609ceee1-0b08-4288-8cee-f380bbff30b6', value: 'Groupthink', correct: false },
        { id: '78fc1923-f0e3-425e-999e-ed3e56b84c0e', value: 'Hindsight bias', correct: false },
      ],
      points: 30,
    }),
    freeText({
      id: '800a0fc5-9657-4032-bddf-57670ef3843e',
      name: 'Different minds',
      text: "Which word describes the natural variation in how people's brains work, including autism, ADHD and dyslexia? Answer with one word.",
      answer: { id: '9f342994-a9b6-47b1-81d2-4a20d413ac05', value: 'neurodiversity' },
      points: 20,
    }),
    multipleChoice({
      id: '5cb5df93-5dc6-4475-8f0f-b0e73f96c492',
      name: 'Social model',
      text: 'According to the social model of disability, people are disabled mainly by what?',
      answers: [
        {
          id: 'fb3f7212-787d-4a82-8edf-0dfe0778088b',
          value: 'Their medical condition',
          correct: false,
        },
        { id: '85294937-2188-4632-a71b-d27d7cad4dfd', value: 'Their own choices', correct: false },
        {
          id: '86d62fe9-2250-418e-bd7f-ec72bd2acbf6',
          value: 'Barriers in society, such as inaccessible buildings and attitudes',
          correct: true,
        },
        { id: '1a46bd48-ca16-4d2c-89cb-8bf9444c0406', value: 'A lack of effort', correct: false },
      ],
      points: 30,
    }),
    multipleChoice({
      id: '01d04b72-5ec0-4f62-92c3-5ce52d1a7cd7',
      name: 'Small but harmful',
      text: 'What is a microaggression?',
      answers: [
        {
          id: '60c923ea-43eb-4fc0-ae10-5c3369a7ec3d',
          value:
            'An everyday comment or action that subtly, often unintentionally, expresses prejudice',
          correct: true,
        },
        {
          id: '19343445-d8df-497d-b0bc-4e6b79bd089d',
          value: 'A small disagreement in a meeting',
          correct: false,
        },
        {
          id: '39d462d9-cb72-4da5-9e8e-b7ec7a59ed37',
          value: 'A formal written complaint',
          correct: false,
        },
        {
          id: '25b5b41a-885e-4032-b2e0-3a769421a674',
          value: 'A short burst of anger',
          correct: false,
        },
      ],
      points: 30,
    }),
    multipleChoice({
      id: 'f1e182ac-62a7-4116-ae78-90b0a5dcb846',
      name: 'Pride Month',
      text: 'In the UK and many other countries, Pride Month is celebrated in which month?',
      answers: [
        { id: '2db054cc-bb27-47f7-9def-991a9560358f', value: 'May', correct: false },
        { id: '6f2716be-38dd-409b-b255-85577615a4ea', value: 'June', correct: true },
        { id: 'ef4a0eb1-798c-4dfa-8d2b-d3cd04256ccf', value: 'August', correct: false },
        { id: '03ffb2ed-a845-4041-9de5-eb135a3724e7', value: 'October', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: 'd2b3c83e-14f3-4316-8e3e-dc307c782d5f',
      name: 'Black History Month',
      text: 'In the UK, Black History Month is marked in which month? Answer with the name of the month.',
      answer: { id: 'ea339061-667b-4086-b3bb-9dd78ed1d0b6', value: 'October' },
      points: 20,
    }),
    freeText({
      id: 'cee2ea0d-60e6-4aa4-a282-069d161532f8',
      name: 'Standing alongside',
      text: 'Someone who actively supports people from a group they are not part of is called an ___. Answer with one word.',
      answer: { id: '3ee04fb2-6304-4e3c-b28c-44183619487b', value: 'ally' },
      points: 20,
    }),
    photoChallenge({
      id: 'b98b1dcb-1239-4126-adf6-9b8a4bebc3d9',
      name: 'Share your story',
      text: 'Each team member holds up an object, food or photo that represents their culture, background or a tradition they love. Take a photo or screenshot of your team together.',
      points: 100,
    }),
    videoChallenge({
      id: '185a270c-0373-4b1a-8d76-dd909dd2d244',
      name: 'What inclusion means',
      text: 'Record a 30-second video in which each team member says one thing that helps them feel included at work.',
      points: 120,
    }),
  ],
};
