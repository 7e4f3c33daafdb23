/**
 * Resumable uploads (docs/api.md "Resumable uploads"): the state of an upload that arrives in
 * chunks, kept on disk under DATA_DIR/upload-sessions so that neither a lost connection nor a
 * server restart sends the client back to byte 0. Each upload is two files:
 *
 *   {uploadId}.part  the bytes received so far, fsynced before they are acknowledged
 *   {uploadId}.json  what the upload is for, its declared size, the acknowledged offset, and,
 *                    once finished, the stored asset or the refusal (so a client whose last
 *                    answer was lost is told the same again instead of starting over)
 *
 * The offset in the JSON file is the truth: it is written (atomically, after the data's fsync)
 * only once the bytes it counts are durable. Bytes past it in the .part file were never
 * acknowledged (a crash between the two writes) and are cut off before the next chunk lands.
 *
 * State lives on disk and not in the database on purpose: it is short-lived (RESUMABLE_TTL_MS
 * after the last chunk), large, and the bytes must be next to it anyway. With several server
 * instances the folder must be shared, or an upload's requests pinned to one instance; the lock
 * against two requests writing one upload at once is per process, and so is the count of an
 * owner's unfinished uploads (MAX_UNFINISHED_UPLOADS_PER_OWNER): an instance counts those it
 * opened or found in the folder when it first counted.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Asset } from '../../../src/domain/schemas';
import type { UploadPurpose } from './inspect';
import type { StagedFile } from './stagedFile';

/** How long an upload waits for its next chunk before it is forgotten and its bytes removed. */
export const RESUMABLE_TTL_MS = 24 * 60 * 60_000;
/**
 * The chunk size the server suggests: large enough that a 100 MB video takes a hundred requests
 * rather than thousands, small enough that a chunk cut off on a weak connection costs little
 * (the server keeps the part of a chunk that arrived in any case).
 */
export const RECOMMENDED_CHUNK_BYTES = 1024 * 1024;
/**
 * The most unfinished uploads one owner (a signed-in user or a guest) may have open at a time.
 * Each reserves disk for up to RESUMABLE_TTL_MS, and the upload queue sends one file at a time,
 * so an honest client rarely has more than a few (other devices, tabs, files removed offline);
 * without a cap, one caller could open sessions until the disk is full.
 */
export const MAX_UNFINISHED_UPLOADS_PER_OWNER = 20;
/** Leftover temporary files (a crash while the JSON file was being replaced). */
const TEMP_FILE_MAX_AGE_MS = 60 * 60_000;

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type UploadResult =
  { kind: 'stored'; asset: Asset } | { kind: 'refused'; status: number; errorMessage: string };

export interface UploadSession {
  version: 1;
  uploadId: string;
  /**
   * Who opened it ('user:{id}' or 'anon:{anonId}'), for the cap on unfinished uploads per
   * owner. Absent in uploads opened before the cap, which are not counted (they expire anyway).
   */
  owner?: string;
  templateId: string;
  /** Null for the logo. */
  stepId: string | null;
  purpose: UploadPurpose;
  /** As the client sent it; cleaned into a label when the file is stored. */
  filename: string;
  /** As the client declared it; the stored type is decided by the content. */
  mimeType: string;
  size: number;
  /** Bytes received and durable. */
  offset: number;
  createdAt: string;
  updatedAt: string;
  result: UploadResult | null;
}

export type NewUploadSession = Pick<
  UploadSession,
  'owner' | 'templateId' | 'stepId' | 'purpose' | 'filename' | 'mimeType' | 'size'
>;

/** How opening an upload under the per-owner cap ended. */
export type OpenUploadOutcome =
  | { kind: 'created'; session: UploadSession }
  /** Nothing was created: the owner already has `unfinished` uploads open. */
  | {
      kind: 'too-many-unfinished';
      unfinished: number;
      /** When the first of them expires, freeing a place even if none of them goes on. */
      firstExpiresInMs: number;
    };

/** How the body of one chunk ended. */
export type ChunkOutcome =
  /** The whole body arrived and is durable. */
  | 'received'
  /** The client went away mid-body: the part that arrived is kept and counted. */
  | 'cut-off'
  /** The body went past the declared size: none of it was kept. */
  | 'too-large';

