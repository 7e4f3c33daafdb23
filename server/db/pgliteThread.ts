/**
 * The embedded database in a worker thread of its own. PGlite runs PostgreSQL as WebAssembly in
 * the thread that calls it, so on the server's thread every statement (and every fsync of a
 * commit) held up HTTP for its whole length: at a 2,000-team burst, about 40% of the server's
 * time per answer was the database's (docs/operations.md). In a worker it runs beside the
 * server, on another core where there is one, as PostgreSQL does in its own process.
 *
 * `PgliteThreadClient` is what drizzle's PGlite driver calls (query, exec, transaction), so the
 * rest of the server does not know where the database runs. Calls keep their order: the worker
 * hands them to PGlite as they arrive, and PGlite runs one at a time, a transaction holding the
 * database until it ends. Errors keep PostgreSQL's fields (`code`, `constraint`…).
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import {
  errorFromData,
  type PgliteCall,
  type PgliteReply,
  type PgliteThreadOptions,
} from './pgliteThreadProtocol';

const WORKER_ENTRY = new URL('./pgliteThreadWorker.mjs', import.meta.url);

/** The compiled host beside the compiled server; the TypeScript source otherwise. */
function hostModule(): URL {
  const compiled = new URL('./pgliteThreadHost.js', import.meta.url);
  return existsSync(compiled) ? compiled : new URL('./pgliteThreadHost.ts', import.meta.url);
}

/** A call without its id (which `call()` adds); spread over each member of the union. */
type CallBody = PgliteCall extends infer C ? (C extends PgliteCall ? Omit<C, 'id'> : never) : never;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Per type OID; only "hand the text back as it is" crosses threads (what drizzle asks). */
  parsers?: Record<number, unknown>;
}

/** What a transaction's callback gets: the same calls, run inside the transaction. */
export interface PgliteThreadTransaction {
  query<T = unknown>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T>;
  exec(sql: string): Promise<unknown>;
}

export interface PgliteThreadClient extends PgliteThreadTransaction {
  transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A folder's database whose worker died is opened again at most this often in a minute. */
const RESTARTS_PER_MINUTE = 3;

/** Each client's current worker, for `pgliteWorkerOf` (diagnostics and tests). */
const workers = new WeakMap<PgliteThreadClient, () => Worker | null>();

/** The worker thread a client is talking to now, if it is up. */
export function pgliteWorkerOf(client: PgliteThreadClient): Worker | null {
  return workers.get(client)?.() ?? null;
}

export async function openPgliteThread(options: PgliteThreadOptions): Promise<PgliteThreadClient> {
  const pending = new Map<number, { resolve(value: unknown): void; reject(e: Error): void }>();
  let nextId = 0;
  let nextTx = 0;
  /** Once set, every call rejects with it: the database is closed or cannot be opened again. */
  let stopped: Error | null = null;
  let closing = false;
  /** The worker that takes calls now; null while one starts. */
  let live: Worker | null = null;
  let starting: Promise<Worker>;
  const restarts: number[] = [];

  const rejectPending = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };

  /**
   * A worker that died while in use (PGlite aborted, the thread ran out of memory) is replaced:
   * a folder's database is opened again, as after a crash, so the server does not go on with
   * every call failing. The calls it held fail (their requests answer an error the clients
   * retry); calls made meanwhile wait for the new worker. An in-memory database has nothing to
   * reopen, and a worker that keeps dying stops the database for good.
   */
  const replace = (error: Error) => {
    const now = Date.now();
    while (restarts.length > 0 && now - restarts[0]! > 60_000) restarts.shift();
    if (options.dataDir === null || restarts.length >= RESTARTS_PER_MINUTE) {
      console.error('Teamtrail: the embedded database stopped and is not opened again', error);
      stopped ??= error;
      return;
    }
    restarts.push(now);
    console.error('Teamtrail: the embedded database stopped; opening it again', error);
    starting = start();
    starting.catch((failure: Error) => {
      console.error('Teamtrail: the embedded database could not be opened again', failure);
      stopped ??= failure;
    });
  };

  function start(): Promise<Worker> {
    const worker = new Worker(WORKER_ENTRY, {
      workerData: { hostModule: hostModule().href, options },
      // Its errors cross as data without their stacks (pgliteThreadProtocol.ts), so source maps
      // there would only hold memory: PGlite's are most of the server's (docs/operations.md).
      execArgv: process.execArgv.filter((arg) => arg !== '--enable-source-maps'),
    });
    return new Promise<Worker>((resolve, reject) => {
      let ready = false;
      let gone = false;
      worker.on('message', (reply: PgliteReply) => {
        if ('ready' in reply) {
          if (reply.ready) {
            ready = true;
            live = worker;
            resolve(worker);
          } else reject(errorFromData(reply.error));
          return;
        }
        const waiting = pending.get(reply.id);
        if (!waiting) return;
        pending.delete(reply.id);
        if ('error' in reply) waiting.reject(errorFromData(reply.error));
        else waiting.resolve(reply.result);
      });
      const end = (error: Error) => {
        if (gone) return; // 'error' is followed by 'exit'
        gone = true;
        if (live === worker) live = null;
        rejectPending(error);
        if (!ready) reject(error);
        else if (!closing) replace(error);
      };
      worker.on('error', (error) => end(error));
      worker.on('exit', (code) => end(new Error(`The embedded database stopped (exit ${code}).`)));
    });
  }

  const post = (worker: Worker, body: CallBody): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...body, id });
    });

  const call = (body: CallBody): Promise<unknown> => {
    if (stopped) return Promise.reject(stopped);
    if (live) return post(live, body);
    // A worker is starting again: the call waits for it (in the order calls were made).
    return starting.then((worker) => {
      if (stopped) throw stopped;
      return post(worker, body);
    });
  };

  const statements = (tx: number | null): PgliteThreadTransaction => ({
    query: <T>(sql: string, params: unknown[] = [], queryOptions: QueryOptions = {}) =>
      call({
        op: 'query',
        sql,
        params,
        rowMode: queryOptions.rowMode ?? 'object',
        textTypes: Object.keys(queryOptions.parsers ?? {}).map(Number),
        tx,
      }) as Promise<T>,
    exec: (sql: string) => call({ op: 'exec', sql, tx }),
  });

  starting = start();
  await starting;
  const client: PgliteThreadClient = {
    ...statements(null),
    async transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
      const tx = ++nextTx;
      await call({ op: 'begin', tx });
      let result: T;
      try {
        result = await callback(statements(tx));
      } catch (error) {
        // The callback's error is the one that matters; a failed ROLLBACK is logged by PGlite.
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async close() {
      closing = true;
      const worker = live ?? (await starting.catch(() => null));
      if (!stopped && worker) await post(worker, { op: 'close' });
      stopped ??= new Error('The embedded database is closed.');
      await worker?.terminate();
    },
  };
  workers.set(client, () => live);
  return client;
}
