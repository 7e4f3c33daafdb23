/**
 * The crash-safe half of the builder's draft journal (src/features/builder/draftJournal.ts).
 *
 * A keystroke reaches the owner's database through RxDB, which takes tens of milliseconds (it
 * rewrites the whole template and the main thread is busy rendering): a browser killed in that
 * time lost the last keystrokes. The journal keeps each change in the tab's sessionStorage at
 * once, which a reload keeps but a crash does not. So each change is also put here: one small
 * record in an IndexedDB database of its own beside the owner's (`<owner database>-drafts`),
 * in a transaction of its own, committed at once, by a dedicated worker (the draft writer,
 * workers/draftWriter.worker.ts) so that no rendering on the main thread holds it up: it is on
 * disk within a millisecond or two of the keystroke. The record goes once RxDB has the value.
 * Where a worker cannot be started, the page writes the records itself.
 *
 * Records belong to a tab (an id kept in sessionStorage, so a reload is the same tab). A tab
 * holds a Web Lock named after its id while it lives; records of a tab whose lock nobody holds
 * or waits for were left by a tab that closed or crashed before they landed, and the builder
 * writes them back as it does its own (replayDrafts). A tab still open keeps its own.
 *
 * The records follow their owner's work: when another owner takes it (a guest who signs up, an
 * earlier guest id adopted), the sync worker moves them to that owner's drafts store, re-keyed
 * (moveDrafts, from workers/ownerSwitch.ts), so that the new owner's builder writes them back.
 *
 * Raw IndexedDB rather than RxDB: this is a write-ahead log of a few records, read only after a
 * crash; RxDB's document machinery is what it exists to get ahead of.
 */

import {
  createDraftWriter,
  deleteDraftStore,
  draftKeyPrefix,
  draftRecordId,
  draftStoreName,
  moveDrafts,
  openDraftDatabase,
  parseDraftKey,
  readAllDrafts,
  transactionDone,
  DRAFTS_STORE,
  type DraftChange,
  type DraftMove,
  type DraftRecord,
} from './draftDatabase';
import type { DraftWriterMessage } from '../../workers/draftWriter.worker';

export {
  deleteDraftStore,
  draftKeyPrefix,
  draftStoreName,
  moveDrafts,
  parseDraftKey,
  type DraftMove,
  type DraftRecord,
};

const TAB_ID_KEY = 'teamtrail.tabId';
const TAB_LOCK_PREFIX = 'teamtrail-tab/';

export interface DraftStore {
  /** Puts the change now (fire and forget: a failure leaves the sessionStorage copy). */
  keep(key: string, entry: string): void;
  /** The value has landed in the owner's database: the record goes. */
  forget(key: string): void;
  /** Records under `prefix` that this tab or a tab that is gone kept, oldest first. */
  leftBehind(prefix: string): Promise<DraftRecord[]>;
  discard(ids: readonly string[]): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// This tab

let tab: string | null = null;

/** This tab's id, the same across its reloads; its lock is held for as long as the page lives. */
export function tabId(): string {
  if (tab !== null) return tab;
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(TAB_ID_KEY);
    if (!stored) {
      stored = crypto.randomUUID();
      sessionStorage.setItem(TAB_ID_KEY, stored);
    }
  } catch {
    stored = crypto.randomUUID(); // storage disabled: a tab of its own for this page
  }
  tab = stored;
  // Held until the page goes (the promise never settles); a reload of this tab waits for the
  // old page's lock and then holds it again, so its records are never taken for a crashed tab's.
  void navigator.locks
    ?.request(TAB_LOCK_PREFIX + tab, () => new Promise<never>(() => undefined))
    .catch(() => undefined);
  return tab;
}

/** The tabs alive in this browser profile: their lock is held, or asked for (a reload). */
async function liveTabs(): Promise<Set<string> | null> {
  if (!navigator.locks?.query) return null;
  const { held = [], pending = [] } = await navigator.locks.query();
  return new Set(
    [...held, ...pending]
      .map((lock) => lock.name ?? '')
      .filter((name) => name.startsWith(TAB_LOCK_PREFIX))
      .map((name) => name.slice(TAB_LOCK_PREFIX.length)),
  );
}

// ---------------------------------------------------------------------------------------------
// The writer

let worker: Worker | null | undefined;

/** The tab's draft writer worker, started once; null where workers cannot run. */
function draftWriterWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker === 'undefined') return worker;
  try {
    worker = new Worker(new URL('../../workers/draftWriter.worker.ts', import.meta.url), {
      type: 'module',
      name: 'teamtrail-draft-writer',
    });
  } catch (error) {
    console.error('The draft writer cannot start; drafts are written by the page', error);
  }
  return worker;
}

function writerFor(name: string): (change: DraftChange) => void {
  const writer = draftWriterWorker();
  if (!writer) return createDraftWriter(name);
  return (change) => writer.postMessage({ name, change } satisfies DraftWriterMessage);
}

// ---------------------------------------------------------------------------------------------
// The store

function createDraftStore(name: string): DraftStore {
  const write = writerFor(name);
  // Read here only after a crash or a reload; opened at once so that the first read is quick,
  // and again after "Reset local data" deleted it.
  let reading: Promise<IDBDatabase> | null = null;
  const database = () => (reading ??= openDraftDatabase(name, () => (reading = null)));
  database().catch((error: unknown) => console.error('The drafts store cannot be opened', error));

  return {
    keep(key, entry) {
      const tab = tabId();
      write({ put: { id: draftRecordId(tab, key), tab, key, entry, at: Date.now() } });
    },
    forget(key) {
      write({ remove: draftRecordId(tabId(), key) });
    },
    async leftBehind(prefix) {
      const db = await database();
      const [records, alive] = await Promise.all([readAllDrafts(db), liveTabs()]);
      const own = tabId();
      return records
        .filter((r) => r.key.startsWith(prefix))
        .filter((r) => r.tab === own || (alive !== null && !alive.has(r.tab)))
        .sort((a, b) => a.at - b.at);
    },
    async discard(ids) {
      if (ids.length === 0) return;
      const db = await database();
      const transaction = db.transaction(DRAFTS_STORE, 'readwrite');
      const store = transaction.objectStore(DRAFTS_STORE);
      for (const id of ids) store.delete(id);
      await transactionDone(transaction);
    },
  };
}

const stores = new Map<string, DraftStore>();

/** The drafts store beside the owner's database `databaseName` (one per page and owner). */
export function draftStoreFor(databaseName: string): DraftStore | null {
  if (typeof indexedDB === 'undefined') return null;
  const name = draftStoreName(databaseName);
  let store = stores.get(name);
  if (!store) {
    store = createDraftStore(name);
    stores.set(name, store);
  }
  return store;
}
