/**
 * API latency on the embedded database (part of `npm run bench`), printed, never asserted.
 * Starts the real server on a free port with a temporary data folder and drives it over HTTP.
 *
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDatabase } from '../server/seed/run';
import type { Template } from '../src/domain/schemas';
import { reportLatency, sampleStep } from './support';

const ITERATIONS = 300;
const STEPS_PER_TEMPLATE = 20;

async function measure(label: string, run: (i: number) => Promise<void>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i += 1) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  reportLatency(label, times);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: '0',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
});
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
await seedDatabase(database.db);
const app = await buildApp({ config, database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const headers = { 'content-type': 'application/json', anonid: randomUUID() };

try {
  console.log(`Teamtrail API benchmark (embedded PGlite, ${STEPS_PER_TEMPLATE}-task templates)\n`);
  const created = (await (
    await fetch(`${address}/v1/templates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Bench',
        steps: Array.from({ length: STEPS_PER_TEMPLATE }, (_, i) => sampleStep(i)),
      }),
    })
  ).json()) as Template;
  let revision = created.revision;

  await measure('PATCH /templates/{id} (rename, If-Match)', async (i) => {
    const response = await fetch(`${address}/v1/templates/${created.id}`, {
      method: 'PATCH',
      headers: { ...headers, 'if-match': `"${revision}"` },
      body: JSON.stringify({ name: `Bench ${i}` }),
    });
    revision = ((await response.json()) as Template).revision;
  });
  await measure('PATCH /templates/{id} (all 20 tasks)', async (i) => {
    const response = await fetch(`${address}/v1/templates/${created.id}`, {
      method: 'PATCH',
      headers: { ...headers, 'if-match': `"${revision}"` },
      body: JSON.stringify({
        steps: Array.from({ length: STEPS_PER_TEMPLATE }, (_, j) => sampleStep(i * 100 + j)),
      }),
    });
    revision = ((await response.json()) as Template).revision;
  });
  await measure('POST /templates (new, 20 tasks)', async (i) => {
    await (
      await fetch(`${address}/v1/templates`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: `New ${i}`,
          steps: Array.from({ length: STEPS_PER_TEMPLATE }, (_, j) => sampleStep(j)),
        }),
      })
    ).arrayBuffer();
  });
  await measure('GET /templates?since= (incremental pull)', async () => {
    await (
      await fetch(
        `${address}/v1/templates?since=${encodeURIComponent(new Date(Date.now() - 1000).toISOString())}`,
        { headers },
      )
    ).arrayBuffer();
  });
  await measure('GET /templates/library', async () => {
    await (await fetch(`${address}/v1/templates/library`, { headers })).arrayBuffer();
  });
  const memory = process.memoryUsage();
  console.log(
    `\nServer process memory: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`,
  );
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
