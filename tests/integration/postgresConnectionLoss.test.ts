/**
 * PostgreSQL closing idle connections (a database restart, a failover, a proxy's idle timeout)
 * must not stop the server: the pools report it as an 'error' event, which without a listener
 * is an uncaught exception, and the server shuts down on one. The next query opens a new
 * connection. Runs when TEST_DATABASE_URL is set.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { startTestServer, type TestServer } from './support/testServer';
import { createFreshPostgresDatabase, TEST_DATABASE_URL } from './support/postgres';
import { createPostgresBus } from '../../server/services/realtimePostgres';
import type { RealtimeEvent } from '../../server/services/realtime';

/** Ends every connection to `database` except the caller's, as a PostgreSQL restart would. */
async function terminateConnections(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await admin.connect();
  try {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/** Uncaught exceptions while a test runs (vitest reports them too, but after the fact). */
function watchUncaught() {
  const seen: unknown[] = [];
  const listener = (error: unknown) => seen.push(error);
  beforeEach(() => {
    seen.length = 0;
    process.on('uncaughtException', listener);
  });
  afterEach(() => {
    process.off('uncaughtException', listener);
  });
  return seen;
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL closes idle connections', () => {
  const uncaught = watchUncaught();

  describe('the database pool', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ postgres: true });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('keeps the server running and answers the next request on a new connection', async () => {
      expect((await server.request({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
      const { rows } = (await server.database.db.execute(
        sql`select current_database() as name`,
      )) as unknown as { rows: { name: string }[] };
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        expect(await terminateConnections(rows[0]!.name)).toBeGreaterThan(0);
        // The pool hears of each closed connection, warns, and drops it. Until it has dropped
        // them all, a query may still be handed one that is closed but not yet heard of.
        await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 10_000 });
        const pool = (server.database.db as unknown as { $client: pg.Pool }).$client;
        await vi.waitFor(() => expect(pool.totalCount).toBe(0), { timeout: 10_000 });
      } finally {
        warn.mockRestore();
      }
      expect(uncaught).toEqual([]);
      const again = (await server.database.db.execute(sql`select 1 as one`)) as unknown as {
        rows: { one: number }[];
      };
      expect(again.rows[0]!.one).toBe(1);
    });
  });

  describe('the realtime NOTIFY pool', () => {
    let drop: () => Promise<void>;
    let url: string;
    beforeAll(async () => {
      ({ url, drop } = await createFreshPostgresDatabase());
    });
    afterAll(async () => {
      await drop?.();
    });

    it('keeps relaying events after its idle connections were closed', async () => {
      const log = pino({ level: 'silent' });
      const sender = createPostgresBus(url, log);
      const receiver = createPostgresBus(url, log);
      await Promise.all([sender.ready, receiver.ready]);
      const heard: RealtimeEvent[] = [];
      receiver.subscribe('test-channel', (event) => heard.push(event));
      const event = (n: number): RealtimeEvent => ({
        type: 'game-changed',
        gameId: `game-${n}`,
        reason: 'control',
      });
      try {
        sender.publish('test-channel', event(1));
        await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 10_000 });
        await terminateConnections(new URL(url).pathname.slice(1));
        // Both listeners reconnect by themselves; the sender's pool opens a new connection.
        await vi.waitFor(
          () => {
            // Sent again on each try: one sent while the listener was away is not replayed.
            sender.publish('test-channel', event(2));
            expect(heard.map((e) => (e as { gameId: string }).gameId)).toContain('game-2');
          },
          { timeout: 20_000, interval: 500 },
        );
        expect(uncaught).toEqual([]);
      } finally {
        await sender.close?.();
        await receiver.close?.();
      }
    });
  });
});
