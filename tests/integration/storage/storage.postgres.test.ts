/** The storage contract on a real PostgreSQL. Runs when TEST_DATABASE_URL is set (CI sets it). */
import { describe, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { createFreshPostgresDatabase, TEST_DATABASE_URL } from '../support/postgres';
import { storageContractSuite } from './contract';

if (TEST_DATABASE_URL) {
  storageContractSuite('PostgreSQL', async () => {
    const fresh = await createFreshPostgresDatabase();
    const handle = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 8 });
    return { ...handle, dispose: fresh.drop };
  });
} else {
  describe('storage contract on PostgreSQL', () => {
    it.skip('needs TEST_DATABASE_URL (CI starts PostgreSQL and sets it)', () => {});
  });
}
