/**
 * A child process's entry (pgliteInitdb.ts starts it): creates a new embedded database in the
 * folder it is given, with the durability it is given, then closes it and exits. Arguments:
 * `<dataDir> <fsync|relaxed>`. Exits 0 once the database is complete and on disk.
 */
import { createPglite, parsePgliteDurability } from './durablePgliteFs';

const [dataDir, durability] = process.argv.slice(2);
if (!dataDir) throw new Error('Usage: pgliteInitdbProcess <dataDir> <fsync|relaxed>');

// The server that started this process is gone (killed while the database was being created,
// its IPC channel closed): stop rather than go on writing into a folder that a new server may
// already be creating again.
const parentGone = () => process.exit(1);
process.once('disconnect', parentGone);

const client = createPglite(dataDir, parsePgliteDurability(durability));
await client.waitReady;
await client.close();
process.off('disconnect', parentGone);
process.disconnect?.();
