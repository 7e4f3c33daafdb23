/**
 * A killed upload goes on where it stopped instead of starting over. The queue sends
 * files in chunks through the server's resumable uploads, keeps the upload's id and the
 * acknowledged bytes in the record, and on the next attempt (after a lost connection, a reload,
 * a crash or a worker restart) asks the server for its offset and sends only the rest.
 *
 * Against the real server on loopback. The queue is driven directly where a test needs to cut
 * a request at an exact point, and through the engine for the worker restart.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createUploadRepository } from '../../../src/localdb/uploadRepository';
import { runUploadQueue, UPLOAD_CHUNK_BYTES } from '../../../sync/uploadQueue';
import { createTransport } from '../../../sync/transport';
import { isoMedia, padded } from '../../unit/uploads/fixtures';
import { sampleContent, useSyncSuite, waitFor, type Client } from './harness';

const suite = useSyncSuite();
const CHUNK = UPLOAD_CHUNK_BYTES;
/** Three chunks and a bit: enough to be cut in the middle. */
const SIZE = 3 * CHUNK + 4321;

function videoFile(size = SIZE): Blob {
  const bytes = padded(isoMedia('isom', ['isom', 'mp42']), size);
  for (let i = 64; i < size; i++) bytes[i] = (i * 13) & 0xff;
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'video/mp4' });
}

interface Sent {
  method: string;
  url: string;
  offset: number | null;
  bytes: number;
  outcome: number | 'cut';
}

/**
 * The network of a directly driven queue: every request is recorded with the bytes it
 * carried; `cut` decides, per chunk, whether the connection dies before the request goes out
 * ('before') or after the server took it but before its answer came back ('answer-lost').
 */
function recordingNetwork() {
  const sent: Sent[] = [];
  let cut: (request: Sent, index: number) => 'before' | 'answer-lost' | null = () => null;
  let patches = 0;
  const fetchFn: typeof fetch = async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = init?.body;
    const record: Sent = {
      method,
      url,
      offset: headers['upload-offset'] !== undefined ? Number(headers['upload-offset']) : null,
      bytes: body instanceof Blob ? body.size : 0,
      outcome: 'cut',
    };
    sent.push(record);
    const decision = method === 'PATCH' ? cut(record, patches++) : null;
    if (decision === 'before') throw new TypeError('fetch failed (connection lost)');
    const response = await fetch(input, init);
    record.outcome = response.status;
    if (decision === 'answer-lost') {
      await response.arrayBuffer();
      record.outcome = 'cut';
      throw new TypeError('fetch failed (answer lost)');
    }
    return response;
  };
  return {
    sent,
    fetch: fetchFn,
    cutWhen(rule: typeof cut) {
      cut = rule;
    },
    chunks: () => sent.filter((r) => r.method === 'PATCH'),
    bytesSent: () => sent.reduce((sum, r) => sum + r.bytes, 0),
  };
}

/** A client whose template is on the server and whose engine is stopped: the test runs the queue. */
async function clientWithTemplate(): Promise<{ c: Client; templateId: string; stepId: string }> {
  const c = await suite.client();
  const content = sampleContent('Video quiz');
  const template = await c.repo.create(c.owner(), content);
  await c.engine.whenIdle();
  await c.engine.stop();
  return { c, templateId: template.id, stepId: content.steps[0]!.id };
}

async function queueVideo(c: Client, templateId: string, stepId: string, file = videoFile()) {
  return createUploadRepository(c.db).queue({
    owner: c.owner(),
    templateId,
    stepId,
    purpose: 'media',
    file,
    filename: 'clip.mp4',
  });
}

let runs = 0;

function runQueue(c: Client, network: ReturnType<typeof recordingNetwork>) {
  // Each run an hour after the last, so that any back-off of an earlier attempt has run out.
  const shiftMs = (runs += 1) * 60 * 60_000;
  return runUploadQueue({
    db: c.db,
    transport: createTransport({
      baseUrl: suite.live.baseUrl,
      fetch: network.fetch,
      getIdentity: async () => ({ ...c.identity }),
      timeoutMs: 5_000,
    }),
    now: () => new Date(Date.now() + shiftMs),
    owner: c.owner(),
    timing: { backoffBaseMs: 10, backoffMaxMs: 20 },
    random: () => 0.5,
  });
}

const mediaOf = async (c: Client, templateId: string) =>
  (await c.db.templates.findOne(templateId).exec())?.content.steps[0]?.media ?? null;