export interface UploadSessionStore {
  readonly dir: string;
  /** Opens an upload, whatever its owner already has open (see createWithinOwnerLimit). */
  create(fields: NewUploadSession): Promise<UploadSession>;
  /**
   * Opens an upload unless its owner already has `maxUnfinished` that are neither finished,
   * removed nor expired; then creates nothing. Counting and creating run one request at a time
   * per owner (in this process), so parallel requests cannot pass the cap together.
   */
  createWithinOwnerLimit(
    fields: NewUploadSession & { owner: string },
    maxUnfinished: number,
  ): Promise<OpenUploadOutcome>;
  /** The upload, 'expired' (and removed) when its time ran out, or null when there is none. */
  get(uploadId: string): Promise<UploadSession | 'expired' | null>;
  /**
   * Writes a chunk at the session's offset, as it streams in (never buffered whole), and
   * records the new offset once the bytes are on disk.
   */
  receive(
    session: UploadSession,
    body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ): Promise<{ session: UploadSession; outcome: ChunkOutcome }>;
  /** The finished file (offset === size), on disk until the upload is settled. */
  finishedFile(session: UploadSession): StagedFile;
  /** Remembers how the upload ended and removes its bytes. */
  settle(session: UploadSession, result: UploadResult): Promise<UploadSession>;
  remove(uploadId: string): Promise<void>;
  /**
   * Runs fn while no other request works on this upload; null, without running it, when one
   * does (two requests appending to one file at once would interleave their bytes).
   */
  exclusive<T>(uploadId: string, fn: () => Promise<T>): Promise<T | null>;
  /** A request is writing this upload right now. */
  isBusy(uploadId: string): boolean;
  expiresAt(session: UploadSession): Date;
  /** Removes expired uploads and leftovers; answers how many uploads were removed. */
  sweep(): Promise<number>;
}

export interface SessionStoreOptions {
  ttlMs?: number;
  now?: () => Date;
}

