import type { LibrarySeed } from '../types';
import { THEME_IDS } from '../themes';
import {
  freeText,
  multipleChoice,
  photoChallenge,
  standardChallenge,
  videoChallenge,
} from '../steps';

export const newStarterOnboarding: LibrarySeed = {
  id: '3e6d46c7-191c-42cc-8dc4-81cf47cd645a',
  name: 'New Starter Onboarding',
  shortDescription: 'Welcome new joiners with workplace know-how and get-to-know-you challenges.',
  description:
    'A relaxed first-week activity that helps new starters settle in, meet their colleagues and pick up good workplace habits. Questions cover security basics, email and meeting etiquette and healthy screen habits, while photo and video challenges get people talking, whether they are in the office or joining remotely. Add facts about your own organisation to make it yours.',
  gameType: 'quiz',
  deliveryType: 'hybrid',
  duration: 60,
  comingSoon: false,
  thumbnail: '/thumbnails/new-starter-onboarding.svg',
  selectedThemeId: THEME_IDS.classic,
  branding: {
    headerColour: '#6465C7',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#8FD1FC',
  },
  steps: [
    photoChallenge({
      id: '4464cb66-45f0-405d-ae14-30be2caefeb8',
      name: 'First day faces',
      text: "Take a team selfie with everyone pulling their best 'first day' face. Remote team members can join in on screen.",
      points: 80,
    }),
    multipleChoice({
      id: 'cb94bc8b-3f9e-4cbf-914d-d25dadfc2ef2',
      name: 'Strong passwords',
      text: 'Which of these makes the strongest password?',
      answers: [
        {
          id: '94eacf7c-1d3a-4489-8555-22fbf8c953bd',
          value: "Your pet's name and year of birth",
          correct: false,
        },
        { id: 'e6cdbb69-fee4-490e-bb72-cf394de9e99b', value: 'Password123!', correct: false },
        {
          id: '38c3eb98-d869-4270-a9df-8d8ed1ecb87b',
          value: 'A long passphrase of several random words',
          correct: true,
        },
        {
          id: 'b0e41f5c-c578-44ef-a670-30c95737378b',
          value: 'Your username spelt backwards',
          correct: false,
        },
      ],
      points: 20,
    }),
    multipleChoice({
      id: 'fb23c671-7332-4266-a5c4-aa62dbdc0961',
      name: 'Suspicious email',
      text: "You receive an unexpected email asking you to 'verify your account' using a link. What should you do?",
      answers: [
        {
          id: '45fa507f-5075-4571-ba2a-be7142277fab',
          value: "Report it using your organisation's phishing or IT process",
          correct: true,
        },
        {
          id: 'ac0a3a4f-f33a-41f4-9404-584b581bd576',
          value: 'Click the link to check whether it is genuine',
          correct: false,
        },
        {
          id: '6c5d7e55-3f5b-4e6f-a338-b45c588a993f',
          value: 'Reply and ask who sent it',
          correct: false,
        },
        {
          id: 'c62be7f7-a5eb-43c9-9c0e-2b48a0ade27f',
          value: 'Forward it to the whole team as a warning',
          correct: false,
        },
      ],
      points: 30,
    }),
    freeText({
      id: '74ca93f2-17a9-4463-a395-bf5a2aac2ec8',
      name: 'Two steps to log in',
      text: 'Logging in with a password plus a code from your phone is called multi-factor ___. Answer with one word.',
      answer: { id: 'b9104f72-dfbf-4907-8bff-a490983a2c57', value: 'authentication' },
      points: 20,
    }),
    freeText({
      id: '952f56fc-0bec-4758-8b83-7dba15ea0737',
      name: 'Lock it up',
      text: 'On a Windows PC you can lock your screen instantly by holding the Windows key and pressing which letter? Answer with one letter.',
      answer: { id: '46949503-6793-4198-b624-bd03141d40c4', value: 'L' },
      points: 20,
    }),
    multipleChoice({
      id: '9394acb8-cf82-4717-8ece-4653c0a308e4',
      name: 'Mac lock',
      text: 'On a Mac, which keyboard shortcut locks the screen?',
      answers: [
        { id: '6645c818-f283-4c2c-9961-295d6d1a5a0c', value: 'Command + L', correct: false },
        {
          id: '8b3be578-8b24-4d8c-892b-fdf0418ee71b',
          value: 'Control + Command + Q',
          correct: true,
        },
        { id: 'ae69b8c5-9be1-4e2b-aa83-9415aa0e38e0', value: 'Option + Shift + L', correct: false },
        { id: '9879a75e-f039-4c95-9c60-7591a7f69e75', value: 'Command + Tab', correct: false },
      ],
      points: 20,
    }),
    multipleChoice({
      id: '2925780d-e33a-4025-a777-7c6ce67aa8d9',
      name: 'Reply all?',
      text: "When should you use 'Reply all' on an email?",
      answers: [
        {
          id: 'd8e51b94-d34a-4abe-8ced-91b0bd4bbe6f',
          value: 'Always, so that nobody misses out',
          correct: false,
        },
        { id: 'adc43a31-932e-4374-b53b-04a169458f67', value: 'Never', correct: false },
        {
          id: '4a1e7023-4faf-46c1-adf0-e99f8464d730',
          value: "Only to say 'thanks'",
          correct: false,
        },
        {
          id: '397e7c23-d408-43fe-aa9f-94a73ec89b52',
          value: 'Only when everyone on the thread needs to see your reply',
          correct: true,
        },
      ],
      points: 20,
    }),
    freeText({
      id: '18c1a316-3ecd-464a-bad8-b1ff79057fd9',
      name: 'Away from the desk',
      text: "Which three-letter abbreviation is commonly used in calendars and email subjects to mean 'out of office'? Answer with three letters.",
      answer: { id: '19193314-68a0-4ce1-ac5c-250aca008a2a', value: 'OOO' },
      points: 20,
    }),
    freeText({
      id: '88cb6bae-085f-4074-a1fe-d79c001adc57',
      name: 'FYI',
      text: "The abbreviation FYI stands for 'for your ___'. Answer with one word.",
      answer: { id: '95a5d495-ebd0-4265-b4fa-61d45efa0acc', value: 'information' },
      points: 10,
    }),
    multipleChoice({
      id: '0aaa0bea-d997-4b84-8cf8-41ac7657728e',
      name: 'Rest your eyes',
      text: 'The 20-20-20 rule for screen users says that every 20 minutes you should look at something 20 feet away for how long?',
      answers: [
        { id: 'ed5613ee-1305-4718-8281-89cbfa7e6285', value: '2 seconds', correct: false },
        { id: '5e64a9e6-198a-48b4-8081-dfc5590a9701', value: '20 minutes', correct: false },
        { id: '1409a6d5-4626-40b2-846b-49931180d17a', value: '20 seconds', correct: true },
        { id: '4c8fe76c-5839-4f43-8a3c-757015b76d0e', value: '2 minutes', correct: false },
      ],
      points: 20,
    }),
    freeText({
      id: '094dc936-044e-4825-ac6d-598b4dacb629',
      name: 'Describe the picture',
      text: 'The short written description added to an image so that screen-reader users know what it shows is called ___ text. Answer with one word.',
      answer: { id: 'd0fac80f-2293-4832-a423-7a5f4e146ef4', value: 'alt' },
      points: 20,
    }),
    photoChallenge({
      id: 'fc182f25-deef-47ec-876d-31d34e688d1c',
      name: 'Desk set-up',
      text: "Take a photo of one team member's workstation set up for good posture: top of the screen at about eye level, feet flat on the floor and the chair supporting their back.",
      points: 80,
    }),
    videoChallenge({
      id: '64c6e178-dfdd-436d-a953-30d100757259',
      name: 'Two truths and a lie',
      text: 'Record one video in which each team member shares two truths and one lie about themselves. Can the organiser spot the lies?',
      points: 120,
    }),
    standardChallenge({
      id: '5aae62c5-9ca6-4dfe-a96f-43145a3daf09',
      name: 'Say hello',
      text: 'Each team member finds someone outside the team they have not met yet (in person or on chat), says hello and learns one thing about their role. Tap Continue when everyone has done it.',
      points: 100,
    }),
  ],
};
