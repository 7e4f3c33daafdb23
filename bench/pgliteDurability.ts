/**
 * What durable commits of the embedded database cost (part of `npm run bench`):
 * single-row inserts and 10-row transactions with PGLITE_DURABILITY=fsync (each commit on disk
 * before it is acknowledged) and relaxed (PGlite as shipped, no fsync). Printed, never
 * asserted: an fsync takes what the disk takes (a laptop SSD ~0.5–2 ms, a cloud volume more).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPglite, type PgliteDurability } from '../server/db/durablePgliteFs';
import { percentile, reportLatency } from './support';

const INSERTS = 500;
const TRANSACTIONS = 100;
const WARM_UP = 50;
const payload = (i: number) => `row ${i} `.padEnd(200, 'x');

async function run(durability: PgliteDurability) {
  const dir = mkdtempSync(path.join(tmpdir(), 'teamtrail-bench-durability-'));
  const pg = createPglite(path.join(dir, 'db'), durability);
  try {
    await pg.exec('create table bench (id serial primary key, payload text not null)');
    for (let i = 0; i < WARM_UP; i += 1)
      await pg.query('insert into bench (payload) values ($1)', [payload(i)]);

    const inserts: number[] = [];
    for (let i = 0; i < INSERTS; i += 1) {
      const start = performance.now();
      await pg.query('insert into bench (payload) values ($1)', [payload(i)]);
      inserts.push(performance.now() - start);
    }
    const transactions: number[] = [];
    for (let i = 0; i < TRANSACTIONS; i += 1) {
      const start = performance.now();
      await pg.transaction(async (tx) => {
        for (let row = 0; row < 10; row += 1)
          await tx.query('insert into bench (payload) values ($1)', [payload(row)]);
      });
      transactions.push(performance.now() - start);
    }
    return { inserts, transactions };
  } finally {
    await pg.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log('Embedded database: durable commits (PGLITE_DURABILITY) vs relaxed\n');
const median = (samples: number[]) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
const results = new Map<PgliteDurability, Awaited<ReturnType<typeof run>>>();
for (const durability of ['fsync', 'relaxed'] as const) {
  const result = await run(durability);
  results.set(durability, result);
  reportLatency(`${durability}: single-row insert`, result.inserts);
  reportLatency(`${durability}: transaction of 10 inserts`, result.transactions);
}
const fsync = results.get('fsync')!;
const relaxed = results.get('relaxed')!;
const perSecond = (samples: number[]) => Math.round(1000 / median(samples));
console.log(
  `\nMedian single-row insert: fsync ${median(fsync.inserts).toFixed(2)} ms ` +
    `(~${perSecond(fsync.inserts)}/s), relaxed ${median(relaxed.inserts).toFixed(2)} ms ` +
    `(~${perSecond(relaxed.inserts)}/s): ${(median(fsync.inserts) / median(relaxed.inserts)).toFixed(1)}× the time per commit.`,
);
console.log(
  `Median 10-insert transaction: fsync ${median(fsync.transactions).toFixed(2)} ms, ` +
    `relaxed ${median(relaxed.transactions).toFixed(2)} ms (one fsync per COMMIT, not per row).`,
);