export function createUploadSessionStore(
  dir: string,
  options: SessionStoreOptions = {},
): UploadSessionStore {
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true });
  const ttlMs = options.ttlMs ?? RESUMABLE_TTL_MS;
  const now = options.now ?? (() => new Date());
  const busy = new Set<string>();
  /**
   * Unfinished uploads by id, with their owner, so that counting an owner's uploads reads only
   * theirs and not every upload of the last day. A hint, never the answer: counting reads each
   * candidate's JSON file again (another instance sharing the folder, or the time passing, may
   * have finished or expired it). Filled from the folder once, then kept up as uploads are
   * opened, finished and removed here.
   */
  const unfinishedOwners = new Map<string, string>();
  let unfinishedIndexLoaded: Promise<void> | null = null;
  /** The tail of each owner's queue of opening requests (createWithinOwnerLimit). */
  const openingQueues = new Map<string, Promise<void>>();

  const partPath = (id: string) => path.join(root, `${id}.part`);
  const metaPath = (id: string) => path.join(root, `${id}.json`);
  const expiresAt = (session: UploadSession) => new Date(Date.parse(session.updatedAt) + ttlMs);

  /** Replaces the JSON file in one rename, after its bytes are on disk. */
  async function writeMeta(session: UploadSession): Promise<void> {
    const target = metaPath(session.uploadId);
    const temp = path.join(root, `.${session.uploadId}.${randomUUID()}.tmp`);
    try {
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(JSON.stringify(session));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(root);
  }

  async function readMeta(id: string): Promise<UploadSession | null> {
    let text: string;
    try {
      text = await readFile(metaPath(id), 'utf8');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as UploadSession;
      return parsed?.version === 1 && parsed.uploadId === id ? parsed : null;
    } catch {
      // Not written by writeMeta (which renames whole files into place): nothing to trust.
      return null;
    }
  }

  async function remove(id: string): Promise<void> {
    unfinishedOwners.delete(id);
    await rm(metaPath(id), { force: true });
    await rm(partPath(id), { force: true });
  }

  const isExpired = (session: UploadSession) =>
    expiresAt(session).getTime() <= now().getTime() && !busy.has(session.uploadId);

  /** Fills unfinishedOwners from the folder, once (again after a failure). */
  function loadUnfinishedIndex(): Promise<void> {
    unfinishedIndexLoaded ??= (async () => {
      let names: string[];
      try {
        names = await readdir(root);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const name of names) {
        const match = /^(.+)\.json$/.exec(name);
        if (!match || !UPLOAD_ID.test(match[1]!)) continue;
        const session = await readMeta(match[1]!);
        if (session?.owner && session.result === null) {
          unfinishedOwners.set(session.uploadId, session.owner);
        }
      }
    })().catch((error: unknown) => {
      unfinishedIndexLoaded = null;
      throw error;
    });
    return unfinishedIndexLoaded;
  }

  /** The owner's uploads that still count against the cap; expired ones are removed on the way. */
  async function unfinishedOf(owner: string): Promise<UploadSession[]> {
    await loadUnfinishedIndex();
    const found: UploadSession[] = [];
    for (const [id, ownerOfUpload] of unfinishedOwners) {
      if (ownerOfUpload !== owner) continue;
      const session = await readMeta(id);
      if (!session || session.result !== null) {
        unfinishedOwners.delete(id);
      } else if (isExpired(session)) {
        await remove(id);
      } else {
        found.push(session);
      }
    }
    return found;
  }

  /** Runs fn after every earlier call for this owner has ended (a promise chain per owner). */
  function oneAtATimeFor<T>(owner: string, fn: () => Promise<T>): Promise<T> {
    const previous = openingQueues.get(owner) ?? Promise.resolve();
    const result = previous.then(fn);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    openingQueues.set(owner, tail);
    // The last in line leaves no entry behind, so the map holds only owners opening right now.
    void tail.then(() => {
      if (openingQueues.get(owner) === tail) openingQueues.delete(owner);
    });
    return result;
  }

  async function create(fields: NewUploadSession): Promise<UploadSession> {
    const at = now().toISOString();
    const session: UploadSession = {
      version: 1,
      uploadId: randomUUID(),
      ...fields,
      offset: 0,
      createdAt: at,
      updatedAt: at,
      result: null,
    };
    const handle = await open(partPath(session.uploadId), 'wx');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await writeMeta(session);
    if (session.owner) unfinishedOwners.set(session.uploadId, session.owner);
    return session;
  }

  return {
    dir: root,
    expiresAt,

    create,

    createWithinOwnerLimit(fields, maxUnfinished) {
      return oneAtATimeFor(fields.owner, async (): Promise<OpenUploadOutcome> => {
        const unfinished = await unfinishedOf(fields.owner);
        if (unfinished.length >= maxUnfinished) {
          const firstExpiry = Math.min(...unfinished.map((s) => expiresAt(s).getTime()));
          return {
            kind: 'too-many-unfinished',
            unfinished: unfinished.length,
            firstExpiresInMs: Math.max(0, firstExpiry - now().getTime()),
          };
        }
        return { kind: 'created', session: await create(fields) };
      });
    },

    async get(uploadId) {
      if (!UPLOAD_ID.test(uploadId)) return null;
      const session = await readMeta(uploadId);
      if (!session) return null;
      if (isExpired(session)) {
        await remove(uploadId);
        return 'expired';
      }
      return session;
    },

    async receive(session, body) {
      const start = session.offset;
      const room = session.size - start;
      const handle = await open(partPath(session.uploadId), 'r+');
      let written = 0;
      let outcome: ChunkOutcome = 'received';
      try {
        // Bytes past the acknowledged offset were never acknowledged: the next chunk replaces them.
        await handle.truncate(start);
        try {
          for await (const piece of body) {
            if (outcome === 'too-large') continue; // read to the end, so the refusal can be answered
            if (written + piece.byteLength > room) {
              outcome = 'too-large';
              continue;
            }
            await handle.write(piece, 0, piece.byteLength, start + written);
            written += piece.byteLength;
          }
        } catch {
          // The client went away (a lost connection, a killed tab or worker). What arrived is
          // good data at the right place: keep it, so the next attempt resumes after it.
          if (outcome !== 'too-large') outcome = 'cut-off';
        }
        if (outcome === 'too-large') {
          await handle.truncate(start);
          written = 0;
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
      if (written === 0) return { session, outcome };
      const next: UploadSession = {
        ...session,
        offset: start + written,
        updatedAt: now().toISOString(),
      };
      await writeMeta(next);
      return { session: next, outcome };
    },

    finishedFile: (session) => ({ path: partPath(session.uploadId), size: session.size }),

    async settle(session, result) {
      const next: UploadSession = { ...session, result, updatedAt: now().toISOString() };
      await writeMeta(next);
      unfinishedOwners.delete(session.uploadId);
      await rm(partPath(session.uploadId), { force: true });
      return next;
    },

    remove,

    isBusy: (uploadId) => busy.has(uploadId),

    async exclusive(uploadId, fn) {
      if (busy.has(uploadId)) return null;
      busy.add(uploadId);
      try {
        return await fn();
      } finally {
        busy.delete(uploadId);
      }
    },

    async sweep() {
      const at = now().getTime();
      let removed = 0;
      let names: string[];
      try {
        names = await readdir(root);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      for (const name of names) {
        const file = path.join(root, name);
        if (name.endsWith('.tmp')) {
          const info = await stat(file).catch(() => null);
          if (info && info.mtimeMs + TEMP_FILE_MAX_AGE_MS <= at) await rm(file, { force: true });
          continue;
        }
        const match = /^(.+)\.(json|part)$/.exec(name);
        if (!match || !UPLOAD_ID.test(match[1]!) || busy.has(match[1]!)) continue;
        const id = match[1]!;
        if (match[2] === 'json') {
          const session = await readMeta(id);
          if (!session || expiresAt(session).getTime() <= at) {
            await remove(id);
            removed += 1;
          }
        } else if (!names.includes(`${id}.json`)) {
          // A .part without its JSON file: a crash while the upload was being made. Left a
          // while in case its JSON file is being written right now.
          const info = await stat(file).catch(() => null);
          if (info && info.mtimeMs + ttlMs <= at) await rm(file, { force: true });
        }
      }
      return removed;
    },
  };
}

/** Makes a rename or a new file in the folder durable (POSIX); a no-op where not supported. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot open a folder for fsync; its renames are durable without it.
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
