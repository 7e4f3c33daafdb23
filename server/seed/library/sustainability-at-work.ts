import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import {
  freeText,
  multipleChoice,
  photoChallenge,
  standardChallenge,
  videoChallenge,
} from '../steps';

export const sustainabilityAtWork: LibrarySeed = {
  id: 'c1c96cd2-fca6-4bd0-950f-c18e545600c4',
  name: 'Sustainability at Work',
  shortDescription: 'Learn the language of net zero and find practical ways to cut waste at work.',
  description:
    'Teams get to grips with climate basics, from the Paris Agreement and greenhouse gases to carbon-accounting scopes and the circular economy. Practical challenges turn learning into action, with switch-off sweeps, green commutes and idea pitches for cutting waste. Works for teams in the office and at home.',
  gameType: 'quiz',
  deliveryType: 'hybrid',
  duration: 90,
  comingSoon: false,
  thumbnail: '/thumbnails/sustainability-at-work.svg',
  selectedThemeId: THEME_IDS.forest,
  branding: {
    headerColour: '#1E6B3A',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#00D084',
  },
  steps: [
    freeText({
      id: '90f4327d-47cf-4a45-852e-72d3eb5fb166',
      name: 'Climate deal',
      text: 'In which city was the 2015 international climate agreement adopted? Answer with the name of the city.',
      answer: { id: '0e5a8a88-039e-46d2-96aa-b92df640f14e', value: 'Paris' },
      points: 20,
    }),
    multipleChoice({
      id: 'f28678ce-7215-4ed2-9196-fe3576ce5fa0',
      name: 'Degrees that matter',
      text: 'The Paris Agreement commits countries to pursue efforts to limit global warming to how much above pre-industrial levels?',
      answers: [
        { id: '2d9b2e50-9056-4645-8db9-5f8e9156d126', value: '1.5°C', correct: true },
        { id: '1cb22f2e-d143-4478-9b67-76c970272a11', value: '2.5°C', correct: false },
        { id: '7a04d541-0f51-43ee-a86a-48fac5065081', value: '3°C', correct: false },
        { id: 'c7085adc-61b2-40fc-89ea-7e52c8336890', value: '4°C', correct: false },
      ],
      points: 30,
    }),
    freeText({
      id: '8c2794d8-95f2-40aa-a807-f4610f769a29',
      name: 'CH4',
      text: 'Which powerful greenhouse gas, with the chemical formula CH4, is released from landfill sites and livestock? Answer with one word.',
      answer: { id: '21a47bbd-868e-49ad-b878-e855e14fa86c', value: 'methane' },
      points: 20,
    }),
    freeText({
      id: '96df2903-6149-4aab-b28e-673fc0c3b892',
      name: 'Balance it out',
      text: 'Balancing the greenhouse gases we put into the atmosphere with those taken out is called net ___. Answer with one word.',
      answer: { id: '19637f04-4063-4256-8076-992746be36ad', value: 'zero' },
      points: 10,
    }),
    multipleChoice({
      id: 'abd4b28d-3893-4ff9-96fb-2f4ca0c3b18f',
      name: 'Scope 2',
      text: 'In carbon accounting, Scope 2 emissions come from what?',
      answers: [
        {
          id: '93324085-0003-4b82-8d2b-c30750d56519',
          value: 'Fuel burned in company-owned vehicles',
          correct: false,
        },
        {
          id: '6c2a070f-608c-4b59-9938-d399a343fab2',
          value: 'Purchased electricity, heat, steam and cooling',
          correct: true,
        },
        {
          id: '3759793d-2a1a-4611-a80b-c30458190b9b',
          value: 'Employees commuting to work',
          correct: false,
        },
        {
          id: '0cee9dd9-07cd-40ae-a0d6-7786cbc30465',
          value: 'Waste sent to landfill',
          correct: false,
        },
      ],
      points: 30,
    }),
    multipleChoice({
      id: '20985227-9fab-4df6-8c77-2caa51d4a0d2',
      name: 'Scope 3',
      text: "Which scope covers the indirect emissions in an organisation's value chain, such as business travel and purchased goods?",
      answers: [
        { id: 'fee41e17-50af-4eaf-a0de-047f470fc435', value: 'Scope 1', correct: false },
        { id: '731323f9-8c30-4cb4-90e6-5c0dd68c13af', value: 'Scope 2', correct: false },
        { id: 'cac0822d-9d3c-4a62-acf4-cbc236370b0c', value: 'Scope 3', correct: true },
        { id: 'cc708b72-cd0f-4e74-841e-a3e4c9f97936', value: 'Scope 4', correct: false },
      ],
      points: 30,
    }),
    multipleChoice({
      id: 'cf06eeb6-0559-4427-a47c-88a8cd43334f',
      name: 'Keep it going round',
      text: 'Which idea describes keeping products and materials in use for as long as possible through reuse, repair and recycling?',
      answers: [
        { id: '94829671-703e-4c33-8edd-5b8e56ff5b1a', value: 'The linear economy', correct: false },
        { id: '332e9a1e-fc1b-4757-a4c9-410abb8cefcd', value: 'The gig economy', correct: false },
        { id: '24e9d123-6c3b-43d4-b55e-0498e65fbecc', value: 'Carbon offsetting', correct: false },
        {
          id: 'c77960b9-b531-4921-8966-4457257f65e7',
          value: 'The circular economy',
          correct: true,
        },
      ],
      points: 20,
    }),
    freeText({
      id: '1b427f9b-eba8-4619-ae55-f8a20f94c543',
      name: 'Garden gold',
      text: 'Food and garden waste broken down by microbes into a soil improver is called what? Answer with one word.',
      answer: { id: 'd2fc33c5-a334-40e1-9972-d7bbf76f28f9', value: 'compost' },
      points: 10,
    }),
    multipleChoice({
      id: '8d192635-8ef3-4f76-9ea3-48a9df10d469',
      name: 'Travel footprint',
      text: 'Per passenger, which of these usually produces the most carbon emissions for the same journey within the UK?',
      answers: [
        { id: '047b865d-d62c-4935-8934-8b9c32ffd0d4', value: 'Train', correct: false },
        { id: '5d5b15da-34ed-4ed8-a12e-22322f32499c', value: 'Coach', correct: false },
        { id: '915b2354-53ab-4942-ade9-e7fc5071e254', value: 'Domestic flight', correct: true },
        { id: 'cbb0e46c-a1ff-4f50-8a2a-e2a287e16ce1', value: 'Bicycle', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: '8c196a9f-1ae5-4b38-b359-a42361d14182',
      name: 'Sun power',
      text: 'Photovoltaic panels turn which renewable energy source into electricity? Answer with one word.',
      answer: { id: 'cd32b227-b34c-4987-b0e5-94dd63e5c5b8', value: 'solar' },
      points: 10,
    }),
    multipleChoice({
      id: 'b3ca1e64-6d65-45b8-9391-20b585bd5809',
      name: 'Overnight savings',
      text: 'Which is the best way to stop office equipment using energy overnight?',
      answers: [
        {
          id: 'ef07ee54-d794-4a32-b54d-90cbf03eab6c',
          value: 'Leave it on standby',
          correct: false,
        },
        {
          id: '750c46d9-220a-49f9-9f88-d5b2de553db6',
          value: 'Switch it off at the wall',
          correct: true,
        },
        {
          id: '521b280e-9965-4569-99d6-7f0c84ab66ec',
          value: 'Turn the screen brightness down',
          correct: false,
        },
        {
          id: '3c6689e3-e7e4-442a-bb80-b95ad04004e0',
          value: 'Close the laptop lid',
          correct: false,
        },
      ],
      points: 20,
    }),
    multipleChoice({
      id: '58618a51-64ff-4f9a-94a8-69a6f1022368',
      name: 'Cuppa tip',
      text: 'What is the most energy-efficient way to make a single cup of tea?',
      answers: [
        {
          id: 'cbb07418-0beb-4a53-a248-dae26f736b06',
          value: 'Fill the kettle to the top',
          correct: false,
        },
        {
          id: '296b6869-238e-429a-a05e-0a312af1f3c4',
          value: 'Boil the water twice',
          correct: false,
        },
        {
          id: '35ab913c-da12-4fbb-af0a-37d47693229a',
          value: 'Boil only the water you need',
          correct: true,
        },
        {
          id: 'fbf78a2d-3970-4567-b9a3-f8eaa477c3a5',
          value: 'Use the keep-warm setting',
          correct: false,
        },
      ],
      points: 10,
    }),
    standardChallenge({
      id: 'ad06f21e-7ea3-4846-a08a-ecce551a1fc7',
      name: 'Switch-off sweep',
      text: 'Do a switch-off sweep of your area: turn off unused lights, screens and chargers. Tap Continue when you are done.',
      points: 80,
    }),
    photoChallenge({
      id: '527acb18-572b-4a81-8508-5068a7d31dbf',
      name: 'Green commute',
      text: 'Take a team photo showing how you got to work, or to your home desk, today. Bonus points for bikes, walking shoes and public transport!',
      points: 100,
    }),
    videoChallenge({
      id: '1abf5ef4-4111-41c1-88ad-b026a82a12ea',
      name: 'Pitch a change',
      text: 'Record a 45-second pitch for one practical change your team could make to reduce waste at work.',
      points: 150,
    }),
  ],
};
