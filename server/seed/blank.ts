/**
 * The blank template that POST /templates/copy_blank copies (SPEC §7). Its content is the
 * domain's (src/domain/blankTemplate.ts), which the builder also copies on the device offline.
 * It is not listed in the library.
 */
import { BLANK_TEMPLATE, BLANK_TEMPLATE_ID } from '../../src/domain/blankTemplate';
import type { LibrarySeed } from './types';
import { SEED_THEMES, THEME_IDS } from './themes';

const defaultTheme = SEED_THEMES[0];

export const BLANK_TEMPLATE_SEED: LibrarySeed = {
  ...BLANK_TEMPLATE,
  id: BLANK_TEMPLATE_ID,
  comingSoon: false,
  thumbnail: '/thumbnails/blank.svg',
  selectedThemeId: defaultTheme?.id ?? THEME_IDS.classic,
  branding: { ...BLANK_TEMPLATE.branding },
  steps: BLANK_TEMPLATE.steps.map((step) => ({
    ...step,
    answers: step.answers.map((answer) => ({ ...answer })),
  })),
};
