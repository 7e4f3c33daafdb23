import { describe, it, expect } from 'vitest';
import {
  inspectUpload,
  maxUploadBytes,
  uploadTooLarge,
} from '../../../server/services/uploads/inspect';
import {
  AUDIO_MAX_BYTES,
  IMAGE_MAX_BYTES,
  LOGO_MAX_BYTES,
  VIDEO_MAX_BYTES,
} from '../../../src/domain/uploads';
import {
  CLEAN_SVG,
  id3Tag,
  isoMedia,
  makeJpeg,
  makeNoisyPng,
  makePng,
  MB,
  mp3Frames,
  padded,
  pngHeaderOnly,
  utf8,
} from './fixtures';

const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('inspectUpload: logos are PNG only', () => {
  it('accepts a PNG logo and reports its dimensions', async () => {
    const png = await makePng(200, 50);
    const result = await inspectUpload(png, 'logo');
    expect(result).toMatchObject({ ok: true, width: 200, height: 50 });
    expect(result.ok && result.type.mimeType).toBe('image/png');
    expect(result.ok && result.bytes).toBe(png);
  });

  it('refuses a JPEG logo with 415 and a message naming PNG and what the file is', async () => {
    expect(await inspectUpload(await makeJpeg(200, 50), 'logo')).toEqual({
      ok: false,
      status: 415,
      errorMessage: 'Logos must be PNG images. This file is a JPEG image.',
    });
  });

  it('refuses an SVG logo with 415', async () => {
    expect(await inspectUpload(utf8(CLEAN_SVG), 'logo')).toMatchObject({
      ok: false,
      status: 415,
      errorMessage: 'Logos must be PNG images. This file is an SVG image.',
    });
  });

  it('refuses an HTML file named logo.png: the type comes from the bytes, not the name', async () => {
    const html = utf8('<!DOCTYPE html><html><script>document.cookie</script></html>');
    expect(await inspectUpload(html, 'logo')).toEqual({
      ok: false,
      status: 415,
      errorMessage: 'Logos must be PNG images.',
    });
    expect(await inspectUpload(html, 'media')).toMatchObject({ ok: false, status: 415 });
  });
});

describe('inspectUpload: step media accepts JPEG, PNG, SVG, MP4, MOV and MP3', () => {
  it('accepts a JPEG and reports its dimensions', async () => {
    expect(await inspectUpload(await makeJpeg(64, 48), 'media')).toMatchObject({
      ok: true,
      type: { mimeType: 'image/jpeg', extension: 'jpg' },
      width: 64,
      height: 48,
    });
  });

  it('accepts a PNG', async () => {
    expect(await inspectUpload(await makePng(10, 10), 'media')).toMatchObject({
      ok: true,
      type: { mimeType: 'image/png' },
    });
  });

  it('accepts a clean SVG', async () => {
    expect(await inspectUpload(utf8(CLEAN_SVG), 'media')).toMatchObject({
      ok: true,
      type: { mimeType: 'image/svg+xml', extension: 'svg' },
    });
  });

  it('accepts an MP4, a MOV and an MP3', async () => {
    expect(await inspectUpload(isoMedia('mp42', ['isom']), 'media')).toMatchObject({
      ok: true,
      type: { mimeType: 'video/mp4', kind: 'video' },
    });
    expect(await inspectUpload(isoMedia('qt  '), 'media')).toMatchObject({
      ok: true,
      type: { mimeType: 'video/quicktime', extension: 'mov' },
    });
    expect(await inspectUpload(Buffer.concat([id3Tag(), mp3Frames()]), 'media')).toMatchObject({
      ok: true,
      type: { mimeType: 'audio/mpeg', kind: 'audio' },
    });
  });

  it('refuses any other type with 415 and lists the supported types', async () => {
    expect(await inspectUpload(utf8('GIF89a....'), 'media')).toEqual({
      ok: false,
      status: 415,
      errorMessage: "This file type isn't supported. Use JPEG, PNG, SVG, MP4, MOV or MP3.",
    });
    expect(await inspectUpload(isoMedia('M4A ', ['isom']), 'media')).toMatchObject({
      status: 415,
    });
  });
});

