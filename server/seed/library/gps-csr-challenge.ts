import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import {
  freeText,
  multipleChoice,
  photoChallenge,
  standardChallenge,
  videoChallenge,
} from '../steps';

export const gpsCsrChallenge: LibrarySeed = {
  id: '882c2544-6377-4e90-87bf-db78826f1f0c',
  name: 'GPS CSR Challenge',
  shortDescription: 'Explore your local area and do good together, one GPS checkpoint at a time.',
  description:
    'An outdoor GPS trail that takes teams around the neighbourhood to complete corporate social responsibility tasks at each checkpoint. Teams pick up litter, support local independent businesses, learn about sustainability and capture their good deeds on camera. A feel-good half day that leaves the local area a little better than you found it.',
  gameType: 'location',
  deliveryType: 'inPerson',
  duration: 720,
  comingSoon: true,
  thumbnail: '/thumbnails/gps-csr-challenge.svg',
  selectedThemeId: THEME_IDS.forest,
  branding: {
    headerColour: '#1E6B3A',
    questionBackgroundColour: '#F1FAF4',
    selfieBackgroundColour: '#7BDCB4',
  },
  steps: [
    freeText({
      id: '28614a38-ee4f-4a1b-88b9-cb487d0ec37c',
      name: 'What is CSR?',
      text: 'CSR stands for corporate social ___. Fill in the missing word.',
      answer: { id: 'cfc6e7f1-2364-41ae-8e5b-a03aeff3ebc1', value: 'responsibility' },
      points: 20,
    }),
    photoChallenge({
      id: 'e26d7e74-edd8-4139-a34e-bade3ccd1b76',
      name: 'Litter pick',
      text: 'At this checkpoint, put on gloves and spend ten minutes litter picking as a team. Take a photo of your team with everything you collected.',
      points: 150,
    }),
    multipleChoice({
      id: 'ea70c512-f3db-4df9-aa43-4df3b0463734',
      name: 'Chasing arrows',
      text: 'What does the Mobius loop (three chasing arrows forming a triangle) on packaging mean?',
      answers: [
        {
          id: 'd0d5c8de-4838-4718-a87c-2e0f475229d5',
          value: 'The item is compostable',
          correct: false,
        },
        {
          id: '5e04ba88-e8b6-4bc4-93f8-9e525ea21c6d',
          value: 'The item is capable of being recycled',
          correct: true,
        },
        {
          id: '071862e2-4dfe-4f29-8c4e-488cd082b113',
          value: 'The item is made entirely from recycled material',
          correct: false,
        },
        {
          id: '04bd5047-f8e0-4e19-9436-4a8e8b3d269c',
          value: 'The item was made locally',
          correct: false,
        },
      ],
      points: 30,
    }),
    freeText({
      id: '76ddaef5-1a1f-4f0d-a2e2-8c54878aae69',
      name: 'Waste hierarchy',
      text: 'Complete the waste slogan: Reduce, Reuse, ___. Answer with one word.',
      answer: { id: '2dca0c84-6307-4591-b67a-5183f55fa35c', value: 'Recycle' },
      points: 20,
    }),
    photoChallenge({
      id: 'a7cc8b8d-df08-411d-8e9c-f4143ddc382a',
      name: 'Shop local',
      text: 'Find an independent business near this checkpoint and buy something small to support it. Take a team photo outside the shop.',
      points: 120,
    }),
    multipleChoice({
      id: 'c43d50b6-c5da-4bd1-b69b-14f2fd7db82d',
      name: 'Global goals',
      text: 'How many Sustainable Development Goals did the United Nations adopt in 2015?',
      answers: [
        { id: '290996b0-ec2f-4250-988a-747d86f42273', value: '8', correct: false },
        { id: '26c4606f-301b-44c8-a80d-9ac6fc419b4f', value: '12', correct: false },
        { id: 'e165207d-295d-4dd9-a8a9-df609f48fe93', value: '21', correct: false },
        { id: 'ca90b673-af91-4896-bf10-c19d941a5f2d', value: '17', correct: true },
      ],
      points: 30,
    }),
    freeText({
      id: '65538568-d44c-4266-80ae-35a776446394',
      name: 'What trees breathe in',
      text: 'Trees absorb which gas from the air during photosynthesis? Answer with its chemical formula.',
      answer: { id: '7e77dee1-d924-42ef-89fb-24e4c4ef31f0', value: 'CO2' },
      points: 20,
    }),
    videoChallenge({
      id: '7768989e-73b5-4b0d-bcf3-3327c4d75146',
      name: 'Community shout-out',
      text: 'Record a 30-second video telling us about a local charity or community group your team would like to support, and why.',
      points: 150,
    }),
    multipleChoice({
      id: 'e96fb376-66c9-40a1-9ce0-df8ff953d006',
      name: 'Fair deal',
      text: 'What does the FAIRTRADE Mark on a product mainly tell you?',
      answers: [
        {
          id: '21c03d93-f98f-4dc8-a595-47bb3320d586',
          value: 'Its producers got fairer terms of trade, including a minimum price',
          correct: true,
        },
        {
          id: 'f7494062-2b2e-4b47-8aa9-4bfe917740c5',
          value: 'It is certified organic',
          correct: false,
        },
        {
          id: 'd17bb959-8b47-40d6-9a8c-28dc28c75014',
          value: 'It was made in the UK',
          correct: false,
        },
        {
          id: 'b5f02726-aa66-4bfe-9dfb-489b0aae7f1a',
          value: 'Its packaging is plastic-free',
          correct: false,
        },
      ],
      points: 30,
    }),
    standardChallenge({
      id: '96d97a32-2463-4846-a516-470fe4513e99',
      name: 'Kindness relay',
      text: 'On the way to the next checkpoint, do three small acts of kindness: hold a door, thank someone who works locally, return a stray trolley. Tap Continue when all three are done.',
      points: 100,
    }),
    multipleChoice({
      id: '68437156-49ce-4b98-9759-ff659a5c12c0',
      name: 'Blue planet',
      text: "Roughly what percentage of the Earth's surface is covered by water?",
      answers: [
        { id: '54ea8a73-c41a-4e1c-ada1-d86a36055f46', value: '51%', correct: false },
        { id: '3c87c092-e5e8-42cc-bac6-753706fccb88', value: '61%', correct: false },
        { id: '860091a8-7f94-49bf-8db1-aaf284f0a993', value: '71%', correct: true },
        { id: '62ea41bf-0509-465b-ac8d-935030481c14', value: '81%', correct: false },
      ],
      points: 30,
    }),
    photoChallenge({
      id: 'cb79132e-11ff-44f1-9875-801de9de128d',
      name: 'Green spot',
      text: 'Find the greenest spot near this checkpoint (a park, a tree or a community garden) and take a team photo there.',
      points: 100,
    }),
  ],
};
