/**
 * Upload resume benchmark (a killed upload must not restart from zero): how many bytes go
 * over the network again when the sync worker is killed in the middle of a large upload.
 *
 * A video goes through the real upload queue and engine to the real server on loopback. At a
 * given point of the file the worker is killed: the chunk on the wire is cut off mid-body (the
 * server keeps what arrived), the engine is gone, and its record is left 'uploading' with a
 * lease nobody renews, as a dead worker leaves it. A new engine then starts on the same local
 * database (a reload) and finishes the file. The lease wait (UPLOAD_LEASE_MS) is skipped: it is
 * time, not bytes. Printed: the bytes sent before and after the kill, the bytes sent twice, and
 * what an upload that restarts from zero (before uploads resumed) would have sent again: everything
 * sent before the kill. Figures only, never asserted.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDatabase } from '../server/seed/run';
import { createTeamtrailDatabase } from '../src/localdb/database';
import { createTemplateRepository } from '../src/localdb/templateRepository';
import { createUploadRepository } from '../src/localdb/uploadRepository';
import type { TemplateContent } from '../src/domain/templateContent';
import { SyncEngine } from '../sync/engine';
import { createTransport, type Identity } from '../sync/transport';
import { UPLOAD_CHUNK_BYTES } from '../sync/uploadQueue';
import { percentile, sampleStep } from './support';

const MB = 1024 * 1024;
const FILE_BYTES = 20 * MB;
/** Where in the file the worker is killed, as a share of its size (mid-chunk on purpose). */
const KILL_POINTS = [0.33, 0.61, 0.87];

const dataDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-bench-uploads-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
});
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
await seedDatabase(database.db);
const app = await buildApp({ config, database, logger: false });
const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

const identity: Identity = { token: null, anonId: randomUUID(), userId: null };
const owner = `anon:${identity.anonId}`;
const db = await createTeamtrailDatabase({
  name: 'bench-uploads',
  indexedDB: new IDBFactory(),
  IDBKeyRange,
});
const repo = createTemplateRepository(db);

/** An MP4 as the server's content check sees one: an ftyp box, then data that is not all zeros. */
function videoFile(size: number): Blob {
  const bytes = new Uint8Array(size);
  const ftyp = [0, 0, 0, 24, ...ascii('ftypisom'), 0, 0, 2, 0, ...ascii('isommp42')];
  const mdat = [0, 0, 0, 8, ...ascii('mdat')];
  bytes.set([...ftyp, ...mdat]);
  for (let i = ftyp.length + mdat.length; i < size; i++) bytes[i] = (i * 2654435761) >>> 24;
  return new Blob([bytes], { type: 'video/mp4' });
}

function ascii(text: string): number[] {
  return [...text].map((ch) => ch.charCodeAt(0));
}

const content = (name: string): TemplateContent => ({
  name,
  description: '',
  shortDescription: '',
  gameType: 'quiz',
  deliveryType: 'inPerson',
  duration: 60,
  selectedThemeId: null,
  branding: {
    id: randomUUID(),
    logo: null,
    headerColour: '#0393E3',
    questionBackgroundColour: '#FFFFFF',
    selfieBackgroundColour: '#8FD1FC',
  },
  steps: [sampleStep(0)],
});

/**
 * The worker's network: counts the bytes of file chunks as fetch takes them from the body, and
 * when `killAt` is reached cuts the chunk there (its socket dies mid-body) and refuses every
 * request after it, as a worker that no longer exists.
 */
function network(killAt: number | null) {
  const state = { sent: 0, killed: false };
  const fetchFn: typeof fetch = async (input, init) => {
    if (state.killed) throw new TypeError('the worker is gone');
    const body = init?.body;
    if (!(body instanceof Blob)) return fetch(input, init);
    const reader = body.stream().getReader();
    const counted = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        if (killAt !== null && state.sent + value.byteLength >= killAt) {
          controller.enqueue(value.subarray(0, killAt - state.sent));
          state.sent = killAt;
          state.killed = true;
          // Give the cut bytes a moment on the wire before the connection dies.
          await new Promise((resolve) => setTimeout(resolve, 20));
          controller.error(new TypeError('the worker was killed'));
          return;
        }
        state.sent += value.byteLength;
        controller.enqueue(value);
      },
    });
    return fetch(input, { ...init, body: counted, duplex: 'half' } as RequestInit);
  };
  return { state, fetch: fetchFn };
}

