/**
 * The embedded database's side of its worker thread (pgliteThread.ts has why): it opens PGlite
 * (on a folder with the chosen durability, or in memory), checkpoints it, and runs the calls
 * the server's thread posts, in the order they arrive. PGlite itself orders them as it does in
 * one thread: a transaction holds the database until it ends, other calls wait for it.
 */
import type { MessagePort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { createPglite } from './durablePgliteFs';
import { PGLITE_MEMORY_PARAMS } from './pgliteMemory';
import { startPeriodicCheckpoints } from './pgliteCheckpoints';
import {
  errorToData,
  type PgliteCall,
  type PgliteReply,
  type PgliteThreadOptions,
} from './pgliteThreadProtocol';

/** Thrown inside a transaction to have PGlite roll it back; never reaches the server's thread. */
const ROLL_BACK = Symbol('roll back');

interface OpenTransaction {
  tx: Transaction;
  /** Lets the transaction's callback return (commit) or throw ROLL_BACK (roll back). */
  finish(commit: boolean): void;
  /** Settles once PGlite has committed or rolled back. */
  done: Promise<void>;
}

const asText = (types: readonly number[]) =>
  types.length === 0 ? undefined : Object.fromEntries(types.map((oid) => [oid, (v: string) => v]));

export async function servePglite(port: MessagePort, options: PgliteThreadOptions): Promise<void> {
  const send = (reply: PgliteReply) => port.postMessage(reply);
  let pg: PGlite;
  try {
    pg = options.dataDir
      ? createPglite(options.dataDir, options.durability)
      : new PGlite({ startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS] });
    await pg.waitReady;
  } catch (error) {
    send({ ready: false, error: errorToData(error) });
    return;
  }
  const checkpoints = options.dataDir
    ? startPeriodicCheckpoints(pg, options.checkpointIntervalMs)
    : null;
  const transactions = new Map<number, OpenTransaction>();

  /** Where a statement runs: inside its transaction, or on the database. */
  const target = (tx: number | null): PGlite | Transaction => {
    if (tx === null) return pg;
    const open = transactions.get(tx);
    if (!open) throw new Error(`Transaction ${tx} of the embedded database is not open.`);
    return open.tx;
  };

  function begin(tx: number): Promise<void> {
    return new Promise<void>((begun, failed) => {
      let finish: (commit: boolean) => void = () => undefined;
      const decided = new Promise<boolean>((resolve) => (finish = resolve));
      const done = pg
        .transaction(async (handle) => {
          transactions.set(tx, { tx: handle, finish, done });
          begun();
          if (!(await decided)) throw ROLL_BACK;
        })
        .then(
          () => undefined,
          (error: unknown) => {
            if (error !== ROLL_BACK) throw error;
          },
        )
        .finally(() => transactions.delete(tx));
      // BEGIN itself failed: the callback never ran.
      done.catch(failed);
    });
  }

  async function end(tx: number, commit: boolean): Promise<void> {
    const open = transactions.get(tx);
    if (!open) throw new Error(`Transaction ${tx} of the embedded database is not open.`);
    open.finish(commit);
    await open.done;
  }

  async function run(call: PgliteCall): Promise<unknown> {
    switch (call.op) {
      case 'query':
        return target(call.tx).query(call.sql, call.params, {
          rowMode: call.rowMode,
          parsers: asText(call.textTypes),
        });
      case 'exec':
        return target(call.tx).exec(call.sql);
      case 'begin':
        return begin(call.tx);
      case 'end':
        return end(call.tx, call.commit);
      case 'close':
        await checkpoints?.stop();
        await pg.close();
        return null;
    }
  }

  port.on('message', (call: PgliteCall) => {
    run(call).then(
      (result) => send({ id: call.id, result }),
      (error: unknown) => send({ id: call.id, error: errorToData(error) }),
    );
  });
  send({ ready: true });
}
