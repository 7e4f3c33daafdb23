/**
 * The blank template that POST /templates/copy_blank copies (SPEC §7): one empty
 * multiple-choice task to start from. It is not listed in the library. Its single task is
 * deliberately incomplete (no name, no question, no correct answer: SPEC §5 says an empty answer
 * cannot be marked correct), so the builder shows it as invalid until the organiser fills it in.
 */
import type { LibrarySeed } from './types';
import { SEED_THEMES, THEME_IDS } from './themes';

const defaultTheme = SEED_THEMES[0];

export const BLANK_TEMPLATE_SEED: LibrarySeed = {
  id: '1ea5a68a-3550-4a26-9e2b-f9208023ea9f',
  name: 'Untitled activity',
  shortDescription: '',
  description: '',
  gameType: 'quiz',
  deliveryType: 'inPerson',
  duration: 60,
  comingSoon: false,
  thumbnail: '/thumbnails/blank.svg',
  selectedThemeId: defaultTheme?.id ?? THEME_IDS.classic,
  branding: {
    headerColour: '#6465C7',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#FCB900',
  },
  steps: [
    {
      id: '7ce4df41-e739-46b8-9509-fb6f68dbf694',
      name: '',
      type: 'multipleChoice',
      text: '',
      answers: [
        { id: 'ec35d55e-749b-4b94-9ff8-9bec9e02b8a3', value: '', correct: false },
        { id: 'b23e1828-3a0c-4869-b150-983667c37475', value: '', correct: false },
      ],
      media: null,
      points: 10,
      locked: false,
    },
  ],
};
