// @vitest-environment happy-dom
/**
 * The builder's crash-safe drafts follow the work (src/localdb/draftDatabase.ts,
 * moveDrafts, called from workers/ownerSwitch.ts): when another owner takes a guest's work (a
 * sign-up, an earlier guest id adopted), the guest's records in the drafts store move to that
 * owner's, re-keyed to it, so that its builder writes back what a crashed guest tab typed last.
 * A tab that signs up keeps its sessionStorage journal under the guest's keys, and the builder
 * writes those back too (src/features/builder/draftJournal.ts, replayDrafts).
 */
import 'fake-indexeddb/auto';
import { IDBKeyRange } from 'fake-indexeddb';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTeamtrailDatabase, type TeamtrailDatabase } from '../../../src/localdb/database';
import {
  commitDraftChange,
  draftKeyPrefix,
  draftStoreName,
  moveDrafts,
  openDraftDatabase,
  readAllDrafts,
  type DraftRecord,
} from '../../../src/localdb/draftDatabase';
import { openDeviceStore } from '../../../src/localdb/deviceStore';
import { tabId } from '../../../src/localdb/draftStore';
import { databaseNameFor, localDatabaseExists } from '../../../src/localdb/owner';
import { createTemplateRepository } from '../../../src/localdb/templateRepository';
import type { TemplateContent } from '../../../src/domain/templateContent';
import { replayDrafts } from '../../../src/features/builder/draftJournal';
import type { Identity } from '../../../sync/transport';
import { openOwnerDatabase } from '../../../workers/ownerSwitch';
import { draftTemplate } from './draftTemplate';

/** The tabs whose lock is held besides this one: what navigator.locks.query() answers. */
let heldLocks: string[] = [];
const opened: TeamtrailDatabase[] = [];

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
  for (const db of opened.splice(0)) if (!db.closed) await db.close();
  // Each test is a browser of its own as far as the guest ids it has used go.
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase('teamtrail-device');
    request.onsuccess = request.onerror = request.onblocked = () => resolve(undefined);
  });
  vi.unstubAllGlobals();
});

/** Owner database names of their own for each test: the drafts stores beside them are new. */
const databaseName = () => `teamtrail-owner-move-${randomUUID().slice(0, 8)}`;

async function withDrafts<T>(database: string, run: (db: IDBDatabase) => Promise<T>) {
  const db = await openDraftDatabase(draftStoreName(database));
  try {
    return await run(db);
  } finally {
    db.close();
  }
}

const put = (database: string, ...records: DraftRecord[]) =>
  withDrafts(database, async (db) => {
    for (const record of records) await commitDraftChange(db, { put: record });
  });

const stored = (database: string) =>
  withDrafts(database, async (db) =>
    (await readAllDrafts(db)).sort((a, b) => a.id.localeCompare(b.id)),
  );

const draftStoreExists = async (database: string) =>
  (await indexedDB.databases()).some((info) => info.name === draftStoreName(database));

/** A record as a tab's journal puts it: `{ value, known }` under `<prefix><owner>/<id>/<field>`. */
function record(
  tab: string,
  owner: string,
  templateId: string,
  field: string,
  entry: { value: unknown; known: unknown[] },
  at = Date.now(),
): DraftRecord {
  const key = draftKeyPrefix(owner, templateId) + field;
  return { id: `${tab}/${key}`, tab, key, entry: JSON.stringify(entry), at };
}

/** `record` as the move leaves it: the same tab, time and entry under the new owner's key. */
function rekeyed(moved: DraftRecord, from: string, to: string): DraftRecord {
  const key = moved.key.replace(draftKeyPrefix(from), draftKeyPrefix(to));
  return { ...moved, id: `${moved.tab}/${key}`, key };
}

function content(name: string, description: string): TemplateContent {
  return {
    name,
    description,
    shortDescription: '',
    gameType: 'quiz',
    deliveryType: 'inPerson',
    duration: 60,
    selectedThemeId: null,
    branding: {
      id: randomUUID(),
      logo: null,
      headerColour: '#0393E3',
      questionBackgroundColour: '#FFFFFF',
      selfieBackgroundColour: '#8FD1FC',
    },
    steps: [],
  };
}

/** An owner's database on this test's browser profile (fake-indexeddb's global one). */
async function ownerDatabase(name: string, collections: 'all' | 'owned' = 'all') {
  const db = await createTeamtrailDatabase({ name, indexedDB, IDBKeyRange, collections });
  opened.push(db);
  return db;
}

/** What the sync worker does when `identity` starts using the browser. */
async function switchTo(identity: Identity, owner: string) {
  const device = openDeviceStore(indexedDB);
  if (identity.anonId) await device.rememberGuestId(identity.anonId);
  const db = await openOwnerDatabase(owner, identity, {
    device,
    openDatabase: ownerDatabase,
    databaseExists: (name) => localDatabaseExists(indexedDB, name),
    indexedDB,
  });
  opened.push(db);
  return db;
}

