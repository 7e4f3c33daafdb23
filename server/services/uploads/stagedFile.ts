/**
 * An upload on its way to storage, held on disk rather than in memory (twelve 60 MB
 * uploads at once, each buffered whole, raised the server's memory by ~900 MB). A multipart
 * upload streams into a staging file here; a resumable upload's finished `.part` file is one
 * already. Checks read only what they need (a few kilobytes to tell a video's type; a whole
 * image, which is at most IMAGE_MAX_BYTES), and storage copies the file as a stream.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { open, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StagedFile {
  readonly path: string;
  /** In bytes. */
  readonly size: number;
}

/** Up to `length` bytes from `offset` (fewer at the end of the file). */
export async function readRange(
  file: StagedFile,
  offset: number,
  length: number,
): Promise<Uint8Array> {
  const wanted = Math.max(0, Math.min(length, file.size - offset));
  if (wanted === 0) return new Uint8Array(0);
  const handle = await open(file.path, 'r');
  try {
    const buffer = Buffer.alloc(wanted);
    const { bytesRead } = await handle.read(buffer, 0, wanted, offset);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The whole file in memory: only for files whose size cap keeps that small (images). */
export async function readWhole(file: StagedFile): Promise<Uint8Array> {
  const buffer = await readFile(file.path);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export const streamOf = (file: StagedFile): Readable => createReadStream(file.path);

/**
 * Where multipart uploads are staged: a folder of their own under DATA_DIR, so that a crash's
 * leftovers are easy to find (sweepStagingDir) and never mistaken for stored files.
 */
export interface StagingDir {
  readonly dir: string;
  /**
   * Streams `body` into a new staging file. `limit` is how the caller learns that the body
   * went past its cap (the multipart parser stops and flags it): the file is removed and
   * TooLargeError thrown. Any other failure (the client went away) removes it too.
   */
  stage(body: Readable, isTruncated: () => boolean): Promise<StagedFile>;
  /** Removes a staged file; removing one that is gone is not an error. */
  discard(file: StagedFile): Promise<void>;
}

export class TooLargeError extends Error {
  constructor() {
    super('The upload passed its size cap.');
    this.name = 'TooLargeError';
  }
}

export function createStagingDir(dir: string): StagingDir {
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true });
  return {
    dir: root,
    async stage(body, isTruncated) {
      const file = path.join(root, `${randomUUID()}.upload`);
      try {
        await pipeline(body, createWriteStream(file, { flags: 'wx' }));
        if (isTruncated()) throw new TooLargeError();
        const { size } = await stat(file);
        return { path: file, size };
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },
    discard: (file) => rm(file.path, { force: true }),
  };
}

/**
 * Removes staging files older than maxAgeMs: a process killed mid-upload leaves its file
 * behind. Younger files may belong to another instance sharing DATA_DIR, mid-upload.
 */
export async function sweepStagingDir(dir: string, now: Date, maxAgeMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.upload')) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > maxAgeMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