function engineOn(fetchFn: typeof fetch): SyncEngine {
  return new SyncEngine({
    db,
    eventStream: false,
    transport: createTransport({
      baseUrl,
      fetch: fetchFn,
      getIdentity: async () => identity,
      timeoutMs: 15_000,
    }),
    timing: { backoffBaseMs: 20, backoffMaxMs: 100 },
  });
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`.padStart(9);

async function killAndResume(share: number) {
  const setup = engineOn(fetch);
  await setup.start();
  const made = content(`Upload ${share}`);
  const template = await repo.create(owner, made);
  await setup.whenIdle(60_000);
  await setup.stop();
  const stepId = made.steps[0]!.id;
  const file = videoFile(FILE_BYTES);

  const killAt = Math.round(FILE_BYTES * share);
  const first = network(killAt);
  const doomed = engineOn(first.fetch);
  await doomed.start();
  const queued = await createUploadRepository(db).queue({
    owner,
    templateId: template.id,
    stepId,
    purpose: 'media',
    file,
    filename: 'clip.mp4',
  });
  await until(() => first.state.killed);
  await doomed.stop();
  const record = (await db.uploads.findOne(queued.id).exec())!;
  // As the dead worker leaves it: still 'uploading', under a lease that has run out.
  await record.incrementalPatch({
    status: 'uploading',
    nextAttemptAt: new Date(Date.now() - 1).toISOString(),
  });
  const acknowledged = record.uploadedBytes ?? 0;

  const second = network(null);
  const resumed = engineOn(second.fetch);
  const start = performance.now();
  await resumed.start();
  await until(async () => {
    const doc = await db.templates.findOne(template.id).exec();
    return Boolean(doc?.content.steps[0]?.media);
  });
  const ms = performance.now() - start;
  await resumed.whenIdle(60_000);
  await resumed.stop();

  const total = first.state.sent + second.state.sent;
  console.log(
    `  killed at ${`${Math.round(share * 100)}%`.padStart(3)}: sent ${mb(first.state.sent)} before ` +
      `(${mb(acknowledged).trim()} acknowledged), ${mb(second.state.sent)} after; ` +
      `re-sent ${String(total - FILE_BYTES).padStart(7)} bytes ` +
      `(restart from zero: ${mb(first.state.sent).trim()}); finished ${(ms / 1000).toFixed(2)} s after the restart`,
  );
  return { resent: total - FILE_BYTES, fromZero: first.state.sent };
}

/**
 * A hostile SVG used to hold the main thread for seconds while it was checked. One
 * upload of each shape goes to the real server while GET /v1/health is called every 50 ms;
 * printed: the upload's answer and time, /v1/health's p50 and max, and the longest the event loop
 * (server and client share this process) was held. Figures only.
 */
async function hostileSvgFigures() {
  const root = '<svg xmlns="http://www.w3.org/2000/svg"';
  const filled = (head: string, unit: string, tail: string, bytes: number) =>
    head + unit.repeat(Math.floor((bytes - head.length - tail.length) / unit.length)) + tail;
  const shapes: Array<[string, string]> = [
    ['9 MB SVG of small tags', filled(`${root}>`, '<g/>', '</svg>', 9 * MB)],
    ['9 MB SVG, one tag, millions of attributes', filled(root, ' a', '/>', 9 * MB)],
  ];
  const headers = { anonid: identity.anonId! };
  const created = await fetch(`${baseUrl}/v1/templates`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Hostile SVG' }),
  });
  const { id: templateId } = (await created.json()) as { id: string };
  console.log(
    '\n/v1/health while a hostile SVG is checked (one upload each, health every 50 ms)\n',
  );
  for (const [label, svg] of shapes) {
    const form = new FormData();
    form.append('media', new Blob([svg], { type: 'image/svg+xml' }), 'drawing.svg');
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const start = performance.now();
    let done = false;
    const upload = fetch(`${baseUrl}/v1/templates/${templateId}/steps/${randomUUID()}/media`, {
      method: 'POST',
      headers,
      body: form,
    }).then(async (response) => {
      done = true;
      const answer =
        response.status === 201
          ? ''
          : ` "${((await response.json()) as { errorMessage: string }).errorMessage}"`;
      return { status: response.status, answer, ms: performance.now() - start };
    });
    const health: number[] = [];
    while (!done) {
      const probe = performance.now();
      await (await fetch(`${baseUrl}/v1/health`)).arrayBuffer();
      health.push(performance.now() - probe);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const result = await upload;
    loop.disable();
    const sorted = health.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(44)} answered ${result.status} in ${(result.ms / 1000).toFixed(1)} s${result.answer}; ` +
        `/v1/health p50 ${percentile(sorted, 50).toFixed(0)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms ` +
        `(${sorted.length} probes); event loop held at most ${(loop.max / 1e6).toFixed(0)} ms`,
    );
  }
}

try {
  console.log(
    `Upload resume after a kill: bytes re-sent (a ${FILE_BYTES / MB} MB video in ${UPLOAD_CHUNK_BYTES / MB} MiB chunks, ` +
      `real queue and server on loopback)\n`,
  );
  const results = [];
  for (const share of KILL_POINTS) results.push(await killAndResume(share));
  const resent = results.reduce((sum, r) => sum + r.resent, 0);
  const fromZero = results.reduce((sum, r) => sum + r.fromZero, 0);
  console.log(
    `\n${'upload resume after a kill: bytes re-sent'.padEnd(46)} ${Math.round(resent / results.length)} bytes on average ` +
      `of ${FILE_BYTES / MB} MB (restart from zero: ${mb(fromZero / results.length).trim()}; ${results.length} kills)`,
  );
  await hostileSvgFigures();
} finally {
  await db.close();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