/** A guest's template, and the draft of it a tab that crashed left in the guest's drafts store. */
async function guestWithCrashedDraft(anonId: string) {
  const guest = `anon:${anonId}`;
  const database = await databaseNameFor(guest);
  const db = await ownerDatabase(database);
  const made = await createTemplateRepository(db).create(guest, content('Quiz', 'Before'));
  await db.close();
  const left = record('crashed-tab', guest, made.id, 'description', {
    value: 'Typed just before the crash',
    known: ['Before'],
  });
  await put(database, left);
  return { guest, database, templateId: made.id, left };
}

describe('the drafts follow the work: moving a drafts store', () => {
  it('a guest’s drafts move to the new owner’s store re-keyed to it, with the same tab, time and entry', async () => {
    const from = databaseName();
    const to = databaseName();
    const name = record('tab-a', 'anon:g', 'tpl-1', 'name', { value: 'Quiz n', known: ['Quiz'] });
    const step = { id: 's1', name: 'Capital', type: 'freeText', text: 'Paris?', answers: [] };
    const task = record('tab-b', 'anon:g', 'tpl-1', 'step/s1', { value: step, known: [step] });
    await put(from, name, task);

    expect(await moveDrafts(from, to, 'anon:g', 'user:u')).toEqual({ moved: 2, left: 0 });

    expect(await stored(to)).toEqual([
      {
        ...name,
        id: 'tab-a/teamtrail.builderDraft/user:u/tpl-1/name',
        key: 'teamtrail.builderDraft/user:u/tpl-1/name',
      },
      {
        ...task,
        id: 'tab-b/teamtrail.builderDraft/user:u/tpl-1/step/s1',
        key: 'teamtrail.builderDraft/user:u/tpl-1/step/s1',
      },
    ]);
    expect(await stored(from)).toEqual([]);
  });

  it('a move cut short between the put and the removal finishes on the next run, losing and doubling nothing', async () => {
    const from = databaseName();
    const to = databaseName();
    const left = record('crashed-tab', 'anon:g', 'tpl-1', 'name', { value: 'Q', known: ['Quiz'] });
    await put(from, left);
    // The first run put it in the target, and the browser went before it was removed.
    await put(to, rekeyed(left, 'anon:g', 'user:u'));

    await moveDrafts(from, to, 'anon:g', 'user:u');
    expect(await stored(to)).toEqual([rekeyed(left, 'anon:g', 'user:u')]);
    expect(await stored(from)).toEqual([]);

    expect(await moveDrafts(from, to, 'anon:g', 'user:u')).toEqual({ moved: 0, left: 0 });
    expect(await stored(to)).toEqual([rekeyed(left, 'anon:g', 'user:u')]);
  });

  it('drafts of other owners’ templates stay where they are', async () => {
    const from = databaseName();
    const to = databaseName();
    const guests = record('tab-a', 'anon:g', 'tpl-1', 'name', { value: 'Q', known: ['Quiz'] });
    const others = record('tab-a', 'user:other', 'tpl-2', 'name', { value: 'X', known: ['Y'] });
    await put(from, guests, others);

    expect(await moveDrafts(from, to, 'anon:g', 'user:u')).toEqual({ moved: 1, left: 1 });
    expect(await stored(from)).toEqual([others]);
    expect(await stored(to)).toEqual([rekeyed(guests, 'anon:g', 'user:u')]);
  });

  it('a newer draft the tab put in the new owner’s store since is not overwritten by the moved one', async () => {
    const from = databaseName();
    const to = databaseName();
    const older = record('tab-a', 'anon:g', 'tpl-1', 'name', { value: 'Q', known: ['Quiz'] }, 1000);
    const newer = record('tab-a', 'user:u', 'tpl-1', 'name', { value: 'Qu', known: ['Q'] }, 2000);
    await put(from, older);
    await put(to, newer);

    await moveDrafts(from, to, 'anon:g', 'user:u');
    expect(await stored(to)).toEqual([newer]);
    expect(await stored(from)).toEqual([]);
  });

  it('looking for the drafts of a guest who kept none makes no drafts store', async () => {
    const from = databaseName();
    const to = databaseName();
    expect(await moveDrafts(from, to, 'anon:g', 'user:u')).toEqual({ moved: 0, left: 0 });
    expect(await draftStoreExists(from)).toBe(false);
    expect(await draftStoreExists(to)).toBe(false);
  });
});

