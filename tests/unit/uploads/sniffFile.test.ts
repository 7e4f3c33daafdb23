/**
 * A staged upload on disk is told by reading a few kilobytes of it
 * (sniffMediaTypeOfFile), with the same answer as sniffing the whole file in memory; an MP3's
 * ID3 tags (cover art of megabytes) and their padding are stepped over by reading, not loading.
 */
import { describe, expect, it } from 'vitest';
import {
  sniffMediaType,
  sniffMediaTypeOfFile,
  type ReadRange,
} from '../../../server/services/uploads/sniff';
import {
  CLEAN_SVG,
  MB,
  id3Tag,
  isoMedia,
  makeJpeg,
  makePng,
  mp3Frames,
  padded,
  utf8,
} from './fixtures';

/** Reads from memory as a file would be read, and records how many bytes were asked for. */
function reader(bytes: Uint8Array) {
  const reads: number[] = [];
  const read: ReadRange = (offset, length) => {
    const slice = bytes.subarray(offset, Math.min(bytes.length, offset + length));
    reads.push(slice.length);
    return Promise.resolve(slice);
  };
  return { read, bytesRead: () => reads.reduce((total, n) => total + n, 0) };
}

const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

describe('sniffing a file on disk gives the answer sniffing it in memory gives', () => {
  it.each([
    ['a PNG', async () => new Uint8Array(await makePng(40, 30))],
    ['a JPEG', async () => new Uint8Array(await makeJpeg(40, 30))],
    ['an SVG', async () => utf8(CLEAN_SVG)],
    ['an MP4 of 3 MB', async () => padded(isoMedia('isom'), 3 * MB)],
    ['a MOV', async () => padded(isoMedia('qt  '), 200_000)],
    ['an M4A (refused)', async () => padded(isoMedia('M4A ', ['isom']), 200_000)],
    ['an MP3 without tags', async () => mp3Frames(400)],
    ['an MP3 behind a 3 MB ID3 tag', async () => concat(id3Tag(3 * MB), mp3Frames(20))],
    [
      'an MP3 behind two tags and 200 KB of zero padding',
      async () => concat(id3Tag(100), id3Tag(70_000), new Uint8Array(200_000), mp3Frames(20)),
    ],
    ['an ID3 tag with no audio after it (refused)', async () => id3Tag(300_000)],
    ['random bytes (refused)', async () => padded(utf8('hello'), 500_000)],
  ])('%s', async (_, make) => {
    const bytes = await make();
    const { read } = reader(bytes);
    expect(await sniffMediaTypeOfFile(read, bytes.length)).toEqual(await sniffMediaType(bytes));
  });

  it('reads at most a few hundred kilobytes of a 3 MB video or of an MP3 behind a 3 MB tag', async () => {
    const video = padded(isoMedia('isom'), 3 * MB);
    const videoReads = reader(video);
    await sniffMediaTypeOfFile(videoReads.read, video.length);
    expect(videoReads.bytesRead()).toBeLessThanOrEqual(64 * 1024);

    const song = concat(id3Tag(3 * MB), mp3Frames(20));
    const songReads = reader(song);
    expect((await sniffMediaTypeOfFile(songReads.read, song.length))?.mimeType).toBe('audio/mpeg');
    expect(songReads.bytesRead()).toBeLessThan(300 * 1024);
  });
});
