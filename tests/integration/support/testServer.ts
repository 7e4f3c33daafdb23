/**
 * Builds the real app for a test file: in-memory PGlite (or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set and the caller asks for it), migrations, seed, uploads in a temp
 * folder. Requests go through app.inject, so no port is opened.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig, type ServerConfig } from '../../../server/config';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { seedDatabase } from '../../../server/seed/run';
import { createFreshPostgresDatabase } from './postgres';
import type { ContentGenerator } from '../../../server/ai/generator';

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: ServerConfig;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startTestServer(
  options: {
    postgres?: boolean;
    env?: Record<string, string>;
    aiGenerator?: ContentGenerator;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-hmac-000000',
    STATIC_DIR: path.join(dataDir, 'no-web-app'),
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...options.env,
  });
  let dropDatabase: (() => Promise<void>) | null = null;
  let database: DatabaseHandle;
  if (options.postgres) {
    const fresh = await createFreshPostgresDatabase();
    dropDatabase = fresh.drop;
    database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 5 });
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
  }
  await seedDatabase(database.db);
  const app = await buildApp({ config, database, logger: false, aiGenerator: options.aiGenerator });
  await app.ready();
  return {
    app,
    database,
    config,
    request: (injectOptions) => app.inject(injectOptions),
    async close() {
      await app.close();
      await database.close();
      if (dropDatabase) await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
