/**
 * The upload queue's housekeeping rules (sync/uploadQueue.ts), on a real RxDB over
 * fake-indexeddb: records left behind by a tab or a worker that died are recovered (at once by
 * an engine that holds the owner's upload lock), a reconnect makes every waiting file due at
 * once, and the queue says when it next needs a pass.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { randomUUID } from 'node:crypto';
import { createTeamtrailDatabase, type TeamtrailDatabase } from '../../../src/localdb/database';
import type { UploadDoc, UploadStatus } from '../../../src/localdb/schemas/uploads';
import { createTemplateRepository } from '../../../src/localdb/templateRepository';
import { UPLOAD_ATTACHMENT_ID } from '../../../src/localdb/uploadRepository';
import type { Asset, Template } from '../../../src/domain/schemas';
import type { RequestOptions, Transport, TransportResult } from '../../../sync/transport';
import {
  nextUploadDue,
  PREPARING_STALE_MS,
  recoverStaleUploads,
  retryUploadsNow,
  runUploadQueue,
  UPLOAD_LEASE_MS,
  UPLOAD_LOCK_BUSY_RETRY_MS,
  UPLOAD_LOCK_PREFIX,
  type UploadLocks,
} from '../../../sync/uploadQueue';

const OWNER = 'anon:me';
const NOW = new Date('2026-05-04T10:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

let db: TeamtrailDatabase;
beforeEach(async () => {
  db = await createTeamtrailDatabase({
    name: `upload-queue-${randomUUID().slice(0, 8)}`,
    indexedDB: new IDBFactory(),
    IDBKeyRange,
    devMode: true,
  });
});
afterEach(async () => {
  await db.close();
});

/** An upload record in any state, with its file written next to it unless `file: false`. */
async function record(
  status: UploadStatus,
  fields: Partial<UploadDoc> & { file?: boolean } = {},
): Promise<string> {
  const { file = true, ...rest } = fields;
  const doc = await db.uploads.insert({
    id: randomUUID(),
    owner: OWNER,
    templateId: 'template-1',
    stepId: null,
    purpose: 'logo',
    filename: 'logo.png',
    mimeType: 'image/png',
    size: 3,
    status,
    attempts: 0,
    nextAttemptAt: null,
    errorMessage: null,
    asset: null,
    createdAt: at(-1_000),
    ...rest,
  });
  if (file) {
    await doc.putAttachment({
      id: UPLOAD_ATTACHMENT_ID,
      data: new Blob(['png'], { type: 'image/png' }),
      type: 'image/png',
    });
  }
  return doc.id;
}

const read = async (id: string) => (await db.uploads.findOne(id).exec())?.toMutableJSON() ?? null;

const content = () => ({
  name: 'Team quiz',
  description: '',
  shortDescription: '',
  gameType: 'quiz' as const,
  deliveryType: 'inPerson' as const,
  duration: 60 as const,
  selectedThemeId: null,
  branding: {
    id: randomUUID(),
    logo: null,
    headerColour: '#0393E3',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#8FD1FC',
  },
  steps: [],
});

/** A local template; `onServer` gives it a server state, as after its first push. */
async function template(onServer: boolean): Promise<string> {
  const created = await createTemplateRepository(db).create(OWNER, content());
  if (onServer) {
    const doc = await db.templates.findOne(created.id).exec();
    await doc!.incrementalPatch({ server: { id: created.id, revision: 1 } as unknown as Template });
  }
  return created.id;
}

