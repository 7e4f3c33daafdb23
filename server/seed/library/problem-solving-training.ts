import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import {
  freeText,
  multipleChoice,
  photoChallenge,
  standardChallenge,
  videoChallenge,
} from '../steps';

export const problemSolvingTraining: LibrarySeed = {
  id: '7df57738-a08d-497f-802c-d2be55a38399',
  name: 'Problem Solving Training',
  shortDescription: "Sharpen your team's logic, lateral thinking and root-cause skills.",
  description:
    'A hands-on training session that mixes classic logic puzzles with the tools of structured problem solving: the 5 Whys, fishbone diagrams, the Pareto principle and the PDCA cycle. Teams reason together, talk their way to answers and take on practical challenges that reward collaboration over speed. Ideal for a workshop, a training day or a team away day.',
  gameType: 'quiz',
  deliveryType: 'inPerson',
  duration: 90,
  comingSoon: false,
  thumbnail: '/thumbnails/problem-solving-training.svg',
  selectedThemeId: THEME_IDS.corporate,
  branding: {
    headerColour: '#1F3A5F',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#AAB8C3',
  },
  steps: [
    multipleChoice({
      id: 'ecd14c2f-d375-4f67-ba87-b1216d97be1e',
      name: 'First things first',
      text: 'Which step should usually come first in structured problem solving?',
      answers: [
        {
          id: '4deb5854-4df8-40f0-9877-1f866f75f07d',
          value: 'Brainstorm possible solutions',
          correct: false,
        },
        {
          id: 'fd6f9470-9e33-4ff2-978e-ffa1531e7aff',
          value: 'Define the problem clearly',
          correct: true,
        },
        {
          id: '9a168d73-bb35-4303-8f57-0bf4a5b1eabf',
          value: 'Implement the quickest fix',
          correct: false,
        },
        {
          id: '1df225fa-380f-4d27-a502-ea17c92549fb',
          value: 'Evaluate the results',
          correct: false,
        },
      ],
      points: 20,
    }),
    freeText({
      id: '34560cc7-ffed-4046-b634-9057c229e81e',
      name: 'The 5 Whys',
      text: "The '5 Whys' technique keeps asking 'why?' until it reaches the ___ cause of a problem. Fill in the missing word.",
      answer: { id: '7ccf027d-89b7-4e80-9822-553b25e8b221', value: 'root' },
      points: 20,
    }),
    multipleChoice({
      id: '4b6eb8b5-20fc-4771-87c7-d1343541ff62',
      name: 'Fishbone diagram',
      text: 'The fishbone (cause-and-effect) diagram is also named after the quality expert who popularised it. Who was he?',
      answers: [
        { id: 'e396d9f5-919d-4972-9616-e7d64ea910ba', value: 'W. Edwards Deming', correct: false },
        { id: '30db1b3f-29c0-4fb9-83ee-990dbcbc40d4', value: 'Taiichi Ohno', correct: false },
        { id: '2c40a2d1-9ed5-4614-acd7-e4b126c2d03f', value: 'Kaoru Ishikawa', correct: true },
        { id: 'eb83b8ec-4cd3-4055-8ea6-041c906e2e3e', value: 'Walter Shewhart', correct: false },
      ],
      points: 30,
    }),
    multipleChoice({
      id: 'd9c487be-b881-4077-a5ab-3c260aa5df7c',
      name: 'Plan, Do, ?, Act',
      text: "In the PDCA improvement cycle, what does the 'C' stand for?",
      answers: [
        { id: 'eaaf0dfd-9f11-420f-8ef6-3d81d849855f', value: 'Change', correct: false },
        { id: '01ab3a85-c441-45d3-9aea-f4d923f41c92', value: 'Control', correct: false },
        { id: 'f8ced032-5113-463e-8321-e2307272b996', value: 'Communicate', correct: false },
        { id: 'b170c177-a944-4996-9ca0-d9c9df08149b', value: 'Check', correct: true },
      ],
      points: 20,
    }),
    multipleChoice({
      id: '7ca0b438-d9e9-4d43-8ebd-a135a9d120a8',
      name: 'The 80/20 rule',
      text: 'The Pareto principle suggests that roughly 80% of effects come from what share of the causes?',
      answers: [
        { id: 'b7182807-6f26-4a9c-8762-e659fd8779ee', value: '20%', correct: true },
        { id: '5cc09ba3-1b5d-4e6e-9db2-56b792039bda', value: '10%', correct: false },
        { id: '24fa2614-9ee0-4eda-808e-c9912a355cd2', value: '50%', correct: false },
        { id: '5fdd9a86-b49f-409b-ba3d-2b0d394b2708', value: '30%', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: '8a2c47df-1be1-4888-8d0c-27fe00765d89',
      name: 'Bat and ball',
      text: 'A bat and a ball cost £1.10 in total. The bat costs £1.00 more than the ball. How many pence does the ball cost? Answer with a number.',
      answer: { id: 'f3e99f19-37f8-4af9-bf1d-d371c28b026e', value: '5' },
      points: 40,
    }),
    freeText({
      id: '6c967f27-49ff-4de7-a68c-4b4051918b2c',
      name: 'Widget factory',
      text: 'If 5 machines take 5 minutes to make 5 widgets, how many minutes would it take 100 machines to make 100 widgets? Answer with a number.',
      answer: { id: '28e2bb59-cd6b-4327-af24-0a6422b727a0', value: '5' },
      points: 40,
    }),
    freeText({
      id: '9217ea7a-69ea-45e5-adcb-e732ea3b6fb4',
      name: 'Lily pads',
      text: 'A patch of lily pads doubles in size every day. It takes 48 days to cover the whole lake. On which day was the lake half covered? Answer with a number.',
      answer: { id: '4782e01c-f343-496e-8eb8-2ccc6de6ac85', value: '47' },
      points: 40,
    }),
    multipleChoice({
      id: '4d6c58bd-88b5-4d09-a9c3-fcbcac0b248d',
      name: 'River crossing',
      text: 'A farmer must row a wolf, a goat and a cabbage across a river, taking only one at a time. The wolf cannot be left alone with the goat, nor the goat with the cabbage. What must he take across first?',
      answers: [
        { id: 'f6cef64e-871b-4560-bfff-7f36e4eef514', value: 'The wolf', correct: false },
        { id: '613a22e1-a63d-45a8-9dd5-05c89836c71e', value: 'The goat', correct: true },
        { id: 'ab64f620-e358-40e6-842a-0e477a3712c7', value: 'The cabbage', correct: false },
        {
          id: '2d492499-c848-4156-b6b9-9362f608edb4',
          value: 'Nothing: he crosses alone first',
          correct: false,
        },
      ],
      points: 40,
    }),
    freeText({
      id: 'ef6e0210-0045-43ea-b4c8-2e358e967d0a',
      name: 'Spot the pattern',
      text: 'What number comes next in this sequence: 1, 1, 2, 3, 5, 8, 13, …? Answer with a number.',
      answer: { id: '8fb6c339-07b3-439f-a2a5-f43f028045c7', value: '21' },
      points: 20,
    }),
    freeText({
      id: '06176ced-014d-4b71-b0de-414a59e6ceaf',
      name: 'Handshakes',
      text: 'Six people meet and each shakes hands once with every other person. How many handshakes take place? Answer with a number.',
      answer: { id: 'bb4f90ec-887b-47b6-8cd3-582ae07ab795', value: '15' },
      points: 30,
    }),
    freeText({
      id: '162ba84c-9f32-4335-9b76-15813f322d94',
      name: 'Age puzzle',
      text: "Sam is twice as old as Alex. In 10 years' time, Sam will be one and a half times as old as Alex. How old is Alex now? Answer with a number.",
      answer: { id: 'f8e0b5c5-accf-4035-b404-9a32f64db6c9', value: '10' },
      points: 40,
    }),
    multipleChoice({
      id: '6d15225d-b075-4dd4-8256-f92f9bd0a041',
      name: 'Brainstorming rules',
      text: 'Which of these is a core rule of a classic brainstorming session?',
      answers: [
        {
          id: '8ef3f1d4-691e-48fc-ad69-5dc3eec407e3',
          value: 'Criticise weak ideas early',
          correct: false,
        },
        {
          id: '7cfa245c-b2d7-42dc-b1af-bf42e7554d30',
          value: 'Only the most senior person suggests ideas',
          correct: false,
        },
        {
          id: '0476ba55-3bea-4cf9-ae43-483afc4c770c',
          value: 'Defer judgement and aim for quantity',
          correct: true,
        },
        {
          id: '68843d53-dcb7-44c3-bf9b-3b312dca08d7',
          value: 'Stop at the first good idea',
          correct: false,
        },
      ],
      points: 20,
    }),
    standardChallenge({
      id: '413455a5-766f-4481-9262-558d62c3c36c',
      name: 'Human knot',
      text: "Stand in a circle, reach across and take hold of two different people's hands. Without letting go, untangle yourselves into a single circle. Tap Continue when you have done it.",
      points: 80,
    }),
    photoChallenge({
      id: '6b108f0c-a7b4-49b1-a8ce-1b7cfcca95f8',
      name: 'Tallest tower',
      text: 'Using only paper, sticky tape and anything else on your table, build the tallest free-standing tower you can in five minutes. Take a photo of your team standing next to it.',
      points: 100,
    }),
    videoChallenge({
      id: '5e3d0bf6-ab97-4419-9743-1cb9396a8381',
      name: 'Explain it simply',
      text: 'Pick a problem your team has solved at work. Record a 30-second video explaining the problem, its root cause and the fix, as if to a ten-year-old.',
      points: 100,
    }),
  ],
};
