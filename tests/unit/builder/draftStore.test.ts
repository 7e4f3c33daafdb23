// @vitest-environment happy-dom
/**
 * No edit window, through a crash (src/localdb/draftStore.ts): every change a builder
 * field journals is also put in the owner's drafts store in IndexedDB at once, and goes once its
 * write has landed. Drafts a tab left there when it closed or crashed are written back when the
 * builder opens again, in any tab; a tab that is still open (it holds its Web Lock) keeps its own.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deleteDraftStore,
  draftStoreFor,
  draftStoreName,
  tabId,
  type DraftRecord,
} from '../../../src/localdb/draftStore';
import { createDraftJournal, replayDrafts } from '../../../src/features/builder/draftJournal';
import { draftTemplate } from './draftTemplate';

const DATABASE = 'teamtrail-owner-drafts-test';
const scope = { owner: 'anon:owner-1', templateId: 'tpl-1', database: DATABASE };
const PREFIX = 'teamtrail.builderDraft/anon:owner-1/tpl-1/';

/** The tabs whose lock is held: what navigator.locks.query() answers. */
let heldLocks: string[] = [];

beforeEach(() => {
  heldLocks = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    locks: {
      request: () => new Promise(() => undefined),
      query: async () => ({
        held: [`teamtrail-tab/${tabId()}`, ...heldLocks].map((name) => ({ name })),
        pending: [],
      }),
    },
  });
});

afterEach(async () => {
  sessionStorage.clear();
  await deleteDraftStore(DATABASE);
  vi.unstubAllGlobals();
});

/** Every record in the drafts store, read as another page would. */
async function storedRecords(): Promise<DraftRecord[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(draftStoreName(DATABASE), 1);
    request.onupgradeneeded = () => request.result.createObjectStore('drafts', { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    return await new Promise((resolve, reject) => {
      const request = db.transaction('drafts').objectStore('drafts').getAll();
      request.onsuccess = () => resolve(request.result as DraftRecord[]);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

/** A record another tab put there (a tab that crashed, or one still open). */
async function recordOfTab(tab: string, field: string, value: string, known: string[]) {
  await draftStoreFor(DATABASE)!.leftBehind(PREFIX); // opened, with its store created
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(draftStoreName(DATABASE), 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const key = PREFIX + field;
  const record: DraftRecord = {
    id: `${tab}/${key}`,
    tab,
    key,
    entry: JSON.stringify({ value, known }),
    at: Date.now(),
  };
  await new Promise<void>((resolve, reject) => {
    const transaction = db.transaction('drafts', 'readwrite');
    transaction.objectStore('drafts').put(record);
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
  });
  db.close();
}

describe('no edit window through a crash: the drafts store', () => {
  it('a change is in the drafts store as soon as it is made, and gone once its write has landed', async () => {
    const journal = createDraftJournal<string>('name', (a, b) => a === b);
    journal.changed(scope, 'Quiz n', 'Quiz');
    await vi.waitFor(async () => expect(await storedRecords()).toHaveLength(1));
    const [record] = await storedRecords();
    expect(record).toMatchObject({ tab: tabId(), key: `${PREFIX}name` });
    expect(JSON.parse(record!.entry)).toEqual({ value: 'Quiz n', known: ['Quiz'] });
    journal.started('Quiz n');
    journal.landed('Quiz n');
    journal.idle({ landed: true });
    await vi.waitFor(async () => expect(await storedRecords()).toEqual([]));
  });

  it('a draft a crashed tab left is written back when the builder opens again, and forgotten', async () => {
    await recordOfTab('crashed-tab', 'description', 'Typed just before the crash', ['Before']);
    const db = draftTemplate({ name: 'Quiz', description: 'Before' });
    await replayDrafts(scope, db.current(), db.update);
    expect(db.current().description).toBe('Typed just before the crash');
    expect(await storedRecords()).toEqual([]);
  });

  it('a tab that is still open keeps its drafts: another tab does not write them back', async () => {
    heldLocks = ['teamtrail-tab/open-tab'];
    await recordOfTab('open-tab', 'name', 'Still being typed there', ['Quiz']);
    const db = draftTemplate({ name: 'Quiz', description: '' });
    await replayDrafts(scope, db.current(), db.update);
    expect(db.writes).toHaveLength(0);
    expect((await storedRecords()).map((r) => r.tab)).toEqual(['open-tab']);
  });

  it('a crashed tab’s draft does not overwrite a change made since elsewhere', async () => {
    await recordOfTab('crashed-tab', 'name', 'Old draft', ['Quiz']);
    const db = draftTemplate({ name: 'Renamed on the laptop', description: '' });
    await replayDrafts(scope, db.current(), db.update);
    expect(db.current().name).toBe('Renamed on the laptop');
    expect(await storedRecords()).toEqual([]);
  });
});
