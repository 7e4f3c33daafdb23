/**
 * The IndexedDB database behind the builder's crash-safe draft journal (src/localdb/draftStore.ts):
 * one per owner, beside the owner's own, holding one small record per tab and journal field.
 * Shared by the page (which reads what a crashed tab left) and the draft writer worker
 * (workers/draftWriter.worker.ts, which puts each change), so that both use one layout.
 */

export const DRAFTS_STORE = 'drafts';

/** The journal's keys: `<prefix><owner>/<templateId>/<field>`. */
const DRAFT_KEY_PREFIX = 'teamtrail.builderDraft/';

/** The start of the journal keys of an owner's drafts, or of one of its templates'. */
export const draftKeyPrefix = (owner: string, templateId?: string): string =>
  `${DRAFT_KEY_PREFIX}${owner}/${templateId === undefined ? '' : `${templateId}/`}`;

/** Whose template and which field a journal key is of; null for any other key. */
export function parseDraftKey(
  key: string,
): { owner: string; templateId: string; field: string } | null {
  if (!key.startsWith(DRAFT_KEY_PREFIX)) return null;
  const rest = key.slice(DRAFT_KEY_PREFIX.length);
  const ownerEnd = rest.indexOf('/');
  const templateEnd = ownerEnd > 0 ? rest.indexOf('/', ownerEnd + 1) : -1;
  if (templateEnd <= ownerEnd + 1 || templateEnd === rest.length - 1) return null;
  return {
    owner: rest.slice(0, ownerEnd),
    templateId: rest.slice(ownerEnd + 1, templateEnd),
    field: rest.slice(templateEnd + 1),
  };
}

export const draftRecordId = (tab: string, key: string): string => `${tab}/${key}`;

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

export function openDraftDatabase(
  name: string,
  onClosed?: () => void,
  factory: IDBFactory = indexedDB,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, 1);
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

// ---------------------------------------------------------------------------------------------
// Drafts follow the work (docs/sync.md, "One local database per owner")

/** The drafts database `name` if it exists; looking does not create one (every start looks). */
function openExistingDraftDatabase(name: string, factory: IDBFactory): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    let absent = false;
    // No version: an existing database opens as it is; only a missing one asks for an upgrade.
    const request = factory.open(name);
    request.onupgradeneeded = () => {
      absent = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => {
      request.result.onversionchange = () => request.result.close();
      resolve(request.result);
    };
    request.onerror = (event) => {
      if (!absent) {
        reject(request.error ?? new Error(`Opening ${name} failed`));
        return;
      }
      event.preventDefault();
      resolve(null);
    };
  });
}

/**
 * In one strict transaction, reads the held record of each given record's id and lets `decide`
 * act on the store: a read-then-write that no other write to the store can come between.
 */
function forEachHeld(
  db: IDBDatabase,
  records: readonly DraftRecord[],
  decide: (store: IDBObjectStore, record: DraftRecord, held: DraftRecord | undefined) => void,
): Promise<void> {
  const transaction = db.transaction(DRAFTS_STORE, 'readwrite', { durability: 'strict' });
  const store = transaction.objectStore(DRAFTS_STORE);
  for (const record of records) {
    const request = store.get(record.id);
    request.onsuccess = () => decide(store, record, request.result as DraftRecord | undefined);
  }
  return transactionDone(transaction);
}

/** Puts each record, unless the store holds a record of that id that is as new or newer. */
function putUnlessNewer(db: IDBDatabase, records: readonly DraftRecord[]): Promise<void> {
  return forEachHeld(db, records, (store, record, held) => {
    if (!held || held.at < record.at) store.put(record);
  });
}

/** Removes each record that is still as it was read (a newer put of it stays for the next move). */
function removeUnchanged(db: IDBDatabase, records: readonly DraftRecord[]): Promise<void> {
  return forEachHeld(db, records, (store, record, held) => {
    if (held && held.at === record.at && held.entry === record.entry) store.delete(record.id);
  });
}

function countDrafts(db: IDBDatabase): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = db.transaction(DRAFTS_STORE, 'readonly').objectStore(DRAFTS_STORE).count();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('Counting the drafts failed'));
  });
}

export interface DraftMove {
  /** Records of `fromOwner` found in the source (and now in the target). */
  moved: number;
  /** Records the source still holds afterwards (0: the source store is empty). */
  left: number;
}

/**
 * Moves `fromOwner`'s drafts from the drafts store beside the owner database `fromDatabaseName`
 * to the one beside `toDatabaseName`, re-keyed to `toOwner`, when that owner takes the work
 * (workers/ownerSwitch.ts: a guest who signs up or in, an earlier guest id adopted). Without
 * it, a guest's keystrokes that a crash kept only here would be written back only by the
 * guest's own builder, which never opens again once the templates are the new owner's.
 *
 * All of the owner's records go (their templates all move, and a record of a template since
 * deleted does nothing where it lands); records of any other owner stay. Only the journal key
 * names the owner: a record keeps its tab, its time and its entry (`{ value, known }`, the
 * field's values) as they are, and its id follows the key.
 *
 * Crash-safe by order, like the work's move (sync/ownerMove.ts): each record is put in the
 * target first, unless the target holds one of that id as new or newer (a repeat, or the tab
 * typed there since), then removed from the source, unless it changed in between (a live tab
 * typed again): a repeat after a crash half-way neither loses nor doubles, and the record put
 * later moves at the next run (every start of the owner's database looks again).
 *
 * Records of a tab that is still alive move too. Left under the old owner they would be
 * written back by nobody should that tab crash later, since only the old owner's builder looks
 * there. Moved, the write-back rule holds as before: records are the tab's own (same tab id),
 * so other tabs leave them alone while it lives (its Web Lock) and write them back once it has
 * gone; the tab itself, whose builder now opens the template under the new owner, writes them
 * back, or its sessionStorage copy of them, where it finds them (draftJournal.ts looks under
 * the moved guest's keys in its sessionStorage, which kept the keys it was typed under). Should
 * such a tab's write land after the move, its removal goes to the old store and the moved copy
 * stays; that copy is written back only where the field still holds a value the tab knew, and
 * its value is then already there (or the field has moved on and the copy is dropped).
 */
export async function moveDrafts(
  fromDatabaseName: string,
  toDatabaseName: string,
  fromOwner: string,
  toOwner: string,
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<DraftMove> {
  if (!factory || (fromDatabaseName === toDatabaseName && fromOwner === toOwner)) {
    return { moved: 0, left: 0 };
  }
  const source = await openExistingDraftDatabase(draftStoreName(fromDatabaseName), factory);
  if (!source) return { moved: 0, left: 0 };
  try {
    const fromPrefix = draftKeyPrefix(fromOwner);
    const toPrefix = draftKeyPrefix(toOwner);
    const records = (await readAllDrafts(source)).filter((r) => r.key.startsWith(fromPrefix));
    if (records.length > 0) {
      const moved = records.map((record): DraftRecord => {
        const key = toPrefix + record.key.slice(fromPrefix.length);
        return { ...record, id: draftRecordId(record.tab, key), key };
      });
      const target = await openDraftDatabase(draftStoreName(toDatabaseName), undefined, factory);
      try {
        await putUnlessNewer(target, moved);
      } finally {
        target.close();
      }
      await removeUnchanged(source, records);
    }
    return { moved: records.length, left: await countDrafts(source) };
  } finally {
    source.close();
  }
}
