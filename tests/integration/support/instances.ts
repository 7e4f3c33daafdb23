/**
 * Several server instances on one fresh PostgreSQL database (docs/operations.md "Several
 * machines"), each with its own data folder and listening on its own port, as behind a load
 * balancer: nothing passes between them but the database (and whatever `env` adds, such as an
 * S3-compatible store). Each is a TestServer too, so the helpers of clients.ts and games.ts work
 * against any of them through app.inject. Needs TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { seedDatabase } from '../../../server/seed/run';
import { createFreshPostgresDatabase } from './postgres';
import type { TestServer } from './testServer';

export interface RunningInstance extends TestServer {
  /** `http://127.0.0.1:<port>`, for fetch and event streams. */
  baseUrl: string;
  /** Closes the app, then its database pool; a second call does nothing. */
  close(): Promise<void>;
}

export interface InstancesOnPostgres {
  instances: RunningInstance[];
  /** The shared database's URL. */
  url: string;
  /** Closes the instances still open, drops the database and removes the data folders. */
  close(): Promise<void>;
}

export async function startInstancesOnPostgres(options: {
  count: number;
  /** Settings for every instance, over the test defaults (limits high, a fixed AUTH_SECRET). */
  env?: Record<string, string>;
  poolSize?: number;
}): Promise<InstancesOnPostgres> {
  const fresh = await createFreshPostgresDatabase();
  const dataDirs: string[] = [];
  const instances: RunningInstance[] = [];
  const closeAll = async () => {
    for (const instance of instances) await instance.close();
    await fresh.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < options.count; i++) {
      // Each its own disk: nothing may pass between them but the database.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-instances-'));
      dataDirs.push(dataDir);
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: fresh.url,
        AUTH_SECRET: 'test-secret-that-is-long-enough-for-hmac-000000',
        STATIC_DIR: path.join(dataDir, 'no-web-app'),
        RATE_LIMIT_PER_MINUTE: '100000',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        PLAY_RATE_LIMIT_PER_MINUTE: '100000',
        ...options.env,
      });
      const database = await openDatabase({
        kind: 'postgres',
        url: fresh.url,
        poolSize: options.poolSize ?? 3,
      });
      if (i === 0) await seedDatabase(database.db);
      const app = await buildApp({ config, database, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      let closing: Promise<void> | null = null;
      instances.push({
        app,
        database,
        config,
        baseUrl: `http://127.0.0.1:${port}`,
        request: (injectOptions) => app.inject(injectOptions),
        close: () =>
          (closing ??= (async () => {
            await app.close();
            await database.close();
          })()),
      });
    }
  } catch (error) {
    await closeAll().catch(() => {});
    throw error;
  }
  return { instances, url: fresh.url, close: closeAll };
}
