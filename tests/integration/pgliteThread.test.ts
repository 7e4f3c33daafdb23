/**
 * The embedded database in its worker thread (server/db/pgliteThread.ts) behaves as PGlite does
 * in the server's own thread: PostgreSQL's error fields reach the caller, a transaction commits
 * or rolls back as a whole and holds the database while it is open, and what a folder's
 * database acknowledged is there when it is opened again. A worker that dies is replaced (a
 * folder's database is opened again), so the server does not go on with every call failing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { openPgliteThread, pgliteWorkerOf } from '../../server/db/pgliteThread';

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
    let begun = () => {};
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (3, 'three')`);
      begun();
      await held;
      await tx.execute(sql`update thread_probe set label = 'three, committed' where id = 3`);
    });
    // Once the transaction has written, read from outside it.
    await inside;
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

  it("opens a folder's database again when its worker dies: held calls fail, later ones wait for it, and what was committed is there", async () => {
    const client = await openPgliteThread({
      dataDir: path.join(dir, 'dies'),
      durability: 'fsync',
      checkpointIntervalMs: 60_000,
    });
    try {
      await client.exec('create table survives (label text)');
      await client.transaction(async (tx) => {
        await tx.query('insert into survives values ($1)', ['committed']);
      });
      const first = pgliteWorkerOf(client);
      expect(first).not.toBeNull();
      // What a PGlite abort or an out-of-memory thread looks like from the server's side. A call
      // the dying worker held fails (its request answers an error the client retries)…
      const held = client.query('select pg_sleep(0.5)');
      await first!.terminate();
      await expect(held).rejects.toThrow('The embedded database stopped');
      // …and a call made while the database is opened again waits for it.
      const meanwhile = client.query<{ rows: { label: string }[] }>('select label from survives');
      expect((await meanwhile).rows).toEqual([{ label: 'committed' }]);
      expect(pgliteWorkerOf(client)).not.toBe(first);
      // And it goes on taking writes.
      await client.query('insert into survives values ($1)', ['after']);
      const all = await client.query<{ rows: unknown[] }>('select * from survives');
      expect(all.rows).toHaveLength(2);
    } finally {
      await client.close();
    }
  });

  it("stops, refusing calls instead of waiting for ever, when an in-memory database's worker dies (nothing to reopen)", async () => {
    const client = await openPgliteThread({
      dataDir: null,
      durability: 'relaxed',
      checkpointIntervalMs: 60_000,
    });
    await pgliteWorkerOf(client)!.terminate();
    await expect(client.query('select 1')).rejects.toThrow('The embedded database stopped');
    await client.close();
  });

  it('stops for good when the worker keeps dying (three restarts a minute)', async () => {
    const client = await openPgliteThread({
      dataDir: path.join(dir, 'keeps-dying'),
      durability: 'relaxed',
      checkpointIntervalMs: 60_000,
    });
    for (let restart = 0; restart < 3; restart++) {
      await pgliteWorkerOf(client)!.terminate();
      await expect(client.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
    }
    await pgliteWorkerOf(client)!.terminate();
    await expect(client.query('select 1')).rejects.toThrow('The embedded database stopped');
    await client.close();
  });
});