describe('the drafts follow the work: writing them back for the new owner', () => {
  it('after a sign-up, the account’s builder writes back the draft a crashed guest tab left', async () => {
    const anonId = randomUUID();
    const { database, templateId } = await guestWithCrashedDraft(anonId);
    const userId = randomUUID();
    const owner = `user:${userId}`;

    const userDb = await switchTo({ token: null, userId, anonId }, owner);

    const moved = await userDb.templates.findOne(templateId).exec();
    expect(moved?.owner).toBe(owner);
    expect((await stored(userDb.name)).map((r) => r.key)).toEqual([
      `${draftKeyPrefix(owner, templateId)}description`,
    ]);
    expect(await stored(database)).toEqual([]);

    const repository = createTemplateRepository(userDb);
    await replayDrafts(
      { owner, templateId, database: userDb.name },
      moved!.toMutableJSON().content,
      (recipe) => repository.update(templateId, recipe),
    );
    const written = await userDb.templates.findOne(templateId).exec();
    expect(written?.content.description).toBe('Typed just before the crash');
    expect(await stored(userDb.name)).toEqual([]);
    // The guest's own database stays for a return (signed out), and so does its drafts store.
    expect(await draftStoreExists(database)).toBe(true);
  });

  it('an earlier guest id’s drafts move to the guest who adopts its work, and its emptied drafts store is deleted with its database', async () => {
    const lostId = randomUUID();
    const lost = await guestWithCrashedDraft(lostId);
    await openDeviceStore(indexedDB).rememberGuestId(lostId);
    const currentId = randomUUID();
    const current = `anon:${currentId}`;

    const currentDb = await switchTo({ token: null, userId: null, anonId: currentId }, current);

    expect(await stored(currentDb.name)).toEqual([rekeyed(lost.left, lost.guest, current)]);
    expect(await openDeviceStore(indexedDB).get('guestIds')).toEqual([currentId]);
    expect(await draftStoreExists(lost.database)).toBe(false);
  });

  it('a tab that signs up writes back what its sessionStorage kept under the guest’s keys, and forgets them', async () => {
    const key = `${draftKeyPrefix('anon:g', 'tpl-1')}name`;
    sessionStorage.setItem(key, JSON.stringify({ value: 'Typed as a guest', known: ['Quiz'] }));
    const db = draftTemplate({ name: 'Quiz', description: '' });

    const scope = { owner: 'user:u', templateId: 'tpl-1', database: databaseName() };
    await replayDrafts(scope, db.current(), db.update);

    expect(db.current().name).toBe('Typed as a guest');
    expect(sessionStorage.getItem(key)).toBeNull();
  });

  it('what this tab typed after the sign-up wins over what it kept under the guest’s keys', async () => {
    const asGuest = `${draftKeyPrefix('anon:g', 'tpl-1')}name`;
    const asUser = `${draftKeyPrefix('user:u', 'tpl-1')}name`;
    sessionStorage.setItem(asGuest, JSON.stringify({ value: 'Qu', known: ['Quiz'] }));
    sessionStorage.setItem(asUser, JSON.stringify({ value: 'Quiz night', known: ['Quiz'] }));
    const db = draftTemplate({ name: 'Quiz', description: '' });

    const scope = { owner: 'user:u', templateId: 'tpl-1', database: databaseName() };
    await replayDrafts(scope, db.current(), db.update);

    expect(db.current().name).toBe('Quiz night');
    expect(sessionStorage.length).toBe(0);
  });

  it('another user’s sessionStorage drafts are never written back into this owner’s template', async () => {
    const key = `${draftKeyPrefix('user:other', 'tpl-1')}name`;
    sessionStorage.setItem(key, JSON.stringify({ value: 'Not theirs', known: ['Quiz'] }));
    const db = draftTemplate({ name: 'Quiz', description: '' });

    const scope = { owner: 'user:u', templateId: 'tpl-1', database: databaseName() };
    await replayDrafts(scope, db.current(), db.update);

    expect(db.writes).toHaveLength(0);
    expect(sessionStorage.getItem(key)).not.toBeNull();
  });

  it('a moved draft stays its tab’s: another tab leaves it while that tab is open, the tab itself writes it back', async () => {
    heldLocks = ['teamtrail-tab/open-tab'];
    const from = databaseName();
    const to = databaseName();
    await put(
      from,
      record('open-tab', 'anon:g', 'tpl-1', 'name', { value: 'Open tab', known: ['Quiz'] }),
      record(tabId(), 'anon:g', 'tpl-1', 'description', { value: 'This tab', known: [''] }),
    );
    await moveDrafts(from, to, 'anon:g', 'user:u');

    const db = draftTemplate({ name: 'Quiz', description: '' });
    await replayDrafts(
      { owner: 'user:u', templateId: 'tpl-1', database: to },
      db.current(),
      db.update,
    );

    expect(db.current()).toMatchObject({ name: 'Quiz', description: 'This tab' });
    expect((await stored(to)).map((r) => r.tab)).toEqual(['open-tab']);
  });
});
