/**
 * The blank template (SPEC §7 POST /templates/copy_blank): one empty multiple-choice task to
 * start from. The server seeds it (server/seed/blank.ts); the builder copies it on this device
 * when it opens with no template (SPEC §2.8 Entry), so a blank activity can be started offline.
 * Its single task is deliberately incomplete (no name, no question, no correct answer: SPEC §5
 * says an empty answer cannot be marked correct), so the builder shows it as invalid until the
 * organiser fills it in.
 */
import type { Step } from './schemas';

export const BLANK_TEMPLATE_ID = '1ea5a68a-3550-4a26-9e2b-f9208023ea9f';
/** Its picture (the seed's thumbnail): a dashed empty page with a "+", for the "Start blank" cards. */
export const BLANK_TEMPLATE_THUMBNAIL = '/thumbnails/blank.svg';
/** The seed's first theme ("classic", server/seed/themes.ts). */
const CLASSIC_THEME_ID = 'd7848382-eb3a-4504-b0f0-a7eba45ab78d';

export const BLANK_TEMPLATE = {
  name: 'Untitled activity',
  shortDescription: '',
  description: '',
  gameType: 'quiz',
  deliveryType: 'inPerson',
  duration: 60,
  selectedThemeId: CLASSIC_THEME_ID,
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
  ] satisfies Step[],
} as const satisfies {
  name: string;
  branding: Record<string, string>;
  steps: readonly Step[];
  [key: string]: unknown;
};
