/**
 * Sniffing reads a bounded part of a file: an upload of 100 MB whose MP4 box claims
 * to be 100 MB long used to hold the main thread for 15 s while its "brands" were read.
 */
import { describe, expect, it } from 'vitest';
import { sniffMediaType } from '../../../server/services/uploads/sniff';
import { ftypBox, id3Tag, MB, mp3Frames } from './fixtures';

/** An ftyp box of an unknown major brand and `count` unknown brands, then `last`. */
function longFtyp(count: number, last: string): Uint8Array {
  return ftypBox('XAVC', [...Array.from({ length: count }, () => 'xxxx'), last]);
}

describe('sniffing reads at most 4 KB of an MP4 ftyp box', () => {
  it('finds a video brand listed within the first 4 KB of the box', async () => {
    expect((await sniffMediaType(longFtyp(1000, 'mp42')))?.mimeType).toBe('video/mp4');
  });

  it('does not read brands listed beyond the first 4 KB of the box', async () => {
    expect(await sniffMediaType(longFtyp(1100, 'mp42'))).toBeNull();
  });

  it('decides a 100 MB file whose ftyp box claims to be 100 MB long without reading all of it', async () => {
    const bytes = new Uint8Array(100 * MB).fill(0x41);
    bytes.set(ftypBox('XAVC'));
    new DataView(bytes.buffer).setUint32(0, bytes.length);
    // Reading every brand took 15 s; the bound itself is the test above (no brand past 4 KB is
    // read), so no timing is asserted here (npm run bench prints such figures).
    expect(await sniffMediaType(bytes)).toBeNull();
  });
});

describe('the zero padding after an ID3 tag is skipped as before, block by block', () => {
  it.each([0, 1, 64 * 1024 - 1, 64 * 1024, 3 * 64 * 1024 + 5])(
    'detects MP3 after an ID3 tag and %i bytes of zero padding',
    async (zeros) => {
      const mp3 = Buffer.concat([id3Tag(), Buffer.alloc(zeros), mp3Frames()]);
      expect((await sniffMediaType(mp3))?.mimeType).toBe('audio/mpeg');
    },
  );

  it('refuses an ID3 tag followed only by zeros to the end of the file', async () => {
    expect(await sniffMediaType(Buffer.concat([id3Tag(), Buffer.alloc(MB)]))).toBeNull();
  });
});
