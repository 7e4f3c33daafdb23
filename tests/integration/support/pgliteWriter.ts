/**
 * Child process of pgliteCrash.test.ts: opens the embedded database as the server does
 * (openDatabase, with the durability given) and writes rows until it is killed, printing each
 * row's id on its own line once the write is acknowledged (its promise resolved).
 *
 *   node --import tsx tests/integration/support/pgliteWriter.ts <dataDir> <fsync|relaxed>
 *
 * Every third write is a transaction of two rows (both ids printed after COMMIT); the others
 * are single inserts. Rows are a few KB, so that relation files grow while it runs.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../server/db/client';
import { parsePgliteDurability } from '../../../server/db/durablePgliteFs';

const [dataDir, durability] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: pgliteWriter.ts <dataDir> <fsync|relaxed>');

const database = await openDatabase({
  kind: 'pglite',
  dataDir,
  durability: parsePgliteDurability(durability),
});
const { db } = database;
await db.execute(
  sql`create table if not exists crash_acked (id integer primary key, payload text not null)`,
);
const last = await db.execute(sql`select max(id) as max from crash_acked`);
let id = ((last as unknown as { rows: { max: number | null }[] }).rows[0]?.max ?? 0) + 1;
process.stdout.write('ready\n');

const payload = (n: number) => `${n}:`.padEnd(2_000 + (n % 7) * 500, 'x');
for (let round = 0; ; round += 1) {
  if (round % 3 === 2) {
    const first = id;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into crash_acked values (${first}, ${payload(first)})`);
      await tx.execute(sql`insert into crash_acked values (${first + 1}, ${payload(first + 1)})`);
    });
    process.stdout.write(`${first}\n${first + 1}\n`);
    id += 2;
  } else {
    await db.execute(sql`insert into crash_acked values (${id}, ${payload(id)})`);
    process.stdout.write(`${id}\n`);
    id += 1;
  }
}