describe('an interrupted upload resumes from the server’s offset', () => {
  it('after a connection lost mid-file, the next attempt asks the server and sends only the rest', async () => {
    const { c, templateId, stepId } = await clientWithTemplate();
    const queued = await queueVideo(c, templateId, stepId);
    const network = recordingNetwork();
    network.cutWhen((_r, index) => (index === 2 ? 'before' : null));

    expect((await runQueue(c, network)).kind).toBe('transient');
    const record = (await c.db.uploads.findOne(queued.id).exec())!;
    expect(record).toMatchObject({ status: 'queued', attempts: 1, uploadedBytes: 2 * CHUNK });
    expect(record.uploadId).toEqual(expect.any(String));

    network.cutWhen(() => null);
    const sentBefore = network.sent.length;
    expect((await runQueue(c, network)).kind).toBe('done');
    const second = network.sent.slice(sentBefore);
    // The server is asked first; then the file goes on at its offset, in the same upload.
    expect(second[0]).toMatchObject({
      method: 'GET',
      url: expect.stringContaining(record.uploadId!),
    });
    expect(second.filter((r) => r.method === 'POST')).toEqual([]);
    expect(second.filter((r) => r.method === 'PATCH').map((r) => r.offset)).toEqual([
      2 * CHUNK,
      3 * CHUNK,
    ]);
    // Every byte of the file reached the server once; nothing was sent twice.
    const delivered = network.chunks().filter((r) => r.outcome !== 'cut');
    expect(delivered.reduce((sum, r) => sum + r.bytes, 0)).toBe(SIZE);
    expect(await mediaOf(c, templateId)).toMatchObject({
      mimeType: 'video/mp4',
      filename: 'clip.mp4',
    });
    expect(await c.db.uploads.findOne(queued.id).exec()).toBeNull();
  });

  it('takes the server’s offset over its own: a chunk whose answer was lost is not sent again', async () => {
    const { c, templateId, stepId } = await clientWithTemplate();
    const queued = await queueVideo(c, templateId, stepId);
    const network = recordingNetwork();
    network.cutWhen((_r, index) => (index === 1 ? 'answer-lost' : null));

    expect((await runQueue(c, network)).kind).toBe('transient');
    // The record knows of one chunk; the server holds two.
    expect((await c.db.uploads.findOne(queued.id).exec())?.uploadedBytes).toBe(CHUNK);

    network.cutWhen(() => null);
    const sentBefore = network.sent.length;
    await runQueue(c, network);
    const resumed = network.sent.slice(sentBefore).filter((r) => r.method === 'PATCH');
    expect(resumed.map((r) => r.offset)).toEqual([2 * CHUNK, 3 * CHUNK]);
    expect(network.bytesSent()).toBe(SIZE);
    expect(await mediaOf(c, templateId)).not.toBeNull();
  });

  it('a file left ‘uploading’ by a worker killed mid-file is resumed by the restarted engine, not restarted', async () => {
    const { c, templateId, stepId } = await clientWithTemplate();
    const queued = await queueVideo(c, templateId, stepId);
    const network = recordingNetwork();
    network.cutWhen((_r, index) => (index === 2 ? 'before' : null));
    await runQueue(c, network);
    // What the killed worker leaves: 'uploading', its lease run out, two chunks acknowledged.
    const record = (await c.db.uploads.findOne(queued.id).exec())!;
    await record.incrementalPatch({
      status: 'uploading',
      nextAttemptAt: new Date(Date.now() - 1).toISOString(),
    });

    const chunksBefore = c.network.requests.length;
    await c.restartEngine();
    await waitFor('the video in the task', async () => (await mediaOf(c, templateId)) !== null);
    const after = c.network.requests.slice(chunksBefore);
    expect(after.filter((r) => r.method === 'POST' && r.url.endsWith('/v1/uploads'))).toEqual([]);
    // Two chunks were on the server: only the last two go.
    expect(after.filter((r) => r.method === 'PATCH').map((r) => r.status)).toEqual([200, 201]);
  });

  it('an engine stopped mid-file stops between chunks and the next engine goes on from there', async () => {
    const c = await suite.client();
    const content = sampleContent('Video quiz');
    const template = await c.repo.create(c.owner(), content);
    await c.engine.whenIdle();
    // Each chunk's answer waits until the test lets it go, so the stop lands mid-file.
    c.network.hang = true;
    const queued = await queueVideo(c, template.id, content.steps[0]!.id);
    await waitFor('the first chunk under way', () => c.network.hangingCount > 0);
    const stopping = c.engine.stop();
    await c.network.release();
    await stopping;
    const record = (await c.db.uploads.findOne(queued.id).exec())!;
    expect(record.status).toBe('queued');
    expect(record.uploadedBytes).toBeGreaterThan(0);
    expect(record.uploadedBytes).toBeLessThan(SIZE);

    await c.restartEngine();
    await waitFor('the video in the task', async () => (await mediaOf(c, template.id)) !== null);
    const posts = c.network.requests.filter(
      (r) => r.method === 'POST' && r.url.endsWith('/v1/uploads'),
    );
    expect(posts).toHaveLength(1);
    expect(c.network.requests.filter((r) => r.method === 'PATCH')).toHaveLength(4);
  });

  it('waits while the server is still receiving a cut-off chunk, then goes on from where that chunk ended', async () => {
    const { c, templateId, stepId } = await clientWithTemplate();
    const queued = await queueVideo(c, templateId, stepId);
    const network = recordingNetwork();
    network.cutWhen((_r, index) => (index === 1 ? 'before' : null));
    await runQueue(c, network);
    const uploadId = (await c.db.uploads.findOne(queued.id).exec())!.uploadId!;
    // The dead sender's second chunk, still trickling in when the queue resumes.
    const file = new Uint8Array(await videoFile().arrayBuffer());
    const dying = http.request(new URL(`/v1/uploads/${uploadId}`, suite.live.baseUrl), {
      method: 'PATCH',
      headers: {
        anonid: c.identity.anonId!,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(CHUNK),
        'content-length': String(CHUNK),
      },
    });
    dying.on('error', () => undefined);
    dying.write(Buffer.from(file.subarray(CHUNK, CHUNK + 300_000)));
    setTimeout(() => dying.destroy(), 400);

    const sentBefore = network.sent.length;
    expect(await runQueue(c, network)).toMatchObject({ kind: 'done' });
    const resumed = network.sent.slice(sentBefore).filter((r) => r.method === 'PATCH');
    // No chunk was refused: the first one starts where the dying one's bytes ended.
    expect(resumed[0]).toMatchObject({ offset: CHUNK + 300_000, outcome: 200 });
    expect(resumed.every((r) => r.outcome === 200 || r.outcome === 201)).toBe(true);
    const served = await fetch(
      new URL((await mediaOf(c, templateId))!.url, suite.live.baseUrl),
    ).then((r) => r.arrayBuffer());
    expect(Buffer.compare(Buffer.from(served), Buffer.from(file))).toBe(0);
  });

  it('starts a new upload when the server has forgotten the old one (404/410)', async () => {
    const { c, templateId, stepId } = await clientWithTemplate();
    const queued = await queueVideo(c, templateId, stepId);
    const network = recordingNetwork();
    network.cutWhen((_r, index) => (index === 1 ? 'before' : null));
    await runQueue(c, network);
    const first = (await c.db.uploads.findOne(queued.id).exec())!.uploadId!;
    // The server lost it (expired, or its data folder was reset).
    const dir = path.join(suite.live.server.config.dataDir, 'upload-sessions');
    for (const name of readdirSync(dir).filter((n) => n.startsWith(first))) {
      rmSync(path.join(dir, name));
    }

    network.cutWhen(() => null);
    const sentBefore = network.sent.length;
    expect(await runQueue(c, network)).toMatchObject({ kind: 'done' });
    const second = network.sent.slice(sentBefore);
    expect(second.map((r) => [r.method, r.outcome])).toEqual([
      ['GET', 404],
      ['POST', 201],
      ['PATCH', 200],
      ['PATCH', 200],
      ['PATCH', 200],
      ['PATCH', 201],
    ]);
    expect(await mediaOf(c, templateId)).not.toBeNull();
  });

  it('a file the server refuses at the end fails with its message and is not resent', async () => {
    const { c, templateId, stepId } = await clientWithTemplate();
    // Declared an image, but an HTML page: refused by content once the last byte is in.
    const file = new Blob(['<!doctype html><script>alert(1)</script>'], { type: 'image/png' });
    const queued = await queueVideo(c, templateId, stepId, file);
    const network = recordingNetwork();
    await runQueue(c, network);
    const failed = (await c.db.uploads.findOne(queued.id).exec())!;
    expect(failed.status).toBe('failed');
    expect(failed.errorMessage).toMatch(/isn't supported/);
    await runQueue(c, network);
    expect(network.chunks()).toHaveLength(1);
  });

  it('acknowledged bytes are recorded as each chunk lands (the sync indicator’s progress)', async () => {
    const { c, templateId, stepId } = await clientWithTemplate();
    const queued = await queueVideo(c, templateId, stepId);
    const seen: number[] = [];
    const subscription = c.db.uploads.findOne(queued.id).$.subscribe((doc) => {
      if (doc && seen.at(-1) !== doc.uploadedBytes) seen.push(doc.uploadedBytes ?? 0);
    });
    await runQueue(c, recordingNetwork());
    subscription.unsubscribe();
    expect(seen).toEqual([0, CHUNK, 2 * CHUNK, 3 * CHUNK, SIZE]);
  });
});
