import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStorage } from '../../../server/services/uploads/storage';
import {
  createDiskStorage,
  InvalidStorageKeyError,
  newUploadKey,
} from '../../../server/services/uploads/storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let root: string;
let storage: FileStorage;

beforeEach(async () => {
  root = path.join(await mkdtemp(path.join(os.tmpdir(), 'teamtrail-uploads-')), 'nested', 'root');
  storage = createDiskStorage(root);
});

afterEach(async () => {
  await rm(path.dirname(path.dirname(root)), { recursive: true, force: true });
});

describe('createDiskStorage', () => {
  it('creates its root directory when it is missing', async () => {
    expect((await stat(root)).isDirectory()).toBe(true);
  });

  it('round-trips put, head, get and delete', async () => {
    const key = 'templates/t1/photo.png';
    const bytes = Uint8Array.from([1, 2, 3, 4, 5]);
    await storage.put(key, bytes, 'image/png');

    expect(await storage.head(key)).toEqual({ contentType: 'image/png', size: 5 });
    const file = await storage.get(key);
    expect(file && { contentType: file.contentType, size: file.size }).toEqual({
      contentType: 'image/png',
      size: 5,
    });
    expect(file && [...(await readAll(file.body))]).toEqual([1, 2, 3, 4, 5]);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.head(key)).toBeNull();
  });

  it('reads a byte range, inclusive at both ends, and reports the whole size', async () => {
    await storage.put('m/clip.mp4', Buffer.from('0123456789'), 'video/mp4');
    const file = await storage.get('m/clip.mp4', { start: 2, end: 5 });
    expect(file?.size).toBe(10);
    expect(file && (await readAll(file.body)).toString()).toBe('2345');
    await expect(storage.get('m/clip.mp4', { start: 5, end: 10 })).rejects.toThrow(RangeError);
  });

  it('replaces a file on a second put, leaving no temporary files behind', async () => {
    await storage.put('a/b.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    await storage.put('a/b.svg', Buffer.from('<svg></svg>'), 'image/svg+xml; charset=utf-8');
    const file = await storage.get('a/b.svg');
    expect(file && (await readAll(file.body)).toString()).toBe('<svg></svg>');
    expect(await readdir(path.join(root, 'a'))).toEqual(['b.svg']);
  });

  it('answers null for a missing file and treats deleting one as done', async () => {
    expect(await storage.get('nothing/here.mp3')).toBeNull();
    expect(await storage.head('nothing/here.mp3')).toBeNull();
    await expect(storage.delete('nothing/here.mp3')).resolves.toBeUndefined();
  });

  it('derives the content type from the extension and refuses one that disagrees', async () => {
    await storage.put('x/clip.mov', Buffer.from('x'), 'video/quicktime');
    expect((await storage.head('x/clip.mov'))?.contentType).toBe('video/quicktime');
    await expect(storage.put('x/logo.png', Buffer.from('x'), 'text/html')).rejects.toThrow(
      /does not match/,
    );
  });

  it.each([
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
  ])('refuses a key with %s, for every operation', async (_, key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.head(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
  });
});

describe('newUploadKey', () => {
  it("makes a fresh random name under the owner folder, never the client's file name", () => {
    const key = newUploadKey('templates/3f2a9c1e-0000-4000-8000-000000000001', 'png');
    expect(key).toMatch(
      /^templates\/3f2a9c1e-0000-4000-8000-000000000001\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.png$/,
    );
    expect(newUploadKey('templates/t1', 'mp4')).not.toBe(newUploadKey('templates/t1', 'mp4'));
  });

  it('refuses an owner folder that would make an invalid key', () => {
    expect(() => newUploadKey('../templates', 'png')).toThrow(InvalidStorageKeyError);
    expect(() => newUploadKey('templates/', 'png')).toThrow(InvalidStorageKeyError);
  });
});