describe('inspectUpload: unsafe SVGs are refused with the reason', () => {
  it.each([
    [
      '<script>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      /script/,
    ],
    ['onload=', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', /event handler/],
    [
      'a javascript: href',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"/></svg>',
      /javascript:/,
    ],
    [
      'an entity-encoded javascript: href',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="&#x6A;avascript&#58;alert(1)"/></svg>',
      /javascript:/,
    ],
    [
      '<foreignObject>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject/></svg>',
      /foreignObject/,
    ],
  ])('refuses an SVG with %s with 400', async (_, text, message) => {
    const result = await inspectUpload(utf8(text), 'media');
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(!result.ok && result.errorMessage).toMatch(message);
  });

  it('refuses an SVG that is not valid UTF-8 text beyond the part read to detect it', async () => {
    const bytes = Buffer.concat([
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'),
      Buffer.alloc(70_000, ' '),
      Buffer.from([0xff, 0xfe]),
    ]);
    expect(await inspectUpload(bytes, 'media')).toMatchObject({ ok: false, status: 400 });
  });
});

describe('inspectUpload: size caps', () => {
  it('refuses an empty file with 400', async () => {
    expect(await inspectUpload(new Uint8Array(), 'media')).toEqual({
      ok: false,
      status: 400,
      errorMessage: 'This file is empty.',
    });
    expect(await inspectUpload(new Uint8Array(), 'logo')).toMatchObject({ status: 400 });
  });

  it('refuses a logo over 2 MB with 413', async () => {
    expect(await inspectUpload(padded(PNG_SIGNATURE, LOGO_MAX_BYTES + 1), 'logo')).toEqual({
      ok: false,
      status: 413,
      errorMessage: 'Logos can be at most 2 MB. This file is 2.1 MB.',
    });
  });

  it('refuses an image over 10 MB with 413, giving the size', async () => {
    const size = Math.round(12.4 * MB);
    expect(await inspectUpload(padded(PNG_SIGNATURE, size), 'media')).toEqual({
      ok: false,
      status: 413,
      errorMessage: 'Images can be at most 10 MB. This file is 12.4 MB.',
    });
    expect(await inspectUpload(padded(utf8('<svg>'), IMAGE_MAX_BYTES + 1), 'media')).toMatchObject({
      status: 413,
    });
  });

  it('refuses audio over 20 MB with 413', async () => {
    const mp3 = Buffer.concat([id3Tag(), mp3Frames()]);
    expect(await inspectUpload(padded(mp3, AUDIO_MAX_BYTES + 1), 'media')).toMatchObject({
      ok: false,
      status: 413,
      errorMessage: expect.stringMatching(/^Audio files can be at most 20 MB\./),
    });
  });

  it('refuses a video over 100 MB with 413', async () => {
    expect(
      await inspectUpload(padded(isoMedia('isom'), VIDEO_MAX_BYTES + 1), 'media'),
    ).toMatchObject({
      ok: false,
      status: 413,
      errorMessage: expect.stringMatching(/^Videos can be at most 100 MB\./),
    });
  });

  it('accepts files exactly at their cap', async () => {
    expect(await inspectUpload(padded(isoMedia('isom'), VIDEO_MAX_BYTES), 'media')).toMatchObject({
      ok: true,
    });
  });

  it('gives the multipart limit and the message for a cut-off stream per purpose', () => {
    expect(maxUploadBytes('logo')).toBe(LOGO_MAX_BYTES);
    expect(maxUploadBytes('media')).toBe(VIDEO_MAX_BYTES);
    expect(uploadTooLarge('logo')).toEqual({
      ok: false,
      status: 413,
      errorMessage: 'Logos can be at most 2 MB.',
    });
    expect(uploadTooLarge('media').errorMessage).toBe(
      'This file is too large. Images can be at most 10 MB, audio 20 MB and videos 100 MB.',
    );
  });
});

describe('inspectUpload: PNG and JPEG must decode', () => {
  it('refuses a truncated PNG with 400', async () => {
    const png = await makeNoisyPng(300, 200);
    const truncated = png.subarray(0, Math.floor(png.length * 0.6));
    expect(await inspectUpload(truncated, 'logo')).toEqual({
      ok: false,
      status: 400,
      errorMessage: "This PNG image is damaged or incomplete and can't be opened.",
    });
  });

  it('refuses a truncated JPEG with 400', async () => {
    const jpeg = await makeJpeg(300, 200);
    expect(await inspectUpload(jpeg.subarray(0, jpeg.length - 200), 'media')).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it('refuses an image over 100 megapixels with 413 before decoding it', async () => {
    expect(await inspectUpload(pngHeaderOnly(20_000, 20_000), 'logo')).toEqual({
      ok: false,
      status: 413,
      errorMessage: 'Images can be at most 100 megapixels. This image is 20000x20000 pixels.',
    });
  });

  it('refuses a PNG signature followed by garbage with 400', async () => {
    expect(await inspectUpload(padded(PNG_SIGNATURE, 1000), 'media')).toMatchObject({
      status: 400,
    });
  });
});
