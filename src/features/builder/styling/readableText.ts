/** Text colour that stays readable on an organiser-chosen background (WCAG relative luminance). */
import { isHexColour } from '../../../domain/branding';

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Near-black on light colours, white on dark ones; near-black for anything that is not hex. */
export function readableTextColour(background: string): string {
  if (!isHexColour(background)) return '#1a1b1e';
  // The luminance where black and white text have equal contrast.
  return luminance(background) > 0.179 ? '#1a1b1e' : '#ffffff';
}