describe('recoverStaleUploads', () => {
  it("an 'uploading' record whose lease has ended (its worker died mid-request) goes back to 'queued', due at once, the interrupted attempt counted", async () => {
    const id = await record('uploading', { attempts: 1, nextAttemptAt: at(-1) });
    expect(await recoverStaleUploads(db, OWNER, NOW)).toEqual({ requeued: 1, removed: 0 });
    expect(await read(id)).toMatchObject({ status: 'queued', attempts: 2, nextAttemptAt: null });
  });

  it("a recovered 'uploading' record keeps its server upload and acknowledged bytes, so the retry resumes", async () => {
    const id = await record('uploading', {
      nextAttemptAt: at(-1),
      uploadId: '0f0e0d0c-0b0a-4000-8000-000000000001',
      uploadedBytes: 2,
    });
    await recoverStaleUploads(db, OWNER, NOW);
    expect(await read(id)).toMatchObject({
      status: 'queued',
      uploadId: '0f0e0d0c-0b0a-4000-8000-000000000001',
      uploadedBytes: 2,
    });
  });

  it("an 'uploading' record whose lease still runs (its request is live) is left alone", async () => {
    const id = await record('uploading', { nextAttemptAt: at(UPLOAD_LEASE_MS / 2) });
    expect(await recoverStaleUploads(db, OWNER, NOW)).toEqual({ requeued: 0, removed: 0 });
    expect(await read(id)).toMatchObject({ status: 'uploading', attempts: 0 });
  });

  it("an 'uploading' record without a lease (written before leases existed) is recovered", async () => {
    const id = await record('uploading', { nextAttemptAt: null });
    await recoverStaleUploads(db, OWNER, NOW);
    expect(await read(id)).toMatchObject({ status: 'queued' });
  });

  it("a 'preparing' record older than PREPARING_STALE_MS whose file was written becomes 'queued'", async () => {
    const id = await record('preparing', { createdAt: at(-PREPARING_STALE_MS - 1) });
    expect(await recoverStaleUploads(db, OWNER, NOW)).toEqual({ requeued: 1, removed: 0 });
    expect(await read(id)).toMatchObject({ status: 'queued', attempts: 0, nextAttemptAt: null });
  });

  it("a 'preparing' record older than PREPARING_STALE_MS without its file is removed: nothing to send", async () => {
    const id = await record('preparing', { createdAt: at(-PREPARING_STALE_MS - 1), file: false });
    expect(await recoverStaleUploads(db, OWNER, NOW)).toEqual({ requeued: 0, removed: 1 });
    expect(await read(id)).toBeNull();
  });

  it("a recent 'preparing' record (its tab may still be writing the file) is left alone", async () => {
    const id = await record('preparing', {
      createdAt: at(-PREPARING_STALE_MS + 1_000),
      file: false,
    });
    await recoverStaleUploads(db, OWNER, NOW);
    expect(await read(id)).toMatchObject({ status: 'preparing' });
  });

  it("queued, failed and done records, and another owner's, are not touched", async () => {
    const queued = await record('queued', { nextAttemptAt: at(60_000), attempts: 3 });
    const failed = await record('failed', { errorMessage: 'Not a PNG' });
    const done = await record('done');
    const other = await record('uploading', { owner: 'anon:someone-else', nextAttemptAt: at(-1) });
    const before = await Promise.all([queued, failed, done, other].map(read));
    expect(await recoverStaleUploads(db, OWNER, NOW)).toEqual({ requeued: 0, removed: 0 });
    expect(await Promise.all([queued, failed, done, other].map(read))).toEqual(before);
  });
});

describe('retryUploadsNow', () => {
  it("makes this owner's backed-off queued uploads due at once and keeps their attempts", async () => {
    const first = await record('queued', { attempts: 4, nextAttemptAt: at(45_000) });
    const second = await record('queued', { attempts: 1, nextAttemptAt: at(2_000) });
    const due = await record('queued');
    expect(await retryUploadsNow(db, OWNER)).toBe(2);
    expect(await read(first)).toMatchObject({ status: 'queued', attempts: 4, nextAttemptAt: null });
    expect(await read(second)).toMatchObject({
      status: 'queued',
      attempts: 1,
      nextAttemptAt: null,
    });
    expect(await read(due)).toMatchObject({ status: 'queued', nextAttemptAt: null });
  });

  it("leaves uploads on their way (their lease), refused ones and another owner's alone", async () => {
    const uploading = await record('uploading', { nextAttemptAt: at(UPLOAD_LEASE_MS) });
    const failed = await record('failed', { attempts: 1 });
    const other = await record('queued', { owner: 'anon:someone-else', nextAttemptAt: at(9_000) });
    expect(await retryUploadsNow(db, OWNER)).toBe(0);
    expect((await read(uploading))?.nextAttemptAt).toBe(at(UPLOAD_LEASE_MS));
    expect((await read(failed))?.status).toBe('failed');
    expect((await read(other))?.nextAttemptAt).toBe(at(9_000));
  });
});

