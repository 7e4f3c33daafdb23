/**
 * Opens the database: PostgreSQL when a connection URL is given, otherwise the embedded PGlite
 * (in a folder, or in memory for tests). Both get the same schema and the same committed
 * migrations, applied here at start.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema';
import { createPglite, type PgliteDurability } from './durablePgliteFs';
import { openPgliteThread } from './pgliteThread';
import type { PgliteThreadOptions } from './pgliteThreadProtocol';
import { PGLITE_MEMORY_PARAMS } from './pgliteMemory';
import { needsInitdb, runInitdbApart } from './pgliteInitdb';
import { DEFAULT_CHECKPOINT_INTERVAL_MS, startPeriodicCheckpoints } from './pgliteCheckpoints';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** Whether each commit is fsynced before it is acknowledged; 'fsync' unless told. */
      durability?: PgliteDurability;
      /** How often a folder's database checkpoints (pgliteCheckpoints.ts); 5 minutes unless told. */
      checkpointIntervalMs?: number;
      /**
       * Runs PGlite in a worker thread of its own (pgliteThread.ts), as the server does, so that
       * its statements do not hold up HTTP. Scripts and tests run it in their own thread.
       */
      thread?: boolean;
    };

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Any fixed number works; it only has to be the same in every instance, so that several
 * servers starting at once against one PostgreSQL apply the migrations one at a time.
 */
const MIGRATION_LOCK_KEY = 7_420_031;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolSize ?? 10);
  const pglite = {
    dataDir: options.dataDir,
    durability: options.durability ?? 'fsync',
    checkpointIntervalMs: options.checkpointIntervalMs ?? DEFAULT_CHECKPOINT_INTERVAL_MS,
  };
  if (pglite.dataDir) mkdirSync(pglite.dataDir, { recursive: true });
  // A new database is created in a child process, whose memory goes with it (pgliteInitdb.ts).
  if (pglite.dataDir && needsInitdb(pglite.dataDir)) {
    await runInitdbApart(pglite.dataDir, pglite.durability);
  }
  return options.thread ? openPgliteInThread(pglite) : openPglite(pglite);
}

async function openPgliteInThread(options: PgliteThreadOptions): Promise<DatabaseHandle> {
  const client = await openPgliteThread(options);
  try {
    // drizzle's PGlite driver calls only query() and transaction(), which the thread's client has.
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

async function openPglite({
  dataDir,
  durability,
  checkpointIntervalMs,
}: PgliteThreadOptions): Promise<DatabaseHandle> {
  // In memory (tests) there is no disk to sync; in a folder, see durablePgliteFs.ts. Both with
  // the same cache size (pgliteMemory.ts), so tests run the database as production does.
  const client = dataDir
    ? createPglite(dataDir, durability)
    : new PGlite({ startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS] });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const checkpoints = dataDir ? startPeriodicCheckpoints(client, checkpointIntervalMs) : null;
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    async close() {
      await checkpoints?.stop();
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // PostgreSQL may close an idle connection (a restart, a failover, a proxy's idle timeout). The
  // pool reports it as an 'error' event, and an EventEmitter's 'error' without a listener ends
  // the process: a database restart would take every instance down. The pool opens a new
  // connection for the next query, so a warning is all it takes.
  pool.on('error', (error) => {
    console.warn(
      `PostgreSQL closed an idle connection (${error.message}); the next query opens another.`,
    );
  });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: lockClient, schema }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    close: () => pool.end(),
  };
}
