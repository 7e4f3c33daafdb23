import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import {
  freeText,
  multipleChoice,
  photoChallenge,
  standardChallenge,
  videoChallenge,
} from '../steps';

export const teamBuildingIcebreakers: LibrarySeed = {
  id: '667ea7ba-9c4c-4a83-849f-1e72b9b184b9',
  name: 'Team Building Icebreakers',
  shortDescription: 'Quick-fire fun facts and silly challenges to break the ice in minutes.',
  description:
    'A light-hearted half hour to kick off a meeting, workshop or away day. Teams answer surprising fun-fact questions and take on quick challenges that get everyone laughing, moving and talking. No preparation or prior knowledge needed.',
  gameType: 'quiz',
  deliveryType: 'inPerson',
  duration: 30,
  comingSoon: false,
  thumbnail: '/thumbnails/team-building-icebreakers.svg',
  selectedThemeId: THEME_IDS.confetti,
  branding: {
    headerColour: '#EF0073',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#FCB900',
  },
  steps: [
    photoChallenge({
      id: '8eee9293-1d1b-4698-9ac4-4d6df75a3822',
      name: 'Letter shapes',
      text: 'Use your bodies to form the first letter of your team name and take a photo of it (safely, no climbing!).',
      points: 100,
    }),
    multipleChoice({
      id: '0267008b-ca77-4a1a-bd1c-e7f36268bdf3',
      name: 'Big-hearted',
      text: 'How many hearts does an octopus have?',
      answers: [
        { id: '0370a1b2-ce8d-4d55-8d37-8de2775c77eb', value: '1', correct: false },
        { id: '57a7d648-4aab-498c-9736-3c803f48b1d5', value: '2', correct: false },
        { id: 'c207dfce-43f7-4d47-a0b8-5ec594f716c7', value: '3', correct: true },
        { id: '6e6459fc-6be4-4b5e-b9bf-7730f93cfdb3', value: '8', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: '1ff2b137-431c-4526-919d-0133768a874c',
      name: 'Berry surprising',
      text: 'Botanically speaking, a banana is which type of fruit? Answer with one word.',
      answer: { id: '7c272575-48b6-4f23-992f-4da02cfca597', value: 'berry' },
      points: 20,
    }),
    multipleChoice({
      id: 'a6ec2124-91fa-4637-866a-8ef0e186639a',
      name: 'Pink party',
      text: 'What is a group of flamingos called?',
      answers: [
        { id: '51eb0975-5109-41fb-995b-b565837e79c7', value: 'A flamboyance', correct: true },
        { id: '6945664c-1170-4016-9e04-5139a2bbc41c', value: 'A parliament', correct: false },
        { id: 'cc4eb2d1-111f-423e-a40c-9be3eb9f14c6', value: 'A murder', correct: false },
        { id: '262cd0d6-56db-4913-aa16-00d7a0e887f8', value: 'A pride', correct: false },
      ],
      points: 20,
    }),
    standardChallenge({
      id: '12cdc146-a77d-40c7-998b-41cd80f1c824',
      name: 'Birthday line-up',
      text: 'Without speaking, line up in order of birthday (1 January to 31 December) using only gestures. Tap Continue when you think you have got it right.',
      points: 80,
    }),
    freeText({
      id: 'a2946806-cf6c-47f4-a32f-f831c54bd586',
      name: 'Sweet forever',
      text: 'Which sweet food, made by bees, can keep almost indefinitely if it is sealed? Answer with one word.',
      answer: { id: '791e9cb8-5f58-432d-a1fe-691e7b55f781', value: 'honey' },
      points: 20,
    }),
    multipleChoice({
      id: '6d8b99b2-0898-4cdb-8d08-300da9920032',
      name: 'Top speed',
      text: 'What is the fastest land animal?',
      answers: [
        { id: 'fe2d956d-88ea-4537-944c-6bc9c1024a4d', value: 'Lion', correct: false },
        { id: '808492fc-7ca6-4712-8a68-0cee4b18d510', value: 'Cheetah', correct: true },
        { id: '9dac0352-5633-4a9f-8c3a-9ab06dfa8704', value: 'Pronghorn', correct: false },
        { id: '82485fe8-6181-4f9a-b653-681b083853e1', value: 'Greyhound', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: '7cbc9016-8cc4-4d00-bdb0-26154accd4a5',
      name: 'Eight of them',
      text: 'How many legs does a spider have? Answer with a number.',
      answer: { id: '4bd7809c-c8bd-4184-a2b7-f8d7096531b4', value: '8' },
      points: 10,
    }),
    videoChallenge({
      id: 'fa3d569f-6897-4033-bf7e-8443f6a8cf67',
      name: 'Team chant',
      text: 'Invent a 10-second team chant or cheer and record your whole team performing it.',
      points: 120,
    }),
    multipleChoice({
      id: 'f983188a-68b3-4dcd-91bf-84dd1f2a3c90',
      name: 'Olympic rings',
      text: 'How many rings are there on the Olympic flag?',
      answers: [
        { id: '640adcc6-4309-4b2b-b9b2-9326e637db53', value: '4', correct: false },
        { id: '91ee776b-8726-4ccd-88a9-9cbb3d29b7f8', value: '6', correct: false },
        { id: 'c6908347-10ca-4670-96ad-a43280946de9', value: '7', correct: false },
        { id: '2650b5b5-da3e-4dfe-ba99-5b78f2c2208f', value: '5', correct: true },
      ],
      points: 10,
    }),
    freeText({
      id: '48465b0e-23c8-4ee5-8002-6b8e9923dec7',
      name: 'Over the rainbow',
      text: 'How many colours are traditionally named in a rainbow? Answer with a number.',
      answer: { id: '5c5c61b1-da85-436f-b52c-4a08500ab156', value: '7' },
      points: 10,
    }),
    multipleChoice({
      id: '92718599-75bd-4d4f-a7d7-f182c0b862c2',
      name: 'Red planet',
      text: 'Which planet is known as the Red Planet?',
      answers: [
        { id: 'a1501870-a4d1-4f64-9970-8c12cb7be0b8', value: 'Venus', correct: false },
        { id: '8598fef0-fad3-47d9-a53b-6d1c81063a5b', value: 'Jupiter', correct: false },
        { id: '9fa52d57-d23f-4d3f-a066-08de48a1bf30', value: 'Mars', correct: true },
        { id: '2919534c-e125-457b-a975-7a6ab1ccbf7a', value: 'Saturn', correct: false },
      ],
      points: 10,
    }),
    photoChallenge({
      id: '749d2cab-2222-47b5-8dc8-ff54d6ccbdf8',
      name: 'Cover story',
      text: 'Recreate a famous album cover or film poster with your team and take a photo of it.',
      points: 100,
    }),
  ],
};
