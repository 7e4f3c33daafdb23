/**
 * Where uploaded files live. Routes talk only to FileStorage, so uploads can move from the
 * local disk (the embedded default, ./data/uploads) to S3-compatible object storage when the
 * server runs on several machines (ARCHITECTURE.md) without touching a route. The interface is
 * therefore shaped after what object storage offers: PutObject, HeadObject, GetObject with a
 * byte range, DeleteObject.
 *
 * Reads are streams, not buffers: media can be 100 MB, and browsers (Safari above all) fetch
 * video in byte ranges to seek, so `get` takes an optional range and the route answers 206.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DetectedExtension } from './sniff';
import { JPEG, MOV, MP3, MP4, PNG, SVG } from './sniff';

/** Inclusive byte offsets, as in an HTTP Range header (bytes=0-99 is the first 100 bytes). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFileInfo {
  contentType: string;
  /** The size of the whole file in bytes, also when a range was asked for. */
  size: number;
}

export interface StoredFile extends StoredFileInfo {
  /** The requested range, or the whole file. The caller must consume or destroy it. */
  body: Readable;
}

export interface FileStorage {
  /**
   * Stores the file under key, replacing any file already there. A large file comes as a
   * stream (a staged upload, stagedFile.ts), so it is never held in memory whole.
   */
  put(key: string, body: Uint8Array | Readable, contentType: string): Promise<void>;
  /** Size and content type without reading the file; null when there is no such file. */
  head(key: string): Promise<StoredFileInfo | null>;
  /**
   * The file, or only `range` of it; null when there is no such file. A range outside the
   * file throws a RangeError: check it against `head` first (see range.ts).
   */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** Removes the file; removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
}

const MAX_KEY_LENGTH = 512;
const KEY_SEGMENT = /^[a-z0-9][a-z0-9_.-]*$/;

/**
 * The content type of a stored file follows from its key's extension rather than from a
 * sidecar file: keys are made by newUploadKey from the sniffed type, so the extension is
 * already the truth, and one file per upload means one atomic rename, nothing to get out of
 * step. `put` refuses a content type that disagrees with the extension, so the disk and the
 * object store (s3Storage.ts, which also keeps the type) can never answer differently.
 */
const CONTENT_TYPES: Record<DetectedExtension, string> = {
  png: PNG.mimeType,
  jpg: JPEG.mimeType,
  svg: SVG.mimeType,
  mp4: MP4.mimeType,
  mov: MOV.mimeType,
  mp3: MP3.mimeType,
};

export class InvalidStorageKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/**
 * A server-made key such as `templates/{templateId}/{uuid}.png`. The client's file name never
 * becomes part of a key: it could hold path tricks, and a random name can be cached forever
 * because it is never reused.
 */
export function newUploadKey(ownerFolder: string, extension: DetectedExtension): string {
  const key = `${ownerFolder}/${randomUUID()}.${extension}`;
  contentTypeOfKey(key); // validates the owner folder and the extension
  return key;
}

/** Throws InvalidStorageKeyError unless the key is one FileStorage accepts. */
export function contentTypeOfKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new InvalidStorageKeyError(String(key), `must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  if (key.includes('..')) throw new InvalidStorageKeyError(key, 'must not contain ".."');
  // Every segment starts with a letter or digit: no absolute paths, no empty segments (`//`,
  // trailing `/`), no hidden names, which keeps our own `.tmp` files out of the key space.
  if (!key.split('/').every((segment) => KEY_SEGMENT.test(segment))) {
    throw new InvalidStorageKeyError(
      key,
      'segments must be lower-case letters, digits, "_", "." or "-", starting with a letter or digit',
    );
  }
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const contentType = (CONTENT_TYPES as Record<string, string | undefined>)[extension];
  if (!contentType) {
    throw new InvalidStorageKeyError(key, 'must end with a known file extension');
  }
  return contentType;
}

/** Stores files under rootDir, which is created when missing. */
export function createDiskStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);
  mkdirSync(root, { recursive: true });

  /** The file's path; throws unless the key is valid and stays inside root. */
  function pathOf(key: string): { file: string; contentType: string } {
    const contentType = contentTypeOfKey(key);
    const file = path.resolve(root, ...key.split('/'));
    // Belt and braces: the key rules already make this impossible.
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key, 'leaves the root');
    return { file, contentType };
  }

  return {
    async put(key, body, contentType) {
      const { file } = pathOf(key);
      contentTypeForPut(key, contentType);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target and renamed into place: readers see the old file or the
      // whole new one, never a half-written file, and a crash leaves only a hidden temp file.
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
      try {
        const handle = await open(temp, 'wx');
        try {
          if (body instanceof Uint8Array) {
            await handle.writeFile(body);
          } else {
            for await (const chunk of body) await handle.write(chunk as Uint8Array);
          }
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async head(key) {
      const { file, contentType } = pathOf(key);
      try {
        const stats = await stat(file);
        return stats.isFile() ? { contentType, size: stats.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async get(key, range) {
      const { file, contentType } = pathOf(key);
      let handle: FileHandle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // Size and stream come from the same open handle, so a concurrent replace or delete
      // cannot make them disagree.
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        if (range) checkRangeWithin(range, stats.size);
        const body = handle.createReadStream({
          ...(range ?? {}),
          autoClose: true,
        });
        return { contentType, size: stats.size, body };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      const { file } = pathOf(key);
      try {
        await unlink(file);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}

/**
 * The key's content type, for `put`: throws unless the key is valid and `contentType`
 * (parameters aside) is the type its extension stands for. Every FileStorage applies this rule,
 * so that no store keeps a type its reads would contradict.
 */
export function contentTypeForPut(key: string, contentType: string): string {
  const expected = contentTypeOfKey(key);
  if (mediaType(contentType) !== expected) {
    throw new Error(`Content type ${contentType} does not match the key ${key} (${expected})`);
  }
  return expected;
}

/** Throws the RangeError FileStorage.get promises unless `range` lies within `size` bytes. */
export function checkRangeWithin(range: ByteRange, size: number): void {
  if (!isRangeWithin(range, size)) {
    throw new RangeError(`Range ${range.start}-${range.end} is outside ${size} bytes`);
  }
}

function isRangeWithin(range: ByteRange, size: number): boolean {
  return (
    Number.isSafeInteger(range.start) &&
    Number.isSafeInteger(range.end) &&
    range.start >= 0 &&
    range.start <= range.end &&
    range.end < size
  );
}

/** `image/svg+xml; charset=utf-8` → `image/svg+xml`. */
function mediaType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
