/**
 * Durability of the embedded database: with PGLITE_DURABILITY=fsync (the default)
 * every file PGlite writes for a call is fsynced before the call's promise resolves, the WAL by
 * PostgreSQL itself inside COMMIT; with `relaxed` nothing is ever fsynced (PGlite as shipped).
 * server/db/durablePgliteFs.ts says why and how.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import {
  createPglite,
  parsePgliteDurability,
  type DurableFsEvent,
} from '../../server/db/durablePgliteFs';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'teamtrail-durability-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * The files written during `events` that had no fsync after their last write, as
 * "path (kind)": what a power cut right after the call could still lose.
 */
function unsyncedWrites(events: readonly DurableFsEvent[]): string[] {
  const lastWrite = new Map<string, number>();
  const lastSync = new Map<string, number>();
  events.forEach((event, i) => {
    if (event.op === 'rename') {
      // A file written under a temporary name and renamed (PostgreSQL's durable_rename).
      const written = lastWrite.get(event.from ?? '');
      lastWrite.delete(event.from ?? '');
      if (written !== undefined) lastWrite.set(event.path, written);
    } else {
      (event.op === 'write' ? lastWrite : lastSync).set(event.path, i);
    }
  });
  return [...lastWrite]
    .filter(([file, at]) => (lastSync.get(file) ?? -1) < at)
    .map(([file]) => file);
}

const payload = (i: number) => `${i}:`.padEnd(3_000, 'x');

describe('PGLITE_DURABILITY=fsync', () => {
  let pg: PGlite;
  let dataDir: string;
  const events: DurableFsEvent[] = [];
  /** What opening (and so making) the database did. */
  let opening: DurableFsEvent[] = [];

  /** Runs one call and answers what the filesystem did until its promise resolved. */
  async function during(call: () => Promise<unknown>): Promise<DurableFsEvent[]> {
    events.length = 0;
    await call();
    return events.splice(0);
  }

  beforeAll(async () => {
    dataDir = path.join(tempDir(), 'db');
    pg = createPglite(dataDir, 'fsync', { trace: (e) => events.push(e) });
    await pg.waitReady;
    opening = events.splice(0);
  });

  afterAll(async () => {
    await pg?.close();
  });

  it('runs PostgreSQL with fsync on, WAL synced with fsync() and synchronous commits', async () => {
    const show = async (name: string) =>
      (await pg.query<Record<string, string>>(`show ${name}`)).rows[0]?.[name];
    expect(await show('fsync')).toBe('on');
    expect(await show('wal_sync_method')).toBe('fsync');
    expect(await show('synchronous_commit')).toBe('on');
    expect(await show('full_page_writes')).toBe('on');
  });

  it('has synced the whole new database, directories too, before it opens', () => {
    expect(opening.filter((e) => e.op === 'write').length).toBeGreaterThan(500);
    expect(unsyncedWrites(opening)).toEqual([]);
    const syncedDirs = opening.filter((e) => e.op === 'fsync' && e.kind === 'directory');
    expect(syncedDirs.map((e) => e.path)).toEqual(expect.arrayContaining(['', '..', 'base']));
  });

  it('fsyncs every file a call wrote before the call resolves: query, exec, transaction, DDL', async () => {
    const calls: Array<[string, () => Promise<unknown>]> = [
      [
        'create table',
        () => pg.exec('create table acked (id integer primary key, payload text not null)'),
      ],
      ['insert (query)', () => pg.query('insert into acked values ($1, $2)', [1, payload(1)])],
      ['insert (exec)', () => pg.exec(`insert into acked values (2, '${payload(2)}')`)],
      [
        'transaction',
        () =>
          pg.transaction(async (tx) => {
            for (let id = 3; id < 40; id += 1)
              await tx.query('insert into acked values ($1, $2)', [id, payload(id)]);
          }),
      ],
      ['update', () => pg.query(`update acked set payload = payload || 'y' where id < 20`)],
      ['delete', () => pg.query('delete from acked where id = 5')],
      ['checkpoint', () => pg.exec('checkpoint')],
      ['create index', () => pg.exec('create index acked_payload on acked (payload)')],
    ];
    for (const [name, call] of calls) {
      const seen = await during(call);
      expect(seen.filter((e) => e.op === 'write').length, name).toBeGreaterThan(0);
      expect(unsyncedWrites(seen), name).toEqual([]);
    }
  });

  it('has PostgreSQL itself fsync the WAL inside each COMMIT', async () => {
    for (const call of [
      () => pg.query('insert into acked values ($1, $2)', [100, payload(100)]),
      () => pg.transaction((tx) => tx.query('insert into acked values (101, $1)', ['t'])),
    ]) {
      const seen = await during(call);
      const wal = seen.filter((e) => e.path.startsWith(`pg_wal${path.sep}`));
      expect(wal.map((e) => `${e.op} by ${e.by}`)).toContain('fsync by postgres');
      expect(unsyncedWrites(seen)).toEqual([]);
    }
  });

  it('writes and syncs nothing for a read', async () => {
    expect(await during(() => pg.query('select count(*) from acked'))).toEqual([]);
  });

  it('keeps the rows after close and reopening', async () => {
    await pg.close();
    pg = createPglite(dataDir, 'fsync', { trace: (e) => events.push(e) });
    const { rows } = await pg.query<{ n: number }>('select count(*)::int as n from acked');
    expect(rows[0]?.n).toBe(40);
  });
});

