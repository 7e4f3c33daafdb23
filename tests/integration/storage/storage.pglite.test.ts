import { openDatabase } from '../../../server/db/client';
import { storageContractSuite } from './contract';

storageContractSuite('PGlite (embedded)', () => openDatabase({ kind: 'pglite', dataDir: null }));
