/**
 * Upload throughput and memory (part of `npm run bench`): the real server on a free
 * port receives N video uploads at once, each streamed by the client over its own connection,
 * and we print how fast the bytes were taken in and how much the server's memory (rss) grew
 * per upload in flight. Photos (decoded to check them) are measured the same way. Figures only,
 * never asserted; the machine is shared, so each figure is the median of several rounds.
 *
 * The server runs in this process, so rss is the server's plus a small client (the bodies are
 * made as they are sent, tests/integration/support/streamedUpload.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedDatabase } from '../server/seed/run';
import type { Template } from '../src/domain/schemas';
import {
  fileUpload,
  postStreamed,
  streamedVideoUpload,
} from '../tests/integration/support/streamedUpload';
import { percentile } from './support';

const MB = 1024 * 1024;
const ROUNDS = 3;
const VIDEO_BYTES = 60 * MB;

const dataDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-bench-upload-load-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: '0',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
  PLAY_TEAM_RATE_LIMIT_PER_MINUTE: '1000000',
  // Each round stores hundreds of megabytes for one guest.
  UPLOAD_QUOTA_PER_ACCOUNT_MB: '1000000',
});
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
await seedDatabase(database.db);
const app = await buildApp({ config, database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const headers = { anonid: randomUUID() };

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Runs `send` `count` times at once; the wall time and the peak rss growth over it. */
async function round(count: number, send: () => Promise<number>) {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: count }, send));
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const refused = statuses.filter((status) => status >= 300);
  if (refused.length > 0) throw new Error(`uploads refused: ${refused.join(', ')}`);
  return { ms, growth: peak - baseline };
}

async function measure(label: string, count: number, bytes: number, send: () => Promise<number>) {
  const rounds = [];
  for (let i = 0; i < ROUNDS; i += 1) rounds.push(await round(count, send));
  const throughput = median(rounds.map((r) => (count * bytes) / MB / (r.ms / 1000)));
  const perUpload = median(rounds.map((r) => r.growth / count / MB));
  const growth = median(rounds.map((r) => r.growth / MB));
  console.log(
    `${label.padEnd(34)} ${throughput.toFixed(0).padStart(5)} MB/s   rss +${growth
      .toFixed(0)
      .padStart(4)} MB   ${perUpload.toFixed(1).padStart(6)} MB per upload in flight`,
  );
}

try {
  const template = (await (
    await fetch(`${address}/v1/templates`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench uploads' }),
    })
  ).json()) as Template;
  const mediaUrl = () => `/v1/templates/${template.id}/steps/${randomUUID()}/media`;

  console.log(
    `Upload throughput and memory (median of ${ROUNDS} rounds; MB = 2^20 bytes; rss of the server process)\n`,
  );
  // Warm-up: load the parser, sniffers and storage code before measuring.
  await postStreamed(address, mediaUrl(), headers, streamedVideoUpload(2 * MB));

  for (const count of [1, 4, 12]) {
    await measure(`${count} x 60 MB video at once`, count, VIDEO_BYTES, async () => {
      const answer = await postStreamed(
        address,
        mediaUrl(),
        headers,
        streamedVideoUpload(VIDEO_BYTES),
      );
      return answer.status;
    });
  }

  // A phone photo: 12 megapixels of noise as a JPEG (incompressible, so several megabytes).
  const photo = await sharp(randomBytes(4000 * 3000 * 3), {
    raw: { width: 4000, height: 3000, channels: 3 },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const photoUpload = fileUpload(photo, 'photo.jpg', 'image/jpeg');
  for (const count of [1, 12]) {
    await measure(
      `${count} x ${(photo.length / MB).toFixed(1)} MB photo (12 MP) at once`,
      count,
      photo.length,
      async () => (await postStreamed(address, mediaUrl(), headers, photoUpload)).status,
    );
  }
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
