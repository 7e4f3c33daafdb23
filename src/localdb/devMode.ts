/**
 * Whether the browser opens the local database in RxDB's dev mode (every write checked against
 * the schema). Off unless asked for with VITE_RXDB_DEV_MODE=true in a dev build: RxDB's dev mode
 * also adds a hidden tracking iframe from rxdb.info to the page, third-party traffic that
 * organisers have not agreed to. Node tests use dev mode always (there is no page to add it to).
 */
export const browserDevMode: boolean =
  import.meta.env.DEV && import.meta.env.VITE_RXDB_DEV_MODE === 'true';
