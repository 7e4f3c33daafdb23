/**
 * SPEC §2.8 Branding and §5 uploads: the logo is PNG only (refused otherwise) and within the
 * project's size cap; "Max dimensions: 280x60 pixels" is stated, and only warned about.
 */
import { describe, expect, it } from 'vitest';
import { checkLogoFile } from '../../../../src/features/builder/styling/logoImage';
import { LOGO_MAX_BYTES } from '../../../../src/domain/uploads';
import { readableTextColour } from '../../../../src/features/builder/styling/readableText';

const png = (bytes = 8) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });
const measured = (width: number, height: number) => async () => ({ width, height });

describe('SPEC §2.8 logo uploader: "Files supported: PNG. Max dimensions: 280x60 pixels"', () => {
  it('refuses types other than PNG, naming the type', async () => {
    for (const type of ['image/jpeg', 'image/svg+xml', 'application/pdf', '']) {
      const file = new File(['x'], 'logo', { type });
      const result = await checkLogoFile(file, measured(10, 10));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/are not supported\. Files supported: PNG\.$/);
    }
  });

  it('refuses a PNG over the size cap', async () => {
    const result = await checkLogoFile(png(LOGO_MAX_BYTES + 1), measured(10, 10));
    expect(result).toEqual({
      ok: false,
      error: 'The file is too large. The maximum size is 2 MB.',
    });
  });

  it('accepts 280x60 exactly without a warning, and warns for one pixel more either way', async () => {
    expect(await checkLogoFile(png(), measured(280, 60))).toEqual({ ok: true, warning: null });
    for (const [w, h] of [
      [281, 60],
      [280, 61],
    ] as const) {
      const result = await checkLogoFile(png(), measured(w, h));
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.warning).toContain(`${w}x${h} pixels`);
    }
  });

  it('refuses a file that cannot be decoded as an image', async () => {
    const result = await checkLogoFile(png(), async () => null);
    expect(result.ok).toBe(false);
  });
});

describe('colour previews keep their text readable on the chosen colour', () => {
  it('dark text on light colours, white text on dark ones', () => {
    expect(readableTextColour('#FFFFFF')).toBe('#1a1b1e');
    expect(readableTextColour('#FCB900')).toBe('#1a1b1e');
    expect(readableTextColour('#000000')).toBe('#ffffff');
    expect(readableTextColour('#9900EF')).toBe('#ffffff');
  });
});
