import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import {
  freeText,
  multipleChoice,
  photoChallenge,
  standardChallenge,
  videoChallenge,
} from '../steps';

export const christmasPartyQuiz: LibrarySeed = {
  id: '6685e162-4c0c-486a-aee8-bb91c9f4e66b',
  name: 'Christmas Party Quiz',
  shortDescription: 'Festive trivia, carols and jumper line-ups for the office Christmas party.',
  description:
    'Get the party started with a festive quiz covering carols, classic stories, films and traditions. Teams race to answer while taking on jolly photo and video challenges, from Christmas jumper line-ups to carol singing. Guaranteed to get the whole room joining in.',
  gameType: 'quiz',
  deliveryType: 'inPerson',
  duration: 60,
  comingSoon: false,
  thumbnail: '/thumbnails/christmas-party-quiz.svg',
  selectedThemeId: THEME_IDS.festive,
  branding: {
    headerColour: '#B3122E',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#0B6623',
  },
  steps: [
    freeText({
      id: 'b1e82dc2-42e2-496f-b9e5-319a1d28ec3a',
      name: "Santa's team",
      text: "In the poem 'A Visit from St. Nicholas' ('Twas the Night Before Christmas'), how many reindeer are named? Answer with a number.",
      answer: { id: '7fe3aff8-f684-4cbf-a644-fd7d54f2e617', value: '8' },
      points: 20,
    }),
    multipleChoice({
      id: '57c6a3ae-41e4-4234-a1b1-e6cea56ab61f',
      name: 'Fifth day',
      text: "In 'The Twelve Days of Christmas', what does my true love give to me on the fifth day?",
      answers: [
        { id: 'f9459d4f-2c18-4950-8da2-afc0f93efc95', value: 'Five gold rings', correct: true },
        { id: '7dbf4f41-3931-4548-a47a-f558d8804fe4', value: 'Five French hens', correct: false },
        { id: 'efdd13f1-0263-4fc6-85a9-2509e3eadd00', value: 'Five calling birds', correct: false },
        {
          id: 'd0acc550-f1cc-4c95-baf0-fa69a6f485d4',
          value: 'Five swans a-swimming',
          correct: false,
        },
      ],
      points: 10,
    }),
    freeText({
      id: '84961904-8847-47ee-9f70-007052ea4217',
      name: 'Gift count',
      text: "Counting every repeat, how many gifts are given in total over all twelve days of 'The Twelve Days of Christmas'? Answer with a number.",
      answer: { id: 'de260033-bef2-4fdb-90d7-b336cce90d37', value: '364' },
      points: 50,
    }),
    multipleChoice({
      id: '53e680f8-c9df-4abe-9823-8c780cad7611',
      name: 'Oh Christmas tree',
      text: 'The decorated Christmas tree was popularised in Britain by Prince Albert. From which country did the tradition come?',
      answers: [
        { id: '3433de26-c806-4474-b5a3-34778cf9ef1c', value: 'France', correct: false },
        { id: 'b3f94ea2-bcff-496a-ab24-5d153bf992a2', value: 'Sweden', correct: false },
        { id: '929d7506-4b29-40e3-abd9-ba58eeffac81', value: 'Germany', correct: true },
        { id: '8311b3f4-2a8c-4644-a9e5-2943825237a8', value: 'Italy', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: 'b298b2d9-caeb-4de8-a106-8591c12ebb7d',
      name: 'Bah, humbug',
      text: "What is Scrooge's first name in Charles Dickens' 'A Christmas Carol'? Answer with one word.",
      answer: { id: '4277f8d1-730e-4d7a-9056-8007bc1ff8b0', value: 'Ebenezer' },
      points: 20,
    }),
    multipleChoice({
      id: '13f225c9-006a-4faf-92d2-6baf0fa04563',
      name: 'Ghostly visitors',
      text: "Including Jacob Marley, how many ghosts visit Scrooge in 'A Christmas Carol'?",
      answers: [
        { id: 'd0e6e47f-240c-4d2c-8395-b3634fd415fc', value: '3', correct: false },
        { id: 'f6c2ef36-1712-4264-a08f-1a7557f0a7ac', value: '4', correct: true },
        { id: '7cf3c4ad-f542-4ee9-8291-8efed572a87b', value: '5', correct: false },
        { id: '67428fd6-2117-4710-abec-8bef892a3f16', value: '2', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: 'bd7a3669-203f-4d40-8d6b-f6a713bd22e5',
      name: 'Home alone',
      text: "What is the first name of the boy accidentally left behind in the film 'Home Alone'? Answer with one word.",
      answer: { id: 'e279b133-c88e-41d7-b5b2-1260fe53d7f1', value: 'Kevin' },
      points: 10,
    }),
    multipleChoice({
      id: '760e44d3-6844-4c63-aec8-12b3d22625ef',
      name: 'Flaming pudding',
      text: 'Which drink is traditionally warmed and used to set a Christmas pudding alight?',
      answers: [
        { id: '300af333-57ca-4fb2-9bb8-d980c0d09e50', value: 'Gin', correct: false },
        { id: 'df7dadf9-a325-42e6-8dfb-9cd8de384d76', value: 'White wine', correct: false },
        { id: 'a6f33083-3b3c-432e-a924-6e326c9d3ae0', value: 'Cider', correct: false },
        { id: '2ab7d2b5-5eef-49b6-8f2f-ce1ba51e5e96', value: 'Brandy', correct: true },
      ],
      points: 10,
    }),
    multipleChoice({
      id: '84f2b6c0-aad3-4517-8181-030902a24ce3',
      name: 'Boxing Day',
      text: 'On which date is Boxing Day?',
      answers: [
        { id: '78b193c5-fdbc-4603-bb5b-79b3f9615259', value: '24 December', correct: false },
        { id: '69787364-150e-4ea1-9a4c-44a496d5e39b', value: '25 December', correct: false },
        { id: 'e0738144-a8b7-4ccb-abf3-09998897be6d', value: '26 December', correct: true },
        { id: '76d03b8d-f62c-4717-8fa5-c5b7b7c02b02', value: '1 January', correct: false },
      ],
      points: 10,
    }),
    freeText({
      id: 'a430222c-a1f5-4141-97a9-f8ebd59692b9',
      name: 'Meet me under…',
      text: 'Which plant, traditionally hung at Christmas, are people meant to kiss beneath? Answer with one word.',
      answer: { id: 'f4f52af5-1db6-481f-b2aa-128bae5ee028', value: 'mistletoe' },
      points: 10,
    }),
    multipleChoice({
      id: '378e6249-3040-42b0-9221-a0ed75030def',
      name: 'Sugar Plum Fairy',
      text: "Who composed the music for the ballet 'The Nutcracker'?",
      answers: [
        {
          id: '994cba4c-068f-4209-8f5a-742b2ada4e3a',
          value: 'Wolfgang Amadeus Mozart',
          correct: false,
        },
        {
          id: 'ce6ce746-1f89-4485-b3eb-0c7c958aceaa',
          value: 'Pyotr Ilyich Tchaikovsky',
          correct: true,
        },
        {
          id: 'b002ea43-a6f4-4f80-a4f4-81fd0af57dea',
          value: 'Ludwig van Beethoven',
          correct: false,
        },
        { id: 'a14aebdf-8590-478d-8eab-dbb5d792b630', value: 'Antonio Vivaldi', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: 'fd15bb01-7627-443b-ba6a-f2d6aef3f595',
      name: 'Sprout origins',
      text: 'Brussels sprouts are named after the capital city of which country? Answer with the name of the country.',
      answer: { id: '6b9db897-fa62-48e0-9eda-1d312f01fab9', value: 'Belgium' },
      points: 10,
    }),
    photoChallenge({
      id: '29148c06-4610-41a3-8ad5-fcf0e4b79597',
      name: 'Jumper line-up',
      text: 'Take a team photo of your most festive Christmas jumper line-up, or the best improvised one!',
      points: 100,
    }),
    videoChallenge({
      id: '6caee72f-d2d2-4d07-941b-bb897a5e54d9',
      name: 'Carol time',
      text: 'Record your team singing the first verse of a Christmas carol, with actions!',
      points: 150,
    }),
    standardChallenge({
      id: 'c3897a18-5760-4e21-827a-9619d11fbaa3',
      name: 'Cracker jokes',
      text: 'Each team member tells their best (or worst) Christmas cracker joke to another team. Tap Continue when you have made them groan.',
      points: 80,
    }),
  ],
};
