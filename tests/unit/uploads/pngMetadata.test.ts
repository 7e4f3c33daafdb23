/**
 * Team photos used to keep their PNG metadata. A stored PNG loses every metadata chunk (EXIF, text,
 * times, private chunks) and keeps what makes it look as it does, without re-encoding.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { stripPngMetadata } from '../../../server/services/uploads/metadata';
import { makePng } from './fixtures';

function chunk(type: string, data: Uint8Array | string): Buffer {
  const body = typeof data === 'string' ? Buffer.from(data, 'latin1') : Buffer.from(data);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
  return Buffer.concat([head, body, crc]);
}

/** The chunk types of a PNG, in order. */
function chunkTypes(png: Uint8Array): string[] {
  const bytes = Buffer.from(png);
  const types: string[] = [];
  for (let at = 8; at + 12 <= bytes.length; at += 12 + bytes.readUInt32BE(at)) {
    types.push(bytes.toString('latin1', at + 4, at + 8));
  }
  return types;
}

/** The PNG with chunks put in right after IHDR (8 bytes of signature, 25 of IHDR). */
async function withChunks(...extra: Buffer[]): Promise<Buffer> {
  const png = await makePng(4, 3, { r: 10, g: 20, b: 30, alpha: 0.5 });
  return Buffer.concat([png.subarray(0, 33), ...extra, png.subarray(33)]);
}

describe('PNG metadata', () => {
  it('drops EXIF, text, time and private chunks and keeps transparency, gamma and the image', async () => {
    const png = await withChunks(
      chunk('eXIf', 'MM\u0000*GPS 51.5N 0.12W'),
      chunk('tEXt', 'Comment\u0000taken at 10 Mill Street'),
      chunk('iTXt', 'XML:com.adobe.xmp\u0000\u0000\u0000\u0000\u0000<x:xmpmeta/>'),
      chunk('zTXt', 'Author\u0000\u0000' + 'x'),
      chunk('tIME', '\u0007\u00ea\u000b\u001a\u000a\u0000\u0000'),
      chunk('prVt', 'anything at all'),
      chunk('gAMA', '\u0000\u0000\u00b1\u008f'),
    );
    const stripped = stripPngMetadata(png);
    expect(chunkTypes(stripped)).toEqual(
      chunkTypes(png).filter((t) => !['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME', 'prVt'].includes(t)),
    );
    expect(chunkTypes(stripped)).toContain('gAMA');
    expect(Buffer.from(stripped).includes(Buffer.from('Mill Street'))).toBe(false);
    expect(Buffer.from(stripped).includes(Buffer.from('GPS'))).toBe(false);
  });

  it('answers a PNG without metadata as it is (no copy, no re-encoding)', async () => {
    const png = await makePng(4, 3);
    expect(stripPngMetadata(png)).toBe(png);
  });

  it('answers bytes whose chunks do not hold together as they are', async () => {
    const png = await withChunks(chunk('tEXt', 'Comment\u0000x'));
    const truncated = png.subarray(0, 40);
    expect(stripPngMetadata(truncated)).toBe(truncated);
    const notPng = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(stripPngMetadata(notPng)).toBe(notPng);
  });
});
