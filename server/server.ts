/**
 * Starts Teamtrail: opens the database (PGlite under DATA_DIR, or PostgreSQL with
 * DATABASE_URL), applies migrations, seeds the library, listens on PORT, and shuts down
 * gracefully on SIGINT/SIGTERM.
 */
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/dataDirLock';
import { seedDatabase } from './seed/run';
import { buildApp } from './app';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Connections the kernel holds for the server while it is busy: when 2,000 phones scan the QR
 * code within seconds, Node's default of 511 overflows and phones see their join reset. Linux
 * caps it at net.core.somaxconn (4096 on current kernels; docs/operations.md).
 */
const LISTEN_BACKLOG = 4096;
/** In-flight requests get this long to finish when the server is asked to stop. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig();
// The embedded database is one process's at a time (dataDirLock.ts): a second server on the same
// DATA_DIR stops here, before it opens anything.
let dataDirLock: ReturnType<typeof lockDataDir> | null = null;
if (!config.databaseUrl) {
  mkdirSync(config.dataDir, { recursive: true });
  try {
    dataDirLock = lockDataDir(config.dataDir, 'server');
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`Teamtrail did not start: ${error.message}`);
    process.exit(1);
  }
}
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : {
        kind: 'pglite',
        dataDir: path.join(config.dataDir, 'db'),
        durability: config.pgliteDurability,
        thread: true,
      },
);
await seedDatabase(database.db);
const app = await buildApp({ config, database });

closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  dataDirLock?.release();
});

await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
app.log.info(
  `Teamtrail is ready at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
);
