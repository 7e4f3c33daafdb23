import { openDatabase } from '../../../server/db/client';
import { storageContractSuite } from './contract';

// The server runs the embedded database in a worker thread (server/db/pgliteThread.ts): the same
// contract holds there, transactions, errors and all.
storageContractSuite('PGlite in a worker thread (as the server runs it)', () =>
  openDatabase({ kind: 'pglite', dataDir: null, thread: true }),
);
