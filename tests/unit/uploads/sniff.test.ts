import { describe, it, expect } from 'vitest';
import { sniffMediaType } from '../../../server/services/uploads/sniff';
import { CLEAN_SVG, MB, id3Tag, isoMedia, makeJpeg, makePng, mp3Frames, utf8 } from './fixtures';

describe('sniffMediaType detects each accepted type by its content', () => {
  it('detects PNG by its 8-byte signature', async () => {
    expect(await sniffMediaType(await makePng(4, 4))).toEqual({
      mimeType: 'image/png',
      kind: 'image',
      extension: 'png',
    });
  });

  it('detects JPEG by its SOI marker', async () => {
    expect(await sniffMediaType(await makeJpeg(4, 4))).toEqual({
      mimeType: 'image/jpeg',
      kind: 'image',
      extension: 'jpg',
    });
  });

  it.each(['isom', 'iso2', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash'])(
    'detects MP4 by an ftyp box with the video brand %j',
    async (brand) => {
      expect(await sniffMediaType(isoMedia(brand, ['isom']))).toEqual({
        mimeType: 'video/mp4',
        kind: 'video',
        extension: 'mp4',
      });
    },
  );

  it('detects MOV by an ftyp box with the QuickTime brand "qt  "', async () => {
    expect(await sniffMediaType(isoMedia('qt  ', ['qt  ']))).toEqual({
      mimeType: 'video/quicktime',
      kind: 'video',
      extension: 'mov',
    });
  });

  it('detects MP4 with an unknown major brand when a compatible brand is a video brand', async () => {
    expect((await sniffMediaType(isoMedia('XAVC', ['XAVC', 'mp42', 'iso2'])))?.mimeType).toBe(
      'video/mp4',
    );
  });

  it.each(['M4A ', 'M4B ', 'heic', 'avif'])(
    'refuses the audio-only or still-image ISO brand %j even with isom compatibility',
    async (brand) => {
      expect(await sniffMediaType(isoMedia(brand, ['isom', 'mp42']))).toBeNull();
    },
  );

  it('detects MP3 that starts with an ID3v2 tag followed by a layer III frame', async () => {
    const mp3 = Buffer.concat([id3Tag(), mp3Frames()]);
    expect(await sniffMediaType(mp3)).toEqual({
      mimeType: 'audio/mpeg',
      kind: 'audio',
      extension: 'mp3',
    });
  });

  it('detects MP3 without a tag by two consecutive layer III frame headers', async () => {
    expect((await sniffMediaType(mp3Frames(3)))?.mimeType).toBe('audio/mpeg');
  });

  it('detects SVG with an XML declaration, comment and DOCTYPE before the <svg> root', async () => {
    expect(await sniffMediaType(utf8(CLEAN_SVG))).toEqual({
      mimeType: 'image/svg+xml',
      kind: 'image',
      extension: 'svg',
    });
  });

  it('detects SVG after a UTF-8 byte order mark', async () => {
    expect(
      (await sniffMediaType(utf8('\uFEFF<svg xmlns="http://www.w3.org/2000/svg"/>')))?.mimeType,
    ).toBe('image/svg+xml');
  });
});

describe('sniffMediaType refuses what is not an accepted type', () => {
  it('does not take an HTML page for a PNG, whatever it is called', async () => {
    const html = utf8('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    expect(await sniffMediaType(html)).toBeNull();
  });

  it('does not take plain text, an empty file or a GIF for anything', async () => {
    expect(await sniffMediaType(utf8('hello, world'))).toBeNull();
    expect(await sniffMediaType(new Uint8Array())).toBeNull();
    expect(await sniffMediaType(utf8('GIF89a\x01\x00\x01\x00'))).toBeNull();
  });

  it('does not take an XML document whose root is not <svg> for an SVG', async () => {
    expect(await sniffMediaType(utf8('<?xml version="1.0"?><html><svg/></html>'))).toBeNull();
  });

  it('does not take a lone ID3 tag with no audio frame for an MP3', async () => {
    expect(await sniffMediaType(id3Tag(100))).toBeNull();
  });

  it('does not take an MPEG frame of a layer other than III for an MP3', async () => {
    // FF FD: MPEG-1 layer II.
    const layer2 = Buffer.alloc(1000);
    layer2.set([0xff, 0xfd, 0x90, 0x00]);
    expect(await sniffMediaType(layer2)).toBeNull();
  });

  it('does not take a frame sync with a reserved bitrate or sample rate for an MP3', async () => {
    expect(await sniffMediaType(Buffer.from([0xff, 0xfb, 0xf0, 0x00]))).toBeNull(); // bitrate 15
    expect(await sniffMediaType(Buffer.from([0xff, 0xfb, 0x9c, 0x00]))).toBeNull(); // sample rate 3
  });

  it('does not take bytes that are not valid UTF-8 for an SVG', async () => {
    expect(
      await sniffMediaType(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe, 0x3e])),
    ).toBeNull();
  });
});

// file-type, which tells most of the types, is looser than our rule in these cases: each is a
// check of our own after it (sniff.ts).
describe('sniffMediaType refuses what file-type alone would take', () => {
  it('does not take an HTML page that starts "<!--free" (a QuickTime atom name at byte 4) for a MOV', async () => {
    const html = utf8('<!--free--><html><body><script>alert(1)</script></body></html>');
    expect(await sniffMediaType(html)).toBeNull();
  });

  it('does not take an ftyp box of an unknown major brand and no video brand for an MP4', async () => {
    expect(await sniffMediaType(isoMedia('XAVC', ['XAVC']))).toBeNull();
  });

  it('does not take a JPEG behind an ID3 tag or a UTF-8 byte order mark for a JPEG', async () => {
    const jpeg = await makeJpeg(4, 4);
    expect(await sniffMediaType(Buffer.concat([id3Tag(), jpeg]))).toBeNull();
    expect(await sniffMediaType(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), jpeg]))).toBeNull();
  });

  it('does not take a lone ID3 header whose size runs past the end of the file for an MP3', async () => {
    expect(await sniffMediaType(id3Tag(MB).subarray(0, 10))).toBeNull();
  });
});
