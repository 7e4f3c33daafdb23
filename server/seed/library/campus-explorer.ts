import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import {
  freeText,
  multipleChoice,
  photoChallenge,
  standardChallenge,
  videoChallenge,
} from '../steps';

export const campusExplorer: LibrarySeed = {
  id: 'ba3172f0-6d15-417b-a0cc-e659cfcb56c2',
  name: 'Campus Explorer',
  shortDescription: 'A GPS trail that helps new students and staff find their way around campus.',
  description:
    'Teams follow a GPS trail between the key places on your campus or site (the main entrance, library, café, first-aid point and sports hall) and complete a quick task at each one. It is a fun way for new arrivals to learn the layout, meet each other and pick up useful facts along the way. Edit the tasks to match your own locations.',
  gameType: 'location',
  deliveryType: 'inPerson',
  duration: 60,
  comingSoon: true,
  thumbnail: '/thumbnails/campus-explorer.svg',
  selectedThemeId: THEME_IDS.classic,
  branding: {
    headerColour: '#6465C7',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#FCB900',
  },
  steps: [
    photoChallenge({
      id: '4d53e132-9534-42fd-95c4-d05d1a5df0f1',
      name: 'Way in',
      text: 'You have reached the main entrance. Take a team photo with everyone pointing the way in.',
      points: 80,
    }),
    multipleChoice({
      id: 'cbf38d93-6340-43da-baeb-e337d93bb507',
      name: 'Library shelves',
      text: 'In the Dewey Decimal Classification used by many libraries, which class number covers science (natural sciences and mathematics)?',
      answers: [
        { id: '5d5bcb80-3fa2-47ab-89fc-9911378a407c', value: '100', correct: false },
        { id: '2d316bf4-5bd3-440d-9faa-b0c4bdb8e173', value: '300', correct: false },
        { id: '59457709-4aaa-4a91-9841-0e0eeb033afe', value: '500', correct: true },
        { id: 'f86096f4-1180-4438-a347-8ca3c9c6e811', value: '900', correct: false },
      ],
      points: 30,
    }),
    freeText({
      id: 'de30af11-42bf-4e6a-bf7f-32350ab5ae49',
      name: 'Roaming Wi-Fi',
      text: 'Many universities share a Wi-Fi network that lets students and staff connect at other member institutions around the world. What is it called? Answer with one word.',
      answer: { id: '3d1cf98e-bfcb-4eef-98a9-5a006bbf3fd8', value: 'eduroam' },
      points: 20,
    }),
    multipleChoice({
      id: 'ac205fdd-a273-405e-9fdd-58170edd85c0',
      name: 'Oldest of all',
      text: 'Which of these is the oldest university in the English-speaking world?',
      answers: [
        {
          id: '25275b07-a755-4035-a6d5-cd85327b24f1',
          value: 'University of Cambridge',
          correct: false,
        },
        {
          id: '6657371e-4d13-4425-8298-15bd2f0f06ee',
          value: 'University of Oxford',
          correct: true,
        },
        {
          id: '32d4d1f9-533f-456b-b669-59e6181fb9c4',
          value: 'University of St Andrews',
          correct: false,
        },
        { id: '75573591-edf4-4068-98cb-a6f5cc59d06e', value: 'Harvard University', correct: false },
      ],
      points: 30,
    }),
    videoChallenge({
      id: '847a4ccb-45fa-4520-9b99-f9902abe09a0',
      name: 'Café critics',
      text: "At the café, record a 20-second 'food critic' review of your favourite snack or drink, with the whole team in shot.",
      points: 100,
    }),
    multipleChoice({
      id: '6ab10c79-96cf-4f94-8cd5-b8f0eefdfefe',
      name: 'Life saver',
      text: 'You have found a defibrillator. What does the abbreviation AED stand for?',
      answers: [
        {
          id: '5911426b-5ccd-4035-a562-5f986433866e',
          value: 'Automated External Defibrillator',
          correct: true,
        },
        {
          id: 'c1b1a0d0-6cc3-47bc-9dc7-33c45a4b1f79',
          value: 'Advanced Emergency Device',
          correct: false,
        },
        {
          id: 'a8e3b85c-ee19-480a-b61a-5b6a5f21199d',
          value: 'Automatic Electrical Detector',
          correct: false,
        },
        {
          id: '031217fd-5cdd-45a2-aae4-cf94faa1c2c0',
          value: 'Assisted Emergency Defibrillator',
          correct: false,
        },
      ],
      points: 30,
    }),
    freeText({
      id: 'c13ed7f8-fcba-49cf-9768-22c70844ffba',
      name: 'Other emergency number',
      text: 'Besides 999, which other emergency number can you call in the UK, including from a mobile? Answer with the number.',
      answer: { id: 'a9bcee1e-0298-4793-912a-c8b7bf595a45', value: '112' },
      points: 30,
    }),
    multipleChoice({
      id: '75530b93-75f2-4163-bcba-dac2686fca87',
      name: 'When the alarm sounds',
      text: 'The fire alarm goes off while you are in a lecture. What should you do?',
      answers: [
        {
          id: '2a587b4a-3b8b-4635-ba08-b10187c852ec',
          value: 'Pack up all your belongings first',
          correct: false,
        },
        {
          id: '22973514-9ad7-46ef-b189-ab2201bcee9a',
          value: 'Take the lift to get out quickly',
          correct: false,
        },
        {
          id: '7786702b-0e41-41a5-a197-1fba5201a4ab',
          value: 'Wait in your seat for more instructions',
          correct: false,
        },
        {
          id: 'dd42f4ea-f35d-4498-abe4-b2e40b973c68',
          value: 'Leave by the nearest safe exit and go to the assembly point',
          correct: true,
        },
      ],
      points: 30,
    }),
    freeText({
      id: 'fc1e59f9-41fb-4a49-a62a-02b357a7af0f',
      name: 'Sports hall',
      text: 'How many players from each team are on the court at once in a game of basketball? Answer with a number.',
      answer: { id: 'defb6fe2-4552-402d-91f5-7ed435d64767', value: '5' },
      points: 20,
    }),
    photoChallenge({
      id: '1b6e5e98-2f1f-4a93-a633-fad4e59e99e8',
      name: 'Silent study',
      text: 'Find the quietest study spot on your route and take a photo of your team pretending to be deep in exam revision, without making a sound.',
      points: 80,
    }),
    standardChallenge({
      id: '1c4eb743-7c68-4658-9fe5-34a53cc98d06',
      name: 'Noticeboard',
      text: 'Find the nearest noticeboard and agree as a team on one upcoming event, club or society you would like to try. Tap Continue once you have agreed.',
      points: 50,
    }),
    photoChallenge({
      id: '6e4a74a8-5598-409c-8dbe-bcfc0483490a',
      name: 'Finish line',
      text: 'You made it back to the start! Take a celebratory team photo with everyone jumping at the same time.',
      points: 100,
    }),
  ],
};
