/**
 * A throwaway PostgreSQL database per test file on the server that TEST_DATABASE_URL points
 * at (CI starts one). Dropped again when the file is done.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? null;

const INSUFFICIENT_PRIVILEGE = '42501';
/** Up to 10 s for an autovacuum worker to leave the database (see drop). */
const DROP_ATTEMPTS = 50;
const DROP_RETRY_MS = 200;

export async function createFreshPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `teamtrail_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`drop database if exists ${name} with (force)`);
            return;
          } catch (error) {
            // FORCE ends the test's own connections, but a role that is not a superuser may not
            // end an autovacuum worker busy in the database (it has no role: 42501). It is done
            // within moments: ask again while it works.
            const busy = (error as { code?: string }).code === INSUFFICIENT_PRIVILEGE;
            if (!busy || attempt === DROP_ATTEMPTS) throw error;
            await new Promise((resolve) => setTimeout(resolve, DROP_RETRY_MS));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