describe('nextUploadDue', () => {
  it('is null when nothing waits', async () => {
    await record('failed');
    expect(await nextUploadDue(db, OWNER)).toBeNull();
  });

  it('is the earliest next attempt of a queued upload whose template is on the server', async () => {
    const templateId = await template(true);
    await record('queued', { templateId, nextAttemptAt: at(30_000) });
    await record('queued', { templateId, nextAttemptAt: at(5_000) });
    expect(await nextUploadDue(db, OWNER)).toEqual(new Date(at(5_000)));
  });

  it('leaves out uploads whose template is not on the server yet, or is gone: their push asks for uploads, a timer would only spin', async () => {
    const local = await template(false);
    await record('queued', { templateId: local });
    await record('queued', { templateId: 'no-such-template' });
    expect(await nextUploadDue(db, OWNER)).toBeNull();
    // …and they do not hide a later retry of another file.
    const onServer = await template(true);
    await record('queued', { templateId: onServer, nextAttemptAt: at(7_000) });
    expect(await nextUploadDue(db, OWNER)).toEqual(new Date(at(7_000)));
  });

  it("counts the end of an upload's lease and the moment a 'preparing' record goes stale", async () => {
    await record('uploading', { nextAttemptAt: at(UPLOAD_LEASE_MS) });
    expect(await nextUploadDue(db, OWNER)).toEqual(new Date(at(UPLOAD_LEASE_MS)));
    await record('preparing', { createdAt: at(-PREPARING_STALE_MS + 10_000), file: false });
    expect(await nextUploadDue(db, OWNER)).toEqual(new Date(at(10_000)));
  });
});

// ---------------------------------------------------------------------------------------------
// The upload lock: a worker killed mid-file, and a new one on the same device

const UPLOAD_ID = '0f0e0d0c-0b0a-4000-8000-000000000002';
const ASSET: Asset = { filename: 'logo.png', mimeType: 'image/png', url: '/uploads/x/logo.png' };

interface Request {
  method: string;
  path: string;
  offset: string | null;
  bytes: number;
}

/**
 * A server that holds the first two of the file's three bytes of upload UPLOAD_ID: it answers
 * that offset, and the asset once the last byte comes at offset 2.
 */
function resumingServer() {
  const requests: Request[] = [];
  const ok = <T>(status: number, body: unknown): TransportResult<T> => ({
    ok: true,
    data: { status, body: body as T, headers: new Headers() },
  });
  const transport: Transport = {
    async request<T>(method: string, path: string, options?: RequestOptions) {
      const body = options?.body;
      requests.push({
        method,
        path,
        offset: options?.headers?.['upload-offset'] ?? null,
        bytes: body instanceof Blob ? body.size : 0,
      });
      if (method === 'GET') {
        return ok<T>(200, {
          uploadId: UPLOAD_ID,
          offset: 2,
          size: 3,
          chunkSize: 1024,
          asset: null,
        });
      }
      if (method === 'PATCH' && options?.headers?.['upload-offset'] === '2') {
        return ok<T>(201, ASSET);
      }
      return {
        ok: false,
        error: { status: 409, message: 'wrong offset', body: null, headers: null },
      };
    },
    stream: async () => null,
    identity: async () => ({ token: null, anonId: 'me', userId: null }),
  };
  return { requests, transport };
}

/** Web Locks in which the owner's upload lock is free, or held by another engine. */
function fakeLocks(free: boolean) {
  const asked: string[] = [];
  const locks: UploadLocks = {
    request: async (name, _options, callback) => {
      asked.push(name);
      return callback(free ? { name } : null);
    },
  };
  return { asked, locks };
}

/** What a worker killed mid-file leaves: 'uploading', its lease still running, 2 bytes sent. */
async function leftByKilledWorker(templateId: string) {
  return record('uploading', {
    templateId,
    attempts: 0,
    nextAttemptAt: at(UPLOAD_LEASE_MS - 5_000),
    uploadId: UPLOAD_ID,
    uploadedBytes: 2,
  });
}

const pass = (server: ReturnType<typeof resumingServer>, locks: UploadLocks | null) =>
  runUploadQueue({
    db,
    transport: server.transport,
    now: () => NOW,
    owner: OWNER,
    timing: { backoffBaseMs: 10, backoffMaxMs: 20 },
    random: () => 0.5,
    locks,
  });

