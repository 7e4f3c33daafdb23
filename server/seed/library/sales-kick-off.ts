import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import {
  freeText,
  multipleChoice,
  photoChallenge,
  standardChallenge,
  videoChallenge,
} from '../steps';

export const salesKickOff: LibrarySeed = {
  id: '88d198b1-3ce3-4779-89a3-38378648a12f',
  name: 'Sales Kick-off',
  shortDescription: 'Energise your sales teams with selling know-how and competitive challenges.',
  description:
    'A half-day activity built for sales kick-offs and conferences, with teams in the room and on the road playing together. Questions cover qualification frameworks, selling techniques and key sales metrics, while pitch and role-play challenges get everyone performing. Finish the day with a leaderboard worthy of your top performers.',
  gameType: 'quiz',
  deliveryType: 'hybrid',
  duration: 720,
  comingSoon: true,
  thumbnail: '/thumbnails/sales-kick-off.svg',
  selectedThemeId: THEME_IDS.sunset,
  branding: {
    headerColour: '#EB144C',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#FF6800',
  },
  steps: [
    multipleChoice({
      id: '1e0692fe-047a-425d-b69e-1e9e2688f20f',
      name: 'BANT',
      text: 'In the BANT lead-qualification framework, what does the B stand for?',
      answers: [
        { id: 'fa9f9abc-c5aa-4faa-af11-39f1a3d0ff8f', value: 'Budget', correct: true },
        { id: '4c4e37a8-3c68-45a8-bc3a-378a385fa884', value: 'Buyer', correct: false },
        { id: '9e0a334f-6b47-4f7a-a54e-59ef47f2067a', value: 'Benefit', correct: false },
        { id: '5432070b-af4a-4fa3-bdad-3ec1287dee33', value: 'Brand', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: '4396abc2-8643-4b34-86fb-0c6a96b4a260',
      name: 'CRM',
      text: 'CRM stands for Customer Relationship ___. Answer with one word.',
      answer: { id: '085f0d07-2815-4959-abb4-85c6db8ee767', value: 'Management' },
      points: 10,
    }),
    multipleChoice({
      id: '76e5120c-c4c3-4472-9f6d-7a1fdc8ceb40',
      name: 'Going up',
      text: 'Encouraging a customer to buy a higher-priced or upgraded version of what they are buying is called what?',
      answers: [
        { id: '08b17ce7-6e48-4e8a-91cd-864c92ebb099', value: 'Cross-selling', correct: false },
        { id: '9796185c-ea19-488e-8da8-0abd5d9fd217', value: 'Upselling', correct: true },
        { id: 'eedb530b-35c8-435a-8c88-8fbf430a4ad8', value: 'Down-selling', correct: false },
        { id: '93109fb0-7b00-4c3a-bb96-0a9f8de8732c', value: 'Bundling', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: '39de5ad9-d403-4ba5-82f1-c70d540c9fa0',
      name: 'Something extra',
      text: 'Suggesting a related product, such as a case to go with a new phone, is called ___-selling. Answer with one word.',
      answer: { id: '5ef5e28f-d28e-4da4-8258-3f8c80e25313', value: 'cross' },
      points: 20,
    }),
    freeText({
      id: '4221f393-928a-4e14-a0e6-65fa29616d3b',
      name: 'Narrowing down',
      text: 'The model that shows prospects narrowing from awareness through to purchase is called the sales ___. Answer with one word.',
      answer: { id: '4cc9ae08-645c-49a5-bef9-bb01af58f77e', value: 'funnel' },
      points: 10,
    }),
    multipleChoice({
      id: 'df14da98-bc67-42b6-8b3d-b3cd45ea85a5',
      name: 'SPIN Selling',
      text: "In Neil Rackham's SPIN Selling, what does the P stand for?",
      answers: [
        { id: '97007ed0-83f3-48a8-a03c-6fc0864c853a', value: 'Price', correct: false },
        { id: '95155679-846b-4839-a712-120304a34fa1', value: 'Proposal', correct: false },
        { id: 'e24f88ef-ffd0-488d-8874-0a1a9baf55c8', value: 'Problem', correct: true },
        { id: '0f7c2a03-c133-4ec8-8fd0-1b72eb82180e', value: 'Priority', correct: false },
      ],
      points: 30,
    }),
    freeText({
      id: 'b00457d2-409e-4a12-be85-52e53407bb6f',
      name: 'SPIN again',
      text: 'And what does the I in SPIN stand for? Answer with one word.',
      answer: { id: '2bf82af1-0f3b-4ede-a608-9a765adc76dc', value: 'Implication' },
      points: 30,
    }),
    multipleChoice({
      id: 'bd46245c-828c-4775-b293-66974cf383a3',
      name: 'Churn',
      text: "In a subscription business, what does 'churn' measure?",
      answers: [
        {
          id: 'd8969aec-2f41-41a3-aa8a-7c19a1908fc1',
          value: 'The number of new leads each month',
          correct: false,
        },
        {
          id: '089184f8-9994-4dd5-ad06-a823ec0d9af4',
          value: 'The profit margin on each sale',
          correct: false,
        },
        {
          id: '3d1a9cba-9776-4c44-bdfb-ee6626f8c029',
          value: 'The average deal size',
          correct: false,
        },
        {
          id: 'da2ce31f-17b7-44ae-8cf7-f6263c485a15',
          value: 'The rate at which customers cancel or stop buying',
          correct: true,
        },
      ],
      points: 20,
    }),
    freeText({
      id: '447b37eb-03e1-4e42-8cb7-e26034d1f24f',
      name: 'ROI',
      text: 'ROI stands for Return on ___. Answer with one word.',
      answer: { id: 'a725de60-154a-4ecc-b1c3-9febcb9eb5b5', value: 'Investment' },
      points: 10,
    }),
    multipleChoice({
      id: '50249030-636f-4491-9e28-130736a9fb03',
      name: 'B2B',
      text: "What does 'B2B' mean in sales?",
      answers: [
        { id: '27cd293f-fca4-4b62-8abf-ab4e4a8b28b7', value: 'Back to basics', correct: false },
        {
          id: '3716044f-f73a-46cf-9173-70ece24cd267',
          value: 'Business to business',
          correct: true,
        },
        { id: '8fcc42e0-8dad-4dd1-89b3-45a897a81cb2', value: 'Buyer to buyer', correct: false },
        { id: 'f98b4172-c8cb-42c7-b2e3-cf9d1989a9fe', value: 'Brand to brand', correct: false },
      ],
      points: 10,
    }),
    multipleChoice({
      id: 'f863f01d-61e0-46dd-92ee-b41d10441c60',
      name: 'Elevator pitch',
      text: 'A classic elevator pitch should last about how long?',
      answers: [
        { id: '48271a90-e601-4b29-b290-36a6b5fd8d7a', value: '5 minutes', correct: false },
        { id: '9cdde740-3531-4465-a720-ce5c534f35cc', value: '15 minutes', correct: false },
        { id: 'e116ae1b-45d7-48a4-9e96-b09861fbb4f5', value: '30 seconds', correct: true },
        { id: '8a39201c-7b0c-4dbe-9343-37db4c0d67f4', value: '1 hour', correct: false },
      ],
      points: 10,
    }),
    videoChallenge({
      id: '45146ea7-82dd-4e6b-9f93-a347b8db131f',
      name: '30-second pitch',
      text: "Record your team's best 30-second pitch for your organisation's flagship product or service.",
      points: 150,
    }),
    photoChallenge({
      id: '543c57c7-7088-4b3d-8797-d83ef9bde746',
      name: 'Deal done',
      text: 'Take a team photo recreating the moment you close the biggest deal of the year.',
      points: 100,
    }),
    standardChallenge({
      id: 'd85cb303-8ee9-4432-a306-eb08f6f11789',
      name: 'Objection handling',
      text: 'Pair up with another team. One team raises a common customer objection and the other handles it, then swap. Tap Continue when both teams have had a turn.',
      points: 100,
    }),
  ],
};
