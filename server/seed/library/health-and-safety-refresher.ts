import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import { freeText, multipleChoice, photoChallenge, videoChallenge } from '../steps';

export const healthAndSafetyRefresher: LibrarySeed = {
  id: '6c876026-31f6-461a-9895-684926274268',
  name: 'Health & Safety Refresher',
  shortDescription: 'A quick team-based refresher on everyday workplace health and safety.',
  description:
    'A short refresher that turns the essentials of workplace health and safety into a friendly team quiz. It covers fire safety, safety signs, manual handling, first aid and hygiene, with practical challenges to spot hazards and learn the fire exit route. Two key compliance questions are locked, so they stay in every copy of the activity.',
  gameType: 'quiz',
  deliveryType: 'inPerson',
  duration: 30,
  comingSoon: false,
  thumbnail: '/thumbnails/health-and-safety-refresher.svg',
  selectedThemeId: THEME_IDS.corporate,
  branding: {
    headerColour: '#00A651',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#FCB900',
  },
  steps: [
    multipleChoice({
      id: 'fe9bc7c0-bc61-40e6-a4fa-074cfecfba4d',
      name: 'Fire triangle',
      text: 'The fire triangle shows the three things a fire needs. Which set is correct?',
      answers: [
        {
          id: '5260f098-a08b-402a-b4a8-1769d5222fda',
          value: 'Heat, smoke and wood',
          correct: false,
        },
        {
          id: 'd4d89c4e-4999-4059-b5a1-dcb2dd220a12',
          value: 'Heat, fuel and oxygen',
          correct: true,
        },
        {
          id: 'd31b226c-d431-4423-99b2-60a93b47809f',
          value: 'Fuel, water and air',
          correct: false,
        },
        {
          id: '0136af28-5db6-457c-ae19-71e66cbcdf93',
          value: 'Sparks, paper and wind',
          correct: false,
        },
      ],
      points: 50,
      locked: true,
    }),
    freeText({
      id: 'e35f9dfe-6d82-47d8-816e-f20ba42ade7b',
      name: 'Emergency call',
      text: "What is the UK's main emergency telephone number for fire, police and ambulance? Answer with the number.",
      answer: { id: 'acddd61e-bf65-423e-a652-9e1a254180b2', value: '999' },
      points: 50,
      locked: true,
    }),
    multipleChoice({
      id: 'de241991-784a-47f9-a2c0-f5fd995e9fc5',
      name: 'Not with water',
      text: 'Which of these fires should you never tackle with a water extinguisher?',
      answers: [
        {
          id: '8d2919ca-2dad-452c-abfd-3039baef8b62',
          value: 'Burning wood and paper',
          correct: false,
        },
        {
          id: '5bf89447-caf2-4db3-bea0-9107970031b7',
          value: 'Burning cardboard boxes',
          correct: false,
        },
        {
          id: '8690bf3f-a75f-4040-b85f-945bda48a3cc',
          value: 'Burning fabric and textiles',
          correct: false,
        },
        {
          id: '36f01fe9-8126-4a73-861b-8eaf9408047a',
          value: 'Live electrical equipment',
          correct: true,
        },
      ],
      points: 30,
    }),
    freeText({
      id: '2a5263aa-7e3a-4a19-9a2f-71da11ab9ace',
      name: 'Extinguisher colours',
      text: 'In the UK, fire extinguishers are red with a coloured band or label showing their contents. What colour is the band on a CO2 extinguisher? Answer with one colour.',
      answer: { id: '69acf8ac-6010-4e86-85b9-391468503082', value: 'black' },
      points: 30,
    }),
    multipleChoice({
      id: 'ef1fe1ee-d781-4210-9be7-22ffede96fd6',
      name: 'Green signs',
      text: 'What does a green safety sign with a white symbol tell you?',
      answers: [
        {
          id: 'a8e88199-f99a-4175-8e82-c3cc48f5e7e8',
          value: 'An action that is prohibited',
          correct: false,
        },
        {
          id: '12cc48da-d170-494b-b697-159d8eaeeecd',
          value: 'A hazard to watch out for',
          correct: false,
        },
        {
          id: '88d0e5bb-485b-4ca1-99dd-4bdae6e78e4f',
          value: 'An action you must take',
          correct: false,
        },
        {
          id: '93dda8ee-aea1-4acb-9ea9-1c3d1edcaab5',
          value: 'A safe condition, such as an escape route or first aid',
          correct: true,
        },
      ],
      points: 20,
    }),
    freeText({
      id: '1807956f-c1f4-4f4e-9847-48f0fc8598db',
      name: 'Must-do signs',
      text: "Safety signs that tell you what you must do, such as 'wear eye protection', are which colour? Answer with one colour.",
      answer: { id: '1e16429d-dcbc-4c87-9059-57288ae7a60c', value: 'blue' },
      points: 20,
    }),
    multipleChoice({
      id: '107caf8a-2791-443f-aa38-8528f08c7a12',
      name: 'Lift safely',
      text: 'What is the recommended way to lift a load from the floor?',
      answers: [
        {
          id: '0bce75e7-93d6-4820-acb5-2cf4ef96a096',
          value: 'Keep your legs straight and bend your back',
          correct: false,
        },
        {
          id: '552b1db6-d512-4081-990e-19a917ed7868',
          value: 'Bend your knees, keep the load close and avoid twisting',
          correct: true,
        },
        {
          id: 'b466ce56-c256-4789-91b8-84f0d3735a78',
          value: 'Lift as fast as possible to reduce strain',
          correct: false,
        },
        {
          id: '3544d1aa-f5ac-4f74-8115-1f4fce20af29',
          value: "Hold the load at arm's length",
          correct: false,
        },
      ],
      points: 20,
    }),
    multipleChoice({
      id: '36cd134c-03f7-4bd5-b0c9-49174abaa6fc',
      name: 'Hand washing time',
      text: 'How long does NHS guidance say you should spend washing your hands with soap and water?',
      answers: [
        { id: 'b64887d9-b335-4aee-820d-7cb80804dca6', value: 'At least 20 seconds', correct: true },
        { id: '4bfd3c89-8970-474c-af6f-2b0c899b8063', value: 'About 5 seconds', correct: false },
        { id: 'c5f4bbe4-f426-4ed9-ab34-1da3ccb81a72', value: 'About 10 seconds', correct: false },
        { id: '4b2a3584-495b-451a-900a-0d05210023d8', value: 'At least 2 minutes', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: '18a2e7f7-4d4c-4797-a0ac-cb7ce02483c8',
      name: 'CPR rhythm',
      text: 'When giving CPR to an adult with rescue breaths, how many chest compressions do you give before each two rescue breaths? Answer with a number.',
      answer: { id: '04def283-3bdd-441f-97d6-90b598cc33d2', value: '30' },
      points: 30,
    }),
    multipleChoice({
      id: 'aaf4fc8f-1200-4b30-a924-3420a8594796',
      name: 'DSE',
      text: 'In workplace health and safety, what does DSE stand for?',
      answers: [
        {
          id: 'e8bce518-700e-4c91-9cb5-4cbaaa7edd38',
          value: 'Daily Safety Evaluation',
          correct: false,
        },
        {
          id: '106f91c1-0967-4ffc-b4a3-7619b6e0d128',
          value: 'Designated Safety Employee',
          correct: false,
        },
        {
          id: 'a7072761-cc98-4e11-8748-d6df08ee909c',
          value: 'Display Screen Equipment',
          correct: true,
        },
        {
          id: 'f2fe5147-ce63-4ad0-aa6f-e132af1e1b32',
          value: 'Desk Seating Ergonomics',
          correct: false,
        },
      ],
      points: 20,
    }),
    freeText({
      id: '5cffc18b-a3c0-454f-8c3b-33e6231a5285',
      name: 'RIDDOR',
      text: 'RIDDOR covers reporting certain workplace accidents and incidents. What does its first R stand for? Answer with one word.',
      answer: { id: 'b99ec888-f848-4f5f-93aa-cfde776e66c2', value: 'Reporting' },
      points: 30,
    }),
    photoChallenge({
      id: '25687bc2-bd34-4ffa-a2b3-3beda3009ee9',
      name: 'Spot the hazard',
      text: 'Find an everyday hazard near you, such as a trailing cable or a bag left in a walkway, and make it safe. Take a photo of your team giving a thumbs up to the safe result.',
      points: 100,
    }),
    videoChallenge({
      id: 'c35170b3-ea04-4ad4-bce0-905bf4bf554d',
      name: 'Way out',
      text: 'Record a 30-second video of your team explaining the route to your nearest fire exit and where your assembly point is.',
      points: 100,
    }),
  ],
};
