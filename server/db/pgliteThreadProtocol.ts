/**
 * The messages between the server's thread and the embedded database's worker thread
 * (pgliteThread.ts, pgliteThreadHost.ts). Every call carries an id; the worker answers each with
 * the same id, once. Statements of a transaction carry its number, so that they run inside it
 * while other calls wait, exactly as PGlite orders them in one thread.
 */
import type { PgliteDurability } from './durablePgliteFs';

/** What the worker opens: a folder on disk, or a database in memory. */
export interface PgliteThreadOptions {
  dataDir: string | null;
  durability: PgliteDurability;
  checkpointIntervalMs: number;
}

export type PgliteCall =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Type OIDs handed back as PostgreSQL's text, not parsed (drizzle asks so for dates). */
      textTypes: number[];
      tx: number | null;
    }
  | { id: number; op: 'exec'; sql: string; tx: number | null }
  /** Opens transaction `tx`; answered once BEGIN has run. */
  | { id: number; op: 'begin'; tx: number }
  /** Ends transaction `tx`; answered once COMMIT (or ROLLBACK) has run and is on disk. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** A database error as plain data: its message and PostgreSQL's fields (code, constraint…). */
export interface PgliteThreadError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean | null>;
}

export type PgliteReply =
  | { ready: true }
  | { ready: false; error: PgliteThreadError }
  | { id: number; result: unknown }
  | { id: number; error: PgliteThreadError };

/** Copies an error's own plain fields, which structured cloning of an Error would drop. */
export function errorToData(error: unknown): PgliteThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: PgliteThreadError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    const plain =
      value === null || ['string', 'number', 'boolean'].includes(typeof value) ? value : undefined;
    if (plain !== undefined && key !== 'name' && key !== 'message') {
      fields[key] = plain as string | number | boolean | null;
    }
  }
  return { name: error.name, message: error.message, fields };
}

/** The error again, with PostgreSQL's fields where callers look for them (`error.code`). */
export function errorFromData(data: PgliteThreadError): Error {
  const error = new Error(data.message);
  error.name = data.name;
  return Object.assign(error, data.fields);
}