describe('the upload lock: a new worker on the same device takes over a killed one’s file', () => {
  it("recoverStaleUploads with the lock held (its holder is gone) takes back an 'uploading' record whose lease still runs, keeping its server upload", async () => {
    const id = await record('uploading', {
      attempts: 1,
      nextAttemptAt: at(UPLOAD_LEASE_MS / 2),
      uploadId: UPLOAD_ID,
      uploadedBytes: 2,
    });
    expect(await recoverStaleUploads(db, OWNER, NOW, { holderGone: true })).toEqual({
      requeued: 1,
      removed: 0,
    });
    expect(await read(id)).toMatchObject({
      status: 'queued',
      attempts: 2,
      nextAttemptAt: null,
      uploadId: UPLOAD_ID,
      uploadedBytes: 2,
    });
  });

  it('an engine that gets the lock resumes the killed worker’s file at once, from the server’s offset, without waiting out the lease', async () => {
    const templateId = await template(true);
    const id = await leftByKilledWorker(templateId);
    const server = resumingServer();
    const { asked, locks } = fakeLocks(true);

    const result = await pass(server, locks);

    expect(asked).toEqual([UPLOAD_LOCK_PREFIX + OWNER]);
    expect(result).toMatchObject({ kind: 'done', answered: true });
    expect(server.requests).toEqual([
      { method: 'GET', path: `/v1/uploads/${UPLOAD_ID}`, offset: null, bytes: 0 },
      { method: 'PATCH', path: `/v1/uploads/${UPLOAD_ID}`, offset: '2', bytes: 1 },
    ]);
    expect(await read(id), 'sent and applied: the device’s copy is gone').toBeNull();
    const doc = await db.templates.findOne(templateId).exec();
    expect(doc?.content.branding.logo).toMatchObject(ASSET);
  });

  it('while another engine of the browser holds the lock, its file is left to it and the pass is due again soon', async () => {
    const templateId = await template(true);
    const id = await leftByKilledWorker(templateId);
    const server = resumingServer();

    const result = await pass(server, fakeLocks(false).locks);

    expect(server.requests).toEqual([]);
    expect(await read(id)).toMatchObject({ status: 'uploading', attempts: 0 });
    expect(result).toEqual({
      kind: 'done',
      nextDueAt: new Date(NOW.getTime() + UPLOAD_LOCK_BUSY_RETRY_MS),
      answered: false,
    });
  });

  it('without Web Locks the lease alone decides: a record whose lease still runs waits', async () => {
    const templateId = await template(true);
    const id = await leftByKilledWorker(templateId);
    const server = resumingServer();

    const result = await pass(server, null);

    expect(server.requests).toEqual([]);
    expect(await read(id)).toMatchObject({ status: 'uploading' });
    expect(result).toMatchObject({
      kind: 'done',
      nextDueAt: new Date(at(UPLOAD_LEASE_MS - 5_000)),
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Answers to a request that went out without the owner's identity

/**
 * The sync worker while no tab answers its identity question (the only tab is loading its next
 * page): requests go out with no identity, and the server, taking them for a new guest, hands
 * out an `anonid` and answers 404 for the owner's upload. `identity` is what the transport says
 * when asked afterwards.
 */
function serverWithoutIdentity(identity: { anonId: string | null }) {
  const requests: Request[] = [];
  const transport: Transport = {
    async request<T>(method: string, path: string, options?: RequestOptions) {
      requests.push({
        method,
        path,
        offset: options?.headers?.['upload-offset'] ?? null,
        bytes: options?.body instanceof Blob ? options.body.size : 0,
      });
      const headers = new Headers(identity.anonId ? {} : { anonid: randomUUID() });
      const refused: TransportResult<T> = {
        ok: false,
        error: {
          status: 404,
          message: 'This upload does not exist. Start it again.',
          body: null,
          headers,
        },
      };
      return refused;
    },
    stream: async () => null,
    identity: async () => ({ token: null, anonId: identity.anonId, userId: null }),
  };
  return { requests, transport };
}

describe('a 404 given to a request without the owner’s identity does not start the file over', () => {
  it('the server handed out a new guest id: the file keeps its server upload, waits its back-off, and then resumes from the server’s offset', async () => {
    const templateId = await template(true);
    const id = await leftByKilledWorker(templateId);

    const anonymous = serverWithoutIdentity({ anonId: null });
    const result = await pass(anonymous, fakeLocks(true).locks);

    expect(
      anonymous.requests.map((r) => r.method),
      'no new upload is started',
    ).toEqual(['GET']);
    expect(result).toMatchObject({ kind: 'transient', status: 404 });
    expect(await read(id)).toMatchObject({
      status: 'queued',
      uploadId: UPLOAD_ID,
      uploadedBytes: 2,
      attempts: 2,
    });

    // Once the owner's identity is back, the same upload goes on where the server has it.
    await db.uploads
      .findOne(id)
      .exec()
      .then((doc) => doc!.incrementalPatch({ nextAttemptAt: null }));
    const server = resumingServer();
    await pass(server, fakeLocks(true).locks);
    expect(server.requests).toEqual([
      { method: 'GET', path: `/v1/uploads/${UPLOAD_ID}`, offset: null, bytes: 0 },
      { method: 'PATCH', path: `/v1/uploads/${UPLOAD_ID}`, offset: '2', bytes: 1 },
    ]);
    expect(await read(id)).toBeNull();
  });

  it('a refusal while the identity is another owner’s is not taken as the server forgetting the upload either', async () => {
    const templateId = await template(true);
    const id = await leftByKilledWorker(templateId);

    const other = serverWithoutIdentity({ anonId: 'someone-else' });
    const result = await pass(other, fakeLocks(true).locks);

    expect(other.requests.map((r) => r.method)).toEqual(['GET']);
    expect(result).toMatchObject({ kind: 'transient', status: 404 });
    expect(await read(id)).toMatchObject({ status: 'queued', uploadId: UPLOAD_ID });
  });

  it('a 404 answered to the owner still means the server no longer has it: once more from byte 0', async () => {
    const templateId = await template(true);
    await leftByKilledWorker(templateId);

    const gone = serverWithoutIdentity({ anonId: 'me' });
    await pass(gone, fakeLocks(true).locks);

    expect(gone.requests.map((r) => r.method)).toEqual(['GET', 'POST']);
  });
});

// ---------------------------------------------------------------------------------------------
// The server's cap on unfinished uploads per owner (docs/api.md "Resumable uploads")

const AT_CAP =
  'You have 20 unfinished uploads. Wait for them to finish, or remove some, and try again.';

/** A server whose POST /v1/uploads answers 429 until `placeFreed()`, then takes the file. */
function serverAtUploadCap() {
  const requests: string[] = [];
  let atCap = true;
  const ok = <T>(status: number, body: unknown): TransportResult<T> => ({
    ok: true,
    data: { status, body: body as T, headers: new Headers() },
  });
  const transport: Transport = {
    async request<T>(method: string, path: string) {
      requests.push(`${method} ${path}`);
      if (method === 'POST' && atCap) {
        const refused: TransportResult<T> = {
          ok: false,
          error: {
            status: 429,
            message: AT_CAP,
            body: { errorMessage: AT_CAP },
            headers: new Headers({ 'retry-after': '60' }),
          },
        };
        return refused;
      }
      if (method === 'POST') {
        return ok<T>(201, {
          uploadId: UPLOAD_ID,
          offset: 0,
          size: 3,
          chunkSize: 1024,
          asset: null,
          receiving: false,
        });
      }
      if (method === 'PATCH') return ok<T>(201, ASSET);
      return {
        ok: false,
        error: { status: 404, message: 'not here', body: null, headers: null },
      };
    },
    stream: async () => null,
    identity: async () => ({ token: null, anonId: 'me', userId: null }),
  };
  return {
    requests,
    transport,
    placeFreed: () => {
      atCap = false;
    },
  };
}

describe('a 429 on opening an upload (the owner is at the server’s cap of unfinished uploads)', () => {
  it('is transient: the file stays queued with the server’s message and a back-off, is never marked failed, and is sent by itself once a place is free', async () => {
    const templateId = await template(true);
    const id = await record('queued', { templateId });
    const server = serverAtUploadCap();
    const passAt = (now: Date) =>
      runUploadQueue({
        db,
        transport: server.transport,
        now: () => now,
        owner: OWNER,
        timing: { backoffBaseMs: 10, backoffMaxMs: 20 },
        random: () => 0.5,
        locks: null,
      });

    const refused = await passAt(NOW);

    expect(refused).toEqual({ kind: 'transient', status: 429, message: AT_CAP });
    const waiting = await read(id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, errorMessage: AT_CAP });
    expect(waiting?.uploadId ?? null, 'no upload was opened, so none is kept').toBeNull();
    const retryAt = new Date(waiting!.nextAttemptAt!);
    expect(retryAt.getTime()).toBeGreaterThan(NOW.getTime());
    expect(await nextUploadDue(db, OWNER), 'the queue wakes itself for the retry').toEqual(retryAt);

    server.placeFreed();
    const sent = await passAt(new Date(retryAt.getTime() + 1));

    expect(sent).toMatchObject({ kind: 'done', answered: true });
    expect(server.requests).toEqual([
      'POST /v1/uploads',
      'POST /v1/uploads',
      `PATCH /v1/uploads/${UPLOAD_ID}`,
    ]);
    expect(await read(id), 'sent and applied: the device’s copy is gone').toBeNull();
    const doc = await db.templates.findOne(templateId).exec();
    expect(doc?.content.branding.logo).toMatchObject(ASSET);
  });
});
