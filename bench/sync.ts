/**
 * Sync benchmarks: time from an edit to the durable local write, from an edit to the
 * server's acknowledgement, and to push 200 templates of 20 tasks after the network returns;
 * and reconnect → server after an outage, with the browser's `online` event and
 * without it (a server restart, a VPN), with the engine's own timings, against the same engine
 * with its health probe turned off (how it recovered before).
 * Runs in Node on fake-indexeddb against the real server on loopback, so the local-write figure
 * measures the engine's own work, not Chromium's IndexedDB (whose strict durability adds a disk
 * flush); bench/browser.ts measures the same in Chromium through the e2e harness.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDatabase } from '../server/seed/run';
import { createTeamtrailDatabase } from '../src/localdb/database';
import { createTemplateRepository } from '../src/localdb/templateRepository';
import { reportLatency, sampleStep } from './support';
import type { TemplateContent } from '../src/domain/templateContent';
import { SyncEngine } from '../sync/engine';
import { createTransport, type Identity } from '../sync/transport';
import { SYNC_TIMING } from '../sync/constants';

/** Long enough for the back-off to grow past a few seconds (1, 2, 4 s… with jitter). */
const OUTAGE_MS = 8_000;
const RECONNECT_RUNS = 5;

const EDITS = 200;
const BULK_TEMPLATES = 200;
const STEPS = 20;

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
  steps: Array.from({ length: STEPS }, (_, i) => sampleStep(i)),
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-bench-sync-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
});
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
await seedDatabase(database.db);
const app = await buildApp({ config, database, logger: false });
const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

let offline = false;
const identity: Identity = { token: null, anonId: randomUUID(), userId: null };
const db = await createTeamtrailDatabase({
  name: 'bench',
  indexedDB: new IDBFactory(),
  IDBKeyRange,
});
const repo = createTemplateRepository(db);
const engine = new SyncEngine({
  db,
  eventStream: false,
  transport: createTransport({
    baseUrl,
    fetch: (input, init) =>
      offline ? Promise.reject(new TypeError('offline')) : fetch(input, init),
    getIdentity: async () => identity,
    timeoutMs: 15_000,
  }),
  timing: { backoffBaseMs: 50, backoffMaxMs: 200 },
});
await engine.start();
const owner = `anon:${identity.anonId}`;

try {
  console.log(
    `Sync engine benchmark (fake-indexeddb in Node, server on loopback, ${STEPS}-task templates)\n`,
  );
  const template = await repo.create(owner, content('Bench'));
  await engine.whenIdle();

  const localWrites: number[] = [];
  const serverAcks: number[] = [];
  for (let i = 0; i < EDITS; i += 1) {
    const start = performance.now();
    await repo.update(template.id, { name: `Bench ${i}` });
    localWrites.push(performance.now() - start);
    // The acknowledgement: the document is synced at this local version.
    for (;;) {
      const doc = await db.templates.findOne(template.id).exec();
      if (doc && doc.pushedVersion >= doc.localVersion) break;
      await new Promise((r) => setTimeout(r, 1));
    }
    serverAcks.push(performance.now() - start);
  }
  reportLatency('edit → durable local write', localWrites);
  reportLatency('edit → server acknowledgement (online)', serverAcks);

  offline = true;
  engine.notify('offline');
  for (let i = 0; i < BULK_TEMPLATES; i += 1) await repo.create(owner, content(`Offline ${i}`));
  const start = performance.now();
  offline = false;
  engine.notify('online');
  await engine.whenIdle(300_000);
  console.log(
    `${`push ${BULK_TEMPLATES} templates of ${STEPS} tasks after reconnecting`.padEnd(46)} ${((performance.now() - start) / 1000).toFixed(2)} s`,
  );

  console.log(
    `\nReconnect → server after a ${OUTAGE_MS / 1000} s outage (real timings; target < 2 s)`,
  );
  await engine.stop();
  for (const [label, notify, probe] of [
    ['with the online event', true, true],
    ['without it (health probe)', false, true],
    ['without it, probe off (before)', false, false],
  ] as const) {
    reportLatency(`  ${label}`, await reconnectRuns(notify, probe));
  }
} finally {
  await engine.stop();
  await db.close();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Edits during an outage, then the network comes back: time until the server has the edit. */
async function reconnectRuns(sendOnlineEvent: boolean, probe: boolean): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < RECONNECT_RUNS; run += 1) {
    const reconnecting = new SyncEngine({
      db,
      eventStream: false,
      transport: createTransport({
        baseUrl,
        fetch: (input, init) =>
          offline ? Promise.reject(new TypeError('offline')) : fetch(input, init),
        getIdentity: async () => identity,
        timeoutMs: SYNC_TIMING.requestTimeoutMs,
      }),
      timing: probe ? {} : { probeIntervalMs: 3_600_000 },
    });
    await reconnecting.start();
    await reconnecting.whenIdle(60_000);
    offline = true;
    const made = await repo.create(owner, content(`Outage ${run}`));
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    const start = performance.now();
    offline = false;
    if (sendOnlineEvent) reconnecting.notify('online');
    for (;;) {
      const doc = await db.templates.findOne(made.id).exec();
      if (doc?.server) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    samples.push(performance.now() - start);
    await reconnecting.stop();
  }
  return samples;
}