describe('PGLITE_DURABILITY=relaxed', () => {
  it('is PGlite as shipped: fsync off, and not one fsync however much is written', async () => {
    const pg = createPglite(path.join(tempDir(), 'db'), 'relaxed');
    await pg.waitReady;
    try {
      // Count at Emscripten's level what PostgreSQL writes and what it asks to sync; NODEFS has
      // no fsync of its own, so the counting one is all there is.
      const nodefs = (
        pg.Module as unknown as {
          NODEFS: { stream_ops: Record<string, (...args: unknown[]) => unknown> };
        }
      ).NODEFS;
      const ops = nodefs.stream_ops;
      let writes = 0;
      let fsyncs = 0;
      const write = ops.write!;
      ops.write = (...args) => {
        writes += 1;
        return write(...args);
      };
      ops.fsync = () => {
        fsyncs += 1;
        return 0;
      };
      expect((await pg.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('off');
      await pg.exec('create table acked (id integer primary key, payload text not null)');
      for (let id = 1; id <= 20; id += 1)
        await pg.query('insert into acked values ($1, $2)', [id, payload(id)]);
      await pg.transaction((tx) => tx.query('insert into acked values (21, $1)', ['t']));
      await pg.exec('checkpoint');
      expect(writes).toBeGreaterThan(0);
      expect(fsyncs).toBe(0);
    } finally {
      await pg.close();
    }
  });
});

describe('the setting', () => {
  it('is fsync unless PGLITE_DURABILITY says relaxed; anything else stops the server', () => {
    expect(parsePgliteDurability(undefined)).toBe('fsync');
    expect(parsePgliteDurability('')).toBe('fsync');
    expect(parsePgliteDurability('relaxed')).toBe('relaxed');
    expect(parsePgliteDurability(' FSYNC ')).toBe('fsync');
    expect(() => parsePgliteDurability('off')).toThrow(/PGLITE_DURABILITY must be fsync .* "off"/);
    const env = { DATA_DIR: tempDir(), AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig(env).pgliteDurability).toBe('fsync');
    expect(loadConfig({ ...env, PGLITE_DURABILITY: 'relaxed' }).pgliteDurability).toBe('relaxed');
  });

  it('reaches the database openDatabase opens', async () => {
    const dataDir = path.join(tempDir(), 'db');
    for (const [durability, fsync] of [
      ['relaxed', 'off'],
      ['fsync', 'on'],
    ] as const) {
      const database = await openDatabase({ kind: 'pglite', dataDir, durability });
      try {
        const result = await database.db.execute(sql`show fsync`);
        expect((result as unknown as { rows: { fsync: string }[] }).rows[0]?.fsync).toBe(fsync);
      } finally {
        await database.close();
      }
    }
  });
});
