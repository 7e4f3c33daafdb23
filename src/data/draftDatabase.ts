/**
 * The IndexedDB database behind the builder's crash-safe draft journal (src/data/draftStore.ts):
 * one per owner, beside the owner's own, holding one small record per tab and journal field.
 * Shared by the page (which reads what a crashed tab left) and the draft writer worker
 * (workers/draftWriter.worker.ts, which puts each change), so that both use one layout.
 */

export const DRAFTS_STORE = 'drafts';

export interface DraftRecord {
  /** `<tab>/<key>`: one record per tab and journal key. */
  id: string;
  tab: string;
  /** The journal's key: `<prefix><owner>/<templateId>/<field>`. */
  key: string;
  /** The journal entry as JSON, as the tab's sessionStorage holds it. */
  entry: string;
  /** Device time of the change, so that older records are written back first. */
  at: number;
}

/** A put of a record, or the removal of one by id. */
export type DraftChange = { put: DraftRecord } | { remove: string };

export const draftStoreName = (databaseName: string) => `${databaseName}-drafts`;

export function openDraftDatabase(name: string, onClosed?: () => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () =>
      request.result.createObjectStore(DRAFTS_STORE, { keyPath: 'id' });
    request.onsuccess = () => {
      // "Reset local data" deletes it: let go rather than hold the deletion up.
      request.result.onversionchange = () => {
        request.result.close();
        onClosed?.();
      };
      resolve(request.result);
    };
    request.onerror = () => reject(request.error ?? new Error(`Opening ${name} failed`));
  });
}

export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = transaction.onerror = () =>
      reject(transaction.error ?? new Error('The drafts transaction failed'));
  });
}

/**
 * One change in a readwrite transaction of its own, committed at once rather than when the
 * current task ends. Transactions on one store run in the order they were made, so a later put
 * or removal of a record always lands after an earlier one.
 */
export function commitDraftChange(db: IDBDatabase, change: DraftChange): Promise<void> {
  // 'strict': acknowledged only once on disk, like the owner's database (database.ts).
  const transaction = db.transaction(DRAFTS_STORE, 'readwrite', { durability: 'strict' });
  const store = transaction.objectStore(DRAFTS_STORE);
  if ('put' in change) store.put(change.put);
  else store.delete(change.remove);
  transaction.commit?.();
  return transactionDone(transaction);
}

export function readAllDrafts(db: IDBDatabase): Promise<DraftRecord[]> {
  return new Promise((resolve, reject) => {
    const request = db.transaction(DRAFTS_STORE, 'readonly').objectStore(DRAFTS_STORE).getAll();
    request.onsuccess = () => resolve(request.result as DraftRecord[]);
    request.onerror = () => reject(request.error ?? new Error('Reading the drafts failed'));
  });
}

/**
 * Runs changes against the drafts database `name` in the order they are given, once it is open
 * (a change made before that waits for it, still in order).
 */
export function createDraftWriter(name: string): (change: DraftChange) => void {
  let opened: IDBDatabase | null = null;
  let closed = false;
  const open = () => {
    const opening = openDraftDatabase(name, () => {
      opened = null;
      closed = true;
    });
    opening.then(
      (db) => (opened = db),
      (error: unknown) => console.error('The drafts store cannot be opened', error),
    );
    return opening;
  };
  let opening = open();
  const run = (db: IDBDatabase, change: DraftChange) => {
    try {
      commitDraftChange(db, change).catch((error: unknown) =>
        console.error('Keeping a draft on this device failed', error),
      );
    } catch (error) {
      console.error('Keeping a draft on this device failed', error);
    }
  };
  return (change) => {
    if (opened) {
      run(opened, change);
      return;
    }
    if (closed) {
      // Deleted by "Reset local data" since: the drafts from here on go to a new one.
      closed = false;
      opening = open();
    }
    void opening.then(
      (db) => run(db, change),
      () => undefined,
    );
  };
}

/** "Reset local data": the owner's drafts go with the rest (from the page or the worker). */
export async function deleteDraftStore(
  databaseName: string,
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<void> {
  const name = draftStoreName(databaseName);
  if (!factory) return;
  await new Promise<void>((resolve) => {
    const request = factory.deleteDatabase(name);
    // Blocked by a tab that has it open: it is deleted once that tab lets go; nothing to wait for.
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
