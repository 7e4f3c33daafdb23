/**
 * What every FileStorage promises (server/services/uploads/storage.ts), as tests that each store
 * runs against itself: the disk (tests/unit/uploads/storage.test.ts) and S3-compatible object
 * storage (tests/integration/s3Storage.test.ts). Routes rely on exactly these answers, so a
 * store that passes them can replace another without a route noticing.
 *
 * Call it inside a describe block; `storage` answers the store under test, made afresh (or
 * otherwise empty) before each test by the caller.
 */
import { expect, it } from 'vitest';
import { Readable } from 'node:stream';
import type { FileStorage } from '../../../server/services/uploads/storage';
import { InvalidStorageKeyError } from '../../../server/services/uploads/storage';

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Keys FileStorage refuses, for every operation, with what is wrong with each. */
export const INVALID_KEYS: [string, string][] = [
  ['a parent segment', '../outside.png'],
  ['a parent segment in the middle', 'templates/../../outside.png'],
  ['".." anywhere', 'templates/a..b.png'],
  ['an absolute path', '/etc/passwd.png'],
  ['a Windows path', 'C:\\temp\\x.png'],
  ['upper case', 'Templates/X.png'],
  ['a space', 'templates/my logo.png'],
  ['a percent escape', 'templates/%2e%2e/x.png'],
  ['an empty segment', 'templates//x.png'],
  ['a hidden segment', 'templates/.x.png'],
  ['a trailing slash', 'templates/x.png/'],
  ['a NUL byte', 'templates/x\0.png'],
  ['an unknown extension', 'templates/x.html'],
  ['no extension', 'templates/x'],
  ['an empty key', ''],
];

export function fileStorageContract(storage: () => FileStorage): void {
  it('round-trips put, head, get and delete', async () => {
    const key = 'templates/t1/photo.png';
    const bytes = Uint8Array.from([1, 2, 3, 4, 5]);
    await storage().put(key, bytes, 'image/png');

    expect(await storage().head(key)).toEqual({ contentType: 'image/png', size: 5 });
    const file = await storage().get(key);
    expect(file && { contentType: file.contentType, size: file.size }).toEqual({
      contentType: 'image/png',
      size: 5,
    });
    expect(file && [...(await readAll(file.body))]).toEqual([1, 2, 3, 4, 5]);

    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
    expect(await storage().head(key)).toBeNull();
  });

  it('stores a file that arrives as a stream', async () => {
    const pieces = ['first piece, ', 'second piece, ', 'last piece'];
    await storage().put(
      'm/clip.mp3',
      Readable.from(pieces.map((p) => Buffer.from(p))),
      'audio/mpeg',
    );
    expect(await storage().head('m/clip.mp3')).toEqual({
      contentType: 'audio/mpeg',
      size: pieces.join('').length,
    });
    const file = await storage().get('m/clip.mp3');
    expect(file && (await readAll(file.body)).toString()).toBe(pieces.join(''));
  });

  it('reads a byte range, inclusive at both ends, and reports the whole size', async () => {
    await storage().put('m/clip.mp4', Buffer.from('0123456789'), 'video/mp4');
    const file = await storage().get('m/clip.mp4', { start: 2, end: 5 });
    expect(file?.size).toBe(10);
    expect(file && (await readAll(file.body)).toString()).toBe('2345');
    const last = await storage().get('m/clip.mp4', { start: 9, end: 9 });
    expect(last && (await readAll(last.body)).toString()).toBe('9');
  });

  it.each([
    ['running past the end', { start: 5, end: 10 }],
    ['starting past the end', { start: 10, end: 12 }],
    ['ending before it starts', { start: 5, end: 4 }],
    ['starting before the file', { start: -1, end: 4 }],
  ])('refuses a range %s with a RangeError', async (_, range) => {
    await storage().put('m/range.mp4', Buffer.from('0123456789'), 'video/mp4');
    await expect(storage().get('m/range.mp4', range)).rejects.toThrow(RangeError);
  });

  it('stores an empty file, of which no range can be read', async () => {
    await storage().put('m/empty.mp3', new Uint8Array(0), 'audio/mpeg');
    expect(await storage().head('m/empty.mp3')).toEqual({ contentType: 'audio/mpeg', size: 0 });
    const file = await storage().get('m/empty.mp3');
    expect(file && (await readAll(file.body)).length).toBe(0);
    await expect(storage().get('m/empty.mp3', { start: 0, end: 0 })).rejects.toThrow(RangeError);
  });

  it('replaces a file on a second put', async () => {
    await storage().put('a/b.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    await storage().put('a/b.svg', Buffer.from('<svg></svg>'), 'image/svg+xml; charset=utf-8');
    const file = await storage().get('a/b.svg');
    expect(file && (await readAll(file.body)).toString()).toBe('<svg></svg>');
    expect((await storage().head('a/b.svg'))?.size).toBe('<svg></svg>'.length);
  });

  it('answers null for a missing file and treats deleting one as done', async () => {
    expect(await storage().get('nothing/here.mp3')).toBeNull();
    expect(await storage().head('nothing/here.mp3')).toBeNull();
    await expect(storage().delete('nothing/here.mp3')).resolves.toBeUndefined();
  });

  it('stores nothing when the stream fails, and rejects with its error', async () => {
    async function* failing() {
      yield Buffer.from('the start of a video');
      throw new Error('the client went away');
    }
    await expect(storage().put('m/cut.mp4', Readable.from(failing()), 'video/mp4')).rejects.toThrow(
      'the client went away',
    );
    expect(await storage().head('m/cut.mp4')).toBeNull();
  });

  it('derives the content type from the extension and refuses one that disagrees', async () => {
    await storage().put('x/clip.mov', Buffer.from('x'), 'video/quicktime');
    expect((await storage().head('x/clip.mov'))?.contentType).toBe('video/quicktime');
    expect((await storage().get('x/clip.mov'))?.contentType).toBe('video/quicktime');
    await expect(storage().put('x/logo.png', Buffer.from('x'), 'text/html')).rejects.toThrow(
      /does not match/,
    );
    expect(await storage().head('x/logo.png')).toBeNull();
  });

  it.each(INVALID_KEYS)('refuses a key with %s, for every operation', async (_, key) => {
    await expect(storage().put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(
      InvalidStorageKeyError,
    );
    await expect(storage().get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage().head(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage().delete(key)).rejects.toThrow(InvalidStorageKeyError);
  });
}
