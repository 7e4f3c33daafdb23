import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import {
  freeText,
  multipleChoice,
  photoChallenge,
  standardChallenge,
  videoChallenge,
} from '../steps';

export const customerServiceExcellence: LibrarySeed = {
  id: '68442064-ffb8-41ee-849a-903ec6bfe2b1',
  name: 'Customer Service Excellence',
  shortDescription:
    'Put your customer-first skills to the test with quizzes and role-play challenges.',
  description:
    'Teams explore what great service looks like: listening well, asking the right questions, turning complaints around and understanding the metrics that measure customer loyalty. Role-play and photo challenges bring the skills to life, whether your team is together in the room or dialling in. A great boost for contact-centre, front-of-house and account teams.',
  gameType: 'quiz',
  deliveryType: 'hybrid',
  duration: 60,
  comingSoon: false,
  thumbnail: '/thumbnails/customer-service-excellence.svg',
  selectedThemeId: THEME_IDS.sunset,
  branding: {
    headerColour: '#FF6800',
    questionBackgroundColour: '#FFF7F0',
    selfieBackgroundColour: '#F78DA7',
  },
  steps: [
    multipleChoice({
      id: '13f74bc7-a450-4092-8087-29fbfdbec1ef',
      name: 'Frustrated customer',
      text: 'A customer is clearly frustrated. What is usually the best first step?',
      answers: [
        {
          id: 'c5b5b028-c9d5-40a5-a469-765c3fae06da',
          value: 'Explain the company policy straight away',
          correct: false,
        },
        {
          id: '0348504c-a1a6-440f-ac23-d6a3fc5f1da8',
          value: 'Listen fully and acknowledge how they feel',
          correct: true,
        },
        {
          id: 'd6c6eba8-f1a5-440d-b32a-17e482b26e9d',
          value: 'Transfer them to a manager',
          correct: false,
        },
        {
          id: '5b89665d-a38b-4978-8e2c-cff4d74b1e7a',
          value: 'Ask them to calm down',
          correct: false,
        },
      ],
      points: 20,
    }),
    freeText({
      id: '8995f3f4-8b50-4006-9236-8e30d9a39a6a',
      name: 'Walk in their shoes',
      text: 'Understanding and sharing the feelings of another person is called what? Answer with one word.',
      answer: { id: 'd1d00127-d82b-46c7-974a-78ad1932aed4', value: 'empathy' },
      points: 10,
    }),
    multipleChoice({
      id: '434be398-ddd7-4c0d-89d4-da70d8a478e2',
      name: 'Open questions',
      text: 'Which of these is an open question?',
      answers: [
        { id: '2e27c6cc-4c24-4542-983b-36b25fefaf09', value: 'Did that fix it?', correct: false },
        {
          id: 'd7b834f1-3d34-4bbf-86af-2655ba3ec58b',
          value: 'Is your order number 1234?',
          correct: false,
        },
        {
          id: 'f8a90490-da13-4b71-b3fd-da47717957f1',
          value: 'How can I help you today?',
          correct: true,
        },
        {
          id: '6582c84b-52f3-43c1-8648-45922ad229f0',
          value: 'Would you like a refund?',
          correct: false,
        },
      ],
      points: 20,
    }),
    multipleChoice({
      id: 'fb7175a6-032d-40be-881f-a088dfded615',
      name: 'Active listening',
      text: 'Which of these is an example of active listening?',
      answers: [
        {
          id: 'f0d41668-80fa-49fe-8d0c-c168c908ce7f',
          value: 'Planning your reply while the customer talks',
          correct: false,
        },
        {
          id: '1f5dda99-108f-480c-8999-6c71f71f19b2',
          value: 'Interrupting to speed things up',
          correct: false,
        },
        {
          id: '94ef801b-2c70-4ed5-a593-67c87fa3490e',
          value: 'Looking at your screen while they speak',
          correct: false,
        },
        {
          id: '90a06b82-a28a-4bc2-b23d-76b6d66362b9',
          value: 'Summarising what the customer said to check you understood',
          correct: true,
        },
      ],
      points: 20,
    }),
    freeText({
      id: '9a613a64-743c-47c7-b19a-0fed20ca1797',
      name: 'NPS',
      text: 'NPS is a widely used customer loyalty measure. What does the N stand for? Answer with one word.',
      answer: { id: '03ac99eb-c984-4de7-a400-d327d24f7eac', value: 'Net' },
      points: 20,
    }),
    multipleChoice({
      id: '7d312b64-62a0-4ba0-956f-cc3d978fb9ac',
      name: 'How likely?',
      text: 'In a Net Promoter Score survey, customers rate how likely they are to recommend you on which scale?',
      answers: [
        { id: 'e257f48c-29ae-41d9-9e62-f838fa2523b5', value: '1 to 5', correct: false },
        { id: 'baf03e9b-97cb-4cfb-9651-3997c6681249', value: '1 to 10', correct: false },
        { id: 'a03671ed-a2c2-45c2-9040-b0911adf7f8a', value: '0 to 10', correct: true },
        { id: '9a2ad2fc-0fd8-4f95-9380-6e215554214e', value: '0 to 100', correct: false },
      ],
      points: 30,
    }),
    freeText({
      id: '0db11635-9282-464f-91a6-f93cdf4fd951',
      name: 'Nines and tens',
      text: 'In NPS, what are customers who answer 9 or 10 called? Answer with one word.',
      answer: { id: '9093195b-5ab5-4e1f-a098-f682869fab38', value: 'promoters' },
      points: 30,
    }),
    multipleChoice({
      id: '81a93b66-a130-4bdc-9cff-25582e591622',
      name: 'Detractors',
      text: "In NPS, which scores count as 'detractors'?",
      answers: [
        { id: 'd30e79ba-b352-4be0-8938-bc094d862e57', value: '0 to 6', correct: true },
        { id: '97e9321b-051f-486c-b3f1-3755d37e0cb3', value: '0 to 4', correct: false },
        { id: '5007152a-e8d1-4d13-bb5f-8143b0fae0dc', value: '0 to 5', correct: false },
        { id: 'cf7904b3-522f-4607-90ef-d5eed6dc9c66', value: '0 to 7', correct: false },
      ],
      points: 30,
    }),
    freeText({
      id: 'a36dd5d6-e595-4424-b090-a3fed40b7a3e',
      name: 'CSAT',
      text: "What does 'SAT' stand for in the customer metric CSAT? Answer with one word.",
      answer: { id: '98027812-b22a-4684-a6e9-f67d72392591', value: 'satisfaction' },
      points: 20,
    }),
    freeText({
      id: '7ac6ce95-0456-4b83-ba5d-bb5d6c3150c5',
      name: 'Fixed first time',
      text: "Solving a customer's problem in their first interaction is measured as first contact ___. Answer with one word.",
      answer: { id: '0bca3753-af77-4019-9031-9a6bba11ecf7', value: 'resolution' },
      points: 20,
    }),
    multipleChoice({
      id: 'b20631e9-cb77-459c-94fa-612a69d723bf',
      name: 'Service recovery',
      text: "What does the 'service recovery paradox' suggest?",
      answers: [
        {
          id: 'cc1cf917-45aa-4855-9b78-673230de1952',
          value: 'A customer whose problem is fixed well can become more loyal than before',
          correct: true,
        },
        {
          id: '37c8f79f-5d80-4d45-9eae-a36bb2426ad4',
          value: 'Customers never forgive a single mistake',
          correct: false,
        },
        {
          id: 'b4b8f962-294c-4928-b6ca-7171d88e7e78',
          value: 'Complaints always reduce future sales',
          correct: false,
        },
        {
          id: 'bec198b3-6f22-42fb-bf2f-5e3ada7d758d',
          value: 'It is cheaper to ignore small complaints',
          correct: false,
        },
      ],
      points: 30,
    }),
    photoChallenge({
      id: '2643b483-704e-4629-ae46-eec9b7d07f80',
      name: 'Warm welcome',
      text: 'Take a team photo recreating the perfect welcome at a reception desk or shop counter.',
      points: 80,
    }),
    videoChallenge({
      id: '3a03bc0d-727c-4016-9e32-fc8cb0e03b2e',
      name: 'Turn it around',
      text: 'Role-play a tricky call: one team member plays a customer whose delivery is late, another turns the conversation around. Record it in under a minute.',
      points: 150,
    }),
    standardChallenge({
      id: '87c8c86d-b1ff-4fb7-abbe-5c3f5d8f5d19',
      name: 'Thank-you relay',
      text: 'Each team member sends a genuine thank-you message to a colleague who has helped a customer recently. Tap Continue when everyone has sent one.',
      points: 100,
    }),
  ],
};
