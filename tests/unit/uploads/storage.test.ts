import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileStorage } from '../../../server/services/uploads/storage';
import {
  createDiskStorage,
  InvalidStorageKeyError,
  newUploadKey,
} from '../../../server/services/uploads/storage';
import { fileStorageContract, readAll } from '../../integration/support/fileStorageContract';

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
  fileStorageContract(() => storage);

  it('creates its root directory when it is missing', async () => {
    expect((await stat(root)).isDirectory()).toBe(true);
  });

  it('replaces a file on a second put, leaving no temporary files behind', async () => {
    await storage.put('a/b.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    await storage.put('a/b.svg', Buffer.from('<svg></svg>'), 'image/svg+xml; charset=utf-8');
    const file = await storage.get('a/b.svg');
    expect(file && (await readAll(file.body)).toString()).toBe('<svg></svg>');
    expect(await readdir(path.join(root, 'a'))).toEqual(['b.svg']);
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
