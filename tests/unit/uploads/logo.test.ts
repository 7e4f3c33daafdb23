import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import { fitLogo } from '../../../server/services/uploads/logo';
import { makePng } from './fixtures';

describe('fitLogo scales a logo down into 280x60, keeping its aspect ratio', () => {
  it.each([
    [560, 120, 280, 60],
    [1000, 100, 280, 28],
    [100, 300, 20, 60],
    [281, 60, 280, 60],
    [5000, 1, 280, 1],
  ])('fits %ix%i into %ix%i', async (width, height, fittedWidth, fittedHeight) => {
    const fitted = await fitLogo(await makePng(width, height));
    expect(fitted).toMatchObject({ width: fittedWidth, height: fittedHeight, resized: true });
    const metadata = await sharp(fitted.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual([
      'png',
      fittedWidth,
      fittedHeight,
    ]);
  });

  it('returns a logo that already fits (200x50) byte-identical and never upscales it', async () => {
    const png = await makePng(200, 50, { r: 255, g: 104, b: 0, alpha: 1 });
    const fitted = await fitLogo(png);
    expect(fitted).toEqual({ bytes: png, width: 200, height: 50, resized: false });
    expect(Buffer.from(fitted.bytes).equals(png)).toBe(true);
  });

  it('keeps transparency when it resizes', async () => {
    // A transparent 560x120 canvas with an opaque orange block in the middle.
    const block = await makePng(200, 60, { r: 255, g: 104, b: 0, alpha: 1 });
    const logo = await sharp(await makePng(560, 120))
      .composite([{ input: block, left: 180, top: 30 }])
      .png()
      .toBuffer();

    const fitted = await fitLogo(logo);
    const { data, info } = await sharp(fitted.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(alphaAt(0, 0)).toBe(0); // corner: still transparent
    expect(alphaAt(140, 30)).toBe(255); // centre: still opaque
  });

  it('strips metadata when it re-encodes', async () => {
    const logo = await sharp(await makePng(560, 120))
      .withExif({ IFD0: { Copyright: 'Someone', Artist: 'Someone else' } })
      .png()
      .toBuffer();
    expect((await sharp(logo).metadata()).exif).toBeDefined();

    const fitted = await fitLogo(logo);
    expect((await sharp(fitted.bytes).metadata()).exif).toBeUndefined();
  });
});
