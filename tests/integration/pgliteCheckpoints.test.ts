/**
 * The embedded database checkpoints by itself (server/db/pgliteCheckpoints.ts). PGlite's
 * single-user PostgreSQL has no checkpointer: without these, the redo point never moved, the WAL
 * grew for as long as the server ran, and a start after a crash replayed all of it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

let dir: string;
let handle: DatabaseHandle | null = null;
afterEach(async () => {
  await handle?.close();
  handle = null;
  rmSync(dir, { recursive: true, force: true });
});

/** Where recovery would start replaying the WAL from. */
async function redoPoint(database: DatabaseHandle): Promise<string> {
  const result = await database.db.execute(
    sql`select redo_lsn::text as redo from pg_control_checkpoint()`,
  );
  return (result as unknown as { rows: { redo: string }[] }).rows[0]!.redo;
}

/** Writes about 16 MB of WAL, a segment's worth. */
async function writeASegment(database: DatabaseHandle) {
  await database.db.execute(sql`create table if not exists filler (v text)`);
  for (let i = 0; i < 16; i += 1) {
    await database.db.execute(
      sql`insert into filler select repeat('x', 500) from generate_series(1, 2000)`,
    );
  }
}

describe('checkpoints of the embedded database', () => {
  it('moves the redo point on by itself, so the WAL stops growing after old segments are recycled', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'teamtrail-checkpoints-'));
    handle = await openDatabase({
      kind: 'pglite',
      dataDir: dir,
      durability: 'relaxed',
      checkpointIntervalMs: 100,
    });
    const segments = () => readdirSync(path.join(dir, 'pg_wal')).filter((f) => WAL_SEGMENT.test(f));
    for (let round = 0; round < 4; round += 1) {
      const before = await redoPoint(handle);
      await writeASegment(handle);
      // The next checkpoint moves the redo point past what was just written.
      while ((await redoPoint(handle)) === before) {
        // Only the pause between two looks: a checkpoint tells no one that it has run.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    // Four segments' worth written; without checkpoints every one of them stays (6+ files).
    expect(segments().length).toBeLessThanOrEqual(4);
  }, 120_000);
});
