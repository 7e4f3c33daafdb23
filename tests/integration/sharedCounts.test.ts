/**
 * The counts limits share between instances (server/services/limits/sharedCounts.ts): each
 * instance writes only the keys that changed since its last report, deletes those back at 0,
 * and reads the other live instances' counts summed per key, leaving out expired counts and
 * instances whose heartbeat is old; a stopped instance takes its rows with it; a failed sync is
 * logged and retried, never thrown. On the embedded database (one process) nothing is written.
 * The PostgreSQL part runs when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database, type DatabaseHandle } from '../../server/db/client';
import { createSharedCounts, type SharedCounts } from '../../server/services/limits/sharedCounts';
import { createFreshPostgresDatabase, TEST_DATABASE_URL } from './support/postgres';
import { startTestServer } from './support/testServer';

const SYNC_MS = 100;

const quietLog = () =>
  ({ warn: vi.fn(), info: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & {
    warn: ReturnType<typeof vi.fn>;
  };

async function rowsOf(db: Database, instanceId: string) {
  const result = await db.execute(
    sql`select key, count from limit_counts where instance_id = ${instanceId} order by key`,
  );
  return (result as unknown as { rows: { key: string; count: number }[] }).rows;
}

describe.skipIf(!TEST_DATABASE_URL)('shared counts on PostgreSQL', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const made: SharedCounts[] = [];

  beforeAll(async () => {
    const fresh = await createFreshPostgresDatabase();
    drop = fresh.drop;
    database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 3 });
  });

  afterAll(async () => {
    for (const counts of made) await counts.stop();
    await database?.close();
    await drop?.();
  });

  /** Not started: each test syncs by hand, so nothing happens between its steps. */
  const counts = () => {
    const made1 = createSharedCounts({ db: database.db, syncMs: SYNC_MS, log: quietLog() });
    made.push(made1);
    return made1;
  };

  it("sums the other instances' counts per key, not its own; an unknown key is 0", async () => {
    const [a, b, c] = [counts(), counts(), counts()];
    a.add('k1', 2);
    b.add('k1', 3);
    await Promise.all([a.syncNow(), b.syncNow()]);
    await c.syncNow();
    expect(c.others('k1')).toBe(5);
    expect(c.others('unknown')).toBe(0);
    await a.syncNow();
    expect(a.others('k1')).toBe(3);
    expect(a.local('k1')).toBe(2);
  });

  it('writes only the keys that changed since the last report, and deletes a count back at 0', async () => {
    const a = counts();
    const b = counts();
    a.add('changed', 1);
    a.add('zeroed', 1);
    await a.syncNow();
    expect(await rowsOf(database.db, a.instanceId)).toEqual([
      { key: 'changed', count: 1 },
      { key: 'zeroed', count: 1 },
    ]);
    // Left alone by the next sync, which has nothing to report for this key.
    await database.db.execute(
      sql`update limit_counts set count = 99 where instance_id = ${a.instanceId} and key = 'changed'`,
    );
    a.add('zeroed', -1);
    await a.syncNow();
    expect(await rowsOf(database.db, a.instanceId)).toEqual([{ key: 'changed', count: 99 }]);
    await b.syncNow();
    expect(b.others('zeroed')).toBe(0);
    a.add('changed', 1);
    await a.syncNow();
    expect(await rowsOf(database.db, a.instanceId)).toEqual([{ key: 'changed', count: 2 }]);
  });

  it('leaves out a count once its expiry has passed, here and on the other instances', async () => {
    const a = counts();
    const b = counts();
    const expiresAt = Date.now() + 1_500;
    a.add('window', 4, expiresAt);
    await a.syncNow();
    await b.syncNow();
    expect(b.others('window')).toBe(4);
    await vi.waitUntil(() => Date.now() > expiresAt, { timeout: 5_000, interval: 20 });
    await b.syncNow();
    expect(b.others('window')).toBe(0);
    await a.syncNow();
    expect(a.local('window')).toBe(0);
  });

  it('ignores an instance whose heartbeat is older than a few sync intervals, and removes its rows after a minute', async () => {
    const a = counts();
    const b = counts();
    a.add('streams', 2);
    await a.syncNow();
    await b.syncNow();
    expect(b.others('streams')).toBe(2);
    // A stops syncing (it crashed): its heartbeat ages.
    await database.db.execute(
      sql`update limit_instances set seen_at = now() - interval '2 seconds' where instance_id = ${a.instanceId}`,
    );
    await b.syncNow();
    expect(b.others('streams')).toBe(0);
    expect(await rowsOf(database.db, a.instanceId)).toHaveLength(1);
    await database.db.execute(
      sql`update limit_instances set seen_at = now() - interval '2 minutes' where instance_id = ${a.instanceId}`,
    );
    // A new instance cleans up at its first sync.
    await counts().syncNow();
    expect(await rowsOf(database.db, a.instanceId)).toEqual([]);
  });

  it("stop() removes the instance's rows and heartbeat", async () => {
    const a = counts();
    a.add('open', 1);
    await a.syncNow();
    expect(await rowsOf(database.db, a.instanceId)).toHaveLength(1);
    await a.stop();
    expect(await rowsOf(database.db, a.instanceId)).toEqual([]);
    const beats = await database.db.execute(
      sql`select 1 from limit_instances where instance_id = ${a.instanceId}`,
    );
    expect((beats as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe('shared counts when the database fails', () => {
  it('logs a failed sync, never throws, and reports the same changes at the next one', async () => {
    const sent: string[] = [];
    let fail = true;
    const db = {
      execute: vi.fn(async (query: { queryChunks?: unknown[] }) => {
        // The values put into the statement (its SQL text is in other chunks).
        sent.push((query.queryChunks ?? []).filter((c) => typeof c === 'string').join(' '));
        if (fail) throw new Error('connection refused');
        return { rows: [] };
      }),
    } as unknown as Database;
    const log = quietLog();
    const counts = createSharedCounts({ db, syncMs: SYNC_MS, log });
    counts.add('kept', 1);
    await expect(counts.syncNow()).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(counts.local('kept')).toBe(1);
    fail = false;
    sent.length = 0;
    await counts.syncNow();
    // The sync statement (the first sent) still carries the change the failed one could not.
    expect(sent[0]).toContain('kept');
  });
});

describe('on the embedded database (one process)', () => {
  it('counts in memory and writes nothing to the database', async () => {
    const server = await startTestServer({ env: { STREAMS_PER_GAME: '3', LIMIT_SYNC_MS: '50' } });
    try {
      const counts = server.app.limitCounts;
      expect(counts.instanceId).toBe('local');
      await server.request({ method: 'GET', url: '/v1/auth/me' });
      counts.add('stream:game:x', 2);
      await counts.nextSync();
      expect(counts.local('stream:game:x')).toBe(2);
      expect(counts.others('stream:game:x')).toBe(0);
      const written = await server.database.db.execute(
        sql`select (select count(*) from limit_counts)::int as counts, (select count(*) from limit_instances)::int as instances`,
      );
      expect((written as unknown as { rows: unknown[] }).rows).toEqual([
        { counts: 0, instances: 0 },
      ]);
    } finally {
      await server.close();
    }
  });
});
