/**
 * Text on an organiser's colour (src/domain/readableText.ts): black or white, whichever has the
 * higher WCAG contrast; the builder's preview and the phone player share the rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readableTextOn, relativeLuminance } from '../../../src/domain/readableText';

const DARK = '#1b1b2f';
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

describe('readableTextOn', () => {
  it('measures luminance as WCAG does: black 0, white 1, pure green above pure red', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#00ff00')!).toBeGreaterThan(relativeLuminance('#ff0000')!);
  });

  it('picks whichever of black and white text has the higher contrast, on any colour', () => {
    const hex = fc
      .integer({ min: 0, max: 0xffffff })
      .map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, (colour) => {
        const luminance = relativeLuminance(colour)!;
        const withWhite = contrast(luminance, 1);
        const withBlack = contrast(luminance, 0);
        // Within a hair of the switch point both read the same; elsewhere the better one wins.
        fc.pre(Math.abs(withWhite - withBlack) > 0.01);
        const chosen = readableTextOn(colour, DARK);
        expect(chosen).toBe(withWhite > withBlack ? '#ffffff' : DARK);
      }),
    );
  });

  it('keeps the screen’s own near-black for anything that is not a six-digit hex colour', () => {
    for (const notHex of ['', 'red', '#fff', '#12345', '#1234567', 'FF6800']) {
      expect(relativeLuminance(notHex)).toBeNull();
      expect(readableTextOn(notHex, DARK)).toBe(DARK);
    }
  });
});
