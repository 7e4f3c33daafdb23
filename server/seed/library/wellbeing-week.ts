import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import {
  freeText,
  multipleChoice,
  photoChallenge,
  standardChallenge,
  videoChallenge,
} from '../steps';

export const wellbeingWeek: LibrarySeed = {
  id: '75f5f071-6c28-44ea-8a53-d7f448b74072',
  name: 'Wellbeing Week',
  shortDescription: 'A day-long mix of healthy habits, mindful moments and feel-good challenges.',
  description:
    'A full-day activity that teams dip in and out of between meetings, perfect for a wellbeing week or mental health awareness day. Questions draw on NHS and UK health guidance about activity, diet, sleep and mental wellbeing, and the challenges encourage everyone to move, take notice and connect. Office-based and remote colleagues can take part together.',
  gameType: 'quiz',
  deliveryType: 'hybrid',
  duration: 1440,
  comingSoon: false,
  thumbnail: '/thumbnails/wellbeing-week.svg',
  selectedThemeId: THEME_IDS.ocean,
  branding: {
    headerColour: '#0393E3',
    questionBackgroundColour: '#F0FAFF',
    selfieBackgroundColour: '#7BDCB4',
  },
  steps: [
    multipleChoice({
      id: '241827f5-01b2-44eb-bf5f-fe44bbe64168',
      name: '5 A Day',
      text: "The UK '5 A Day' campaign recommends at least five portions of fruit and vegetables a day. How much is one adult portion?",
      answers: [
        { id: '32530f88-a65b-49e6-80b4-07beca841c91', value: '40g', correct: false },
        { id: 'a44ce083-b46e-428f-aecd-d3c52f3af876', value: '80g', correct: true },
        { id: '8704e258-f5ca-4faf-8158-ba6db2732c1f', value: '150g', correct: false },
        { id: 'b1429b41-fbc9-4993-a61f-8b695e992de5', value: '250g', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: '0e6a3531-e4c9-427d-b2a4-e3c99509d0e4',
      name: 'Get moving',
      text: 'UK guidelines recommend that adults do at least how many minutes of moderate-intensity activity every week? Answer with a number.',
      answer: { id: '5945723f-7ee8-4f8f-8c5e-b861e0a764e6', value: '150' },
      points: 30,
    }),
    multipleChoice({
      id: 'f6c0f0de-9b60-4310-8a46-5308e0bb25ab',
      name: 'Stay hydrated',
      text: 'The NHS Eatwell Guide suggests drinking how many cups or glasses of fluid a day?',
      answers: [
        { id: '1cde14e2-d93d-4292-8f74-8a927e13af95', value: '2 to 3', correct: false },
        { id: '69dd3693-daa6-491e-9491-d4e5e4432cef', value: '10 to 12', correct: false },
        { id: '4d8a7679-c03e-48a7-a86d-016777983cda', value: '6 to 8', correct: true },
        { id: '2d8e4351-1f07-4c0f-a0a1-a3b010fb0160', value: '15 to 20', correct: false },
      ],
      points: 20,
    }),
    multipleChoice({
      id: 'eb3b7755-b083-47bd-9e64-7e160fba802d',
      name: 'Sweet dreams',
      text: 'Roughly how many hours of sleep do most adults need each night?',
      answers: [
        { id: '27aba3e3-4655-40ba-8f75-597823001ef6', value: '3 to 4', correct: false },
        { id: 'bfcdc8b3-8db9-4026-ae80-713b86c13908', value: '7 to 9', correct: true },
        { id: 'b1914d9f-13b8-4023-9d23-10759469f54a', value: '11 to 12', correct: false },
        { id: '9dbc9eed-6c51-4197-981f-5c098dd5c65b', value: '13 to 14', correct: false },
      ],
      points: 20,
    }),
    multipleChoice({
      id: 'df521169-303b-4821-ba94-c0cfe6ed2816',
      name: 'Screens before bed',
      text: 'Why is it a good idea to avoid bright screens just before bed?',
      answers: [
        { id: '4c784109-11a6-4616-b718-4947eaff8cdd', value: 'They dehydrate you', correct: false },
        {
          id: '6b7a8c64-f8a4-44f0-b60f-547423e40dcb',
          value: 'They raise your body temperature',
          correct: false,
        },
        {
          id: '88b29e24-9f17-4090-9f8b-e9dda09099b8',
          value: 'They slow down digestion',
          correct: false,
        },
        {
          id: '153c2633-152e-44ff-8b94-f70b6055fb1e',
          value: 'Their light can delay the release of melatonin, the sleep hormone',
          correct: true,
        },
      ],
      points: 20,
    }),
    freeText({
      id: '9a2b92df-641b-4552-80b6-ff30107c86e9',
      name: 'Five Ways to Wellbeing',
      text: "The 'Five Ways to Wellbeing' are Connect, Be Active, Take Notice, Keep Learning and which other action? Answer with one word.",
      answer: { id: '7b5c459f-7c0f-4a98-bc98-2b3a5322ba73', value: 'Give' },
      points: 30,
    }),
    photoChallenge({
      id: '1a22750f-e24d-4788-b8dd-e3196ff8b461',
      name: 'Walk and notice',
      text: 'Head out for a 10-minute walk (remote colleagues too!) and take a photo of something beautiful you notice on the way.',
      points: 100,
    }),
    multipleChoice({
      id: '1966ded9-d4d7-40a0-8aba-ea4252f8f299',
      name: 'Box breathing',
      text: "In 'box breathing' you breathe in, hold, breathe out and hold again. How many seconds is each step usually counted for?",
      answers: [
        { id: '99a77ce5-021e-4c98-8e9e-bef46105efc6', value: '4', correct: true },
        { id: '8c1491bd-ddb2-4162-8cfd-54f8c0f795a3', value: '2', correct: false },
        { id: 'c8ec044d-3ccd-4ac4-90f2-1079907fe96c', value: '7', correct: false },
        { id: '6aacc77d-cb9b-4b18-b9db-7855eeafc735', value: '10', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: '37cd48c0-3896-42d4-a7e3-c95bef152629',
      name: 'Sunshine vitamin',
      text: 'In the UK, adults are advised to consider a daily supplement of which vitamin during autumn and winter? Answer with one letter.',
      answer: { id: 'c86a15fd-c508-4138-a8bc-9c63011011cf', value: 'D' },
      points: 20,
    }),
    freeText({
      id: '7e1929eb-a006-4871-89e9-3d9d2488cd2f',
      name: 'Be present',
      text: 'Which word describes paying attention to the present moment, on purpose and without judgement? Answer with one word.',
      answer: { id: 'e8ddb365-3f94-4299-8c13-b492f797ebd7', value: 'mindfulness' },
      points: 20,
    }),
    videoChallenge({
      id: 'a014b2fd-1839-475c-8481-65efa9a4e785',
      name: 'Stretch break',
      text: 'Lead your team in a one-minute desk stretch routine and record it so that others can join in.',
      points: 120,
    }),
    multipleChoice({
      id: '55a7e6bc-80f8-4e9f-833f-32a72a9194fb',
      name: '10,000 steps',
      text: 'For a typical adult, 10,000 steps is roughly how far?',
      answers: [
        { id: '850dfa2b-b458-46be-ba0a-a882f0c70f91', value: '1 mile', correct: false },
        { id: 'fbda9be8-3372-42eb-8837-f38c54a4db0d', value: '2 miles', correct: false },
        { id: '2b081dd1-8fc4-402e-a9de-a7b5427bdef5', value: '5 miles', correct: true },
        { id: '5a36b639-5752-40f9-b0a7-a8aac2295d68', value: '10 miles', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: '58b0c57e-3e4e-4b4c-bc75-ac39c4d4992f',
      name: 'Low-risk limit',
      text: "The UK Chief Medical Officers' guidelines advise not regularly drinking more than how many units of alcohol a week? Answer with a number.",
      answer: { id: 'a44140fe-4ea0-4994-a6e3-ef232e26532f', value: '14' },
      points: 30,
    }),
    standardChallenge({
      id: '5d5be9f2-dc4b-4ce2-ae95-0efb3b347215',
      name: 'Gratitude',
      text: 'Each team member writes down three things they are grateful for today and shares one of them with the team. Tap Continue when everyone has shared.',
      points: 80,
    }),
    photoChallenge({
      id: 'fef1a6a7-ce5b-4ff7-94aa-0991ae84689b',
      name: 'Eat the rainbow',
      text: 'Take a photo of the most colourful lunch in your team. Count how many different fruits and vegetables you can spot!',
      points: 80,
    }),
  ],
};
