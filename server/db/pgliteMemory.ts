/**
 * How much memory the embedded database holds (docs/operations.md "The compiled
 * server").
 *
 * PostgreSQL inside PGlite keeps its shared buffers (its page cache) in the WebAssembly memory,
 * and PGlite touches all of it at start, so `shared_buffers` is resident from the first second:
 * the 128 MB that initdb writes into postgresql.conf were a quarter of an idle server's memory.
 * A WebAssembly memory never shrinks either, so this is a floor for as long as the server runs.
 *
 * 16 MB is 2,048 pages of 8 kB: several times what Teamtrail's tables and indexes hold for a
 * team's worth of templates and games (a seeded database is a few MB), and a page that does not
 * fit is read back from the operating system's file cache, not the disk. Measured: the API's
 * latency (bench/api.ts) did not move; on a 78 MB table, lookups by key and updates took the same
 * time as with 128 MB, and a query reading a fiftieth of the rows from all over the table took
 * 48 ms instead of 20 ms. Durability does not depend on it: PostgreSQL writes a changed page out
 * only after its WAL is on disk, whatever the cache's size. wal_buffers follows (1/32 of it).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** PostgreSQL start parameters that bound the memory above; added to PGlite's own. */
export const PGLITE_MEMORY_PARAMS: readonly string[] = [
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];
