/**
 * Black or white text, whichever reads better on a colour the organiser chose (they choose any
 * colour, so its contrast is unknown): WCAG relative luminance, switching where the contrast
 * with black and with white are equal (L ≈ 0.179). The builder's colour previews and the phone
 * player use the same rule, so the preview shows what the phones will. Zod-free: the player's
 * bundle stays small.
 */

const HEX_COLOUR = /^#([0-9a-f]{6})$/i;

/** WCAG relative luminance of a #RRGGBB colour (0 black … 1 white); null for anything else. */
export function relativeLuminance(hex: string): number | null {
  const match = HEX_COLOUR.exec(hex);
  if (!match?.[1]) return null;
  const value = parseInt(match[1], 16);
  const channel = (shift: number): number => {
    const c = ((value >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** Where black and white text have equal contrast: (L + 0.05) / 0.05 = 1.05 / (L + 0.05). */
const EQUAL_CONTRAST_LUMINANCE = 0.179;

/**
 * `dark` (the screen's near-black text) on light colours, white on dark ones; `dark` for anything
 * that is not a #RRGGBB colour.
 */
export function readableTextOn(background: string, dark: string): string {
  const luminance = relativeLuminance(background);
  return luminance === null || luminance > EQUAL_CONTRAST_LUMINANCE ? dark : '#ffffff';
}
