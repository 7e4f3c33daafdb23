/**
 * The embedded database in its worker thread (server/db/pgliteThread.ts) behaves as PGlite does
 * in the server's own thread: PostgreSQL's error fields reach the caller, a transaction commits
 * or rolls back as a whole and holds the database while it is open, and what a folder's
 * database acknowledged is there when it is opened again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { openPgliteThread } from '../../server/db/pgliteThread';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('PGlite in a worker thread', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', dataDir: null, thread: true });
    await handle.db.execute(sql`create table thread_probe (id int primary key, label text)`);
  });
  afterAll(() => handle.close());

  it("keeps PostgreSQL's error code and constraint, where the services look for them", async () => {
    await handle.db.execute(sql`insert into thread_probe values (1, 'one')`);
    const error = await handle.db
      .execute(sql`insert into thread_probe values (1, 'again')`)
      .catch((e: unknown) => e as { cause?: { code?: string; constraint?: string } });
    expect(error).toBeInstanceOf(Error);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('23505');
    expect((error as { cause?: { constraint?: string } }).cause?.constraint).toBe(
      'thread_probe_pkey',
    );
  });

  it('rolls a transaction back as a whole when its callback throws', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (2, 'two')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const found = rows<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from thread_probe where id = 2`),
    );
    expect(found[0]?.n).toBe(0);
  });

  it('makes a call from outside wait until an open transaction has committed', async () => {
    let releaseTransaction = () => {};
    const held = new Promise<void>((resolve) => (releaseTransaction = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (3, 'three')`);
      await held;
      await tx.execute(sql`update thread_probe set label = 'three, committed' where id = 3`);
    });
    // Give the transaction time to begin, then read from outside it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = handle.db.execute(sql`select label from thread_probe where id = 3`);
    releaseTransaction();
    await transaction;
    expect(rows<{ label: string }>(await outside)).toEqual([{ label: 'three, committed' }]);
  });

  it('returns drizzle rows with timestamps as PostgreSQL wrote them and json parsed', async () => {
    const [row] = rows<{ at: string; doc: { a: number } }>(
      await handle.db.execute(
        sql`select '2026-11-27 10:00:00+00'::timestamptz as at, '{"a":1}'::jsonb as doc`,
      ),
    );
    expect(row).toEqual({ at: '2026-11-27 10:00:00+00', doc: { a: 1 } });
  });
});

describe('PGlite in a worker thread, on a folder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'teamtrail-pglite-thread-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what it acknowledged for the next opening of the folder', async () => {
    const dataDir = path.join(dir, 'db');
    const first = await openDatabase({ kind: 'pglite', dataDir, thread: true });
    await first.db.execute(sql`create table kept (label text)`);
    await first.db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values ('acknowledged')`);
    });
    await first.close();
    const second = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(rows(await second.db.execute(sql`select label from kept`))).toEqual([
        { label: 'acknowledged' },
      ]);
    } finally {
      await second.close();
    }
  });

  it('refuses every call once closed, instead of waiting for ever', async () => {
    const client = await openPgliteThread({
      dataDir: null,
      durability: 'relaxed',
      checkpointIntervalMs: 60_000,
    });
    await client.close();
    await expect(client.query('select 1')).rejects.toThrow('The embedded database is closed.');
  });
});
