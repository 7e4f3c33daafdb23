/**
 * SPEC §5 Branding colour and the colour screens of SPEC §2.8: hex only with no opacity, and a
 * colour is saved only if one was chosen.
 */
import { hexColourSchema } from './schemas';
import type { Branding } from './schemas';

/** The colour screens' modes and the branding field each one edits. */
export const BRANDING_COLOUR_FIELDS = {
  header: 'headerColour',
  task: 'questionBackgroundColour',
  selfie: 'selfieBackgroundColour',
} as const satisfies Record<string, keyof Branding>;
export type BrandingColourMode = keyof typeof BRANDING_COLOUR_FIELDS;

/** The styling sub-route of each mode (/builder/{id}/styling/{route}). */
export const BRANDING_COLOUR_ROUTES: Readonly<Record<BrandingColourMode, string>> = {
  header: 'header',
  task: 'question',
  selfie: 'selfie',
};

/** #RRGGBB only: no shorthand, no alpha channel. */
export const isHexColour = (value: string): boolean => hexColourSchema.safeParse(value).success;

/** "Choose {mode} background colour" */
export const colourScreenHeading = (mode: BrandingColourMode): string =>
  `Choose ${mode} background colour`;

/** "{mode} background" */
export const colourSwatchLabel = (mode: BrandingColourMode): string => `${mode} background`;

/** The colour a screen starts with: the current branding value for its mode. */
export const initialColour = (branding: Branding, mode: BrandingColourMode): string =>
  branding[BRANDING_COLOUR_FIELDS[mode]];

/**
 * "Confirm choice": returns the branding with the mode's colour replaced, or the same branding
 * object when no colour was chosen or the choice is not a six-digit hex colour.
 */
export function applyChosenColour(
  branding: Branding,
  mode: BrandingColourMode,
  chosen: string | null | undefined,
): Branding {
  if (chosen == null || !isHexColour(chosen)) return branding;
  return { ...branding, [BRANDING_COLOUR_FIELDS[mode]]: chosen };
}
