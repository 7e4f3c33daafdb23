/**
 * One local database per owner (docs/sync.md, "One local database per owner"), with the sync
 * worker's switch between owners (workers/ownerSwitch.ts) on one fake browser profile:
 * nothing of one owner is in another's database; a guest's work moves to the account on
 * sign-in; an earlier guest id's work is adopted, locally and on the server; the shared
 * database of earlier versions is split by owner; a move cut short finishes without doubling;
 * and an engine bound to one owner never syncs under another identity.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTeamtrailDatabase, type TeamtrailDatabase } from '../../../src/localdb/database';
import { openDeviceStore, type DeviceStore } from '../../../src/localdb/deviceStore';
import {
  LEGACY_DATABASE_NAME,
  databaseNameFor,
  localDatabaseExists,
  ownerKeyOf,
} from '../../../src/localdb/owner';
import { createTemplateRepository } from '../../../src/localdb/templateRepository';
import { readClaims } from '../../../sync/claims';
import { SyncEngine } from '../../../sync/engine';
import { moveOwnerWork } from '../../../sync/ownerMove';
import { readDeletedElsewhere, recordDeletedElsewhere } from '../../../sync/conflictLog';
import { NOTICES_SEEN_ID } from '../../../src/localdb/localDocuments';
import { createTransport, type Identity } from '../../../sync/transport';
import { openOwnerDatabase } from '../../../workers/ownerSwitch';
import { signUp } from '../support/clients';
import {
  FaultyNetwork,
  TEST_TIMING,
  sampleContent,
  serverList,
  startLiveServer,
  waitFor,
  type LiveServer,
} from './harness';

let live: LiveServer;
beforeAll(async () => {
  live = await startLiveServer();
});
afterAll(async () => {
  await live.close();
});

/** One browser profile: its IndexedDB, its device facts, and what is open on it. */
interface Profile {
  indexedDB: IDBFactory;
  device: DeviceStore;
  open: TeamtrailDatabase[];
  engines: SyncEngine[];
}
const profiles: Profile[] = [];

function newProfile(): Profile {
  const indexedDB = new IDBFactory();
  const profile = { indexedDB, device: openDeviceStore(indexedDB), open: [], engines: [] };
  profiles.push(profile);
  return profile;
}

afterEach(async () => {
  for (const profile of profiles.splice(0)) {
    for (const engine of profile.engines) await engine.stop();
    for (const db of profile.open) if (!db.closed) await db.close();
  }
});

const openDatabase = (profile: Profile) => async (name: string, collections: 'all' | 'owned') => {
  const db = await createTeamtrailDatabase({
    name,
    indexedDB: profile.indexedDB,
    IDBKeyRange,
    devMode: true,
    collections,
  });
  profile.open.push(db);
  return db;
};

/** What the sync worker does when `identity` starts using the browser. */
async function switchTo(profile: Profile, identity: Identity): Promise<TeamtrailDatabase> {
  if (identity.anonId) await profile.device.rememberGuestId(identity.anonId);
  return openOwnerDatabase(ownerKeyOf(identity)!, identity, {
    device: profile.device,
    openDatabase: openDatabase(profile),
    databaseExists: (name) => localDatabaseExists(profile.indexedDB, name),
  });
}

function startEngine(
  profile: Profile,
  db: TeamtrailDatabase,
  identity: Identity,
  network = new FaultyNetwork(),
  owner: string = ownerKeyOf(identity)!,
) {
  const engine = new SyncEngine({
    db,
    owner,
    transport: createTransport({
      baseUrl: live.baseUrl,
      fetch: network.fetch,
      getIdentity: async () => ({ ...identity }),
      timeoutMs: TEST_TIMING.requestTimeoutMs!,
    }),
    timing: TEST_TIMING,
    eventStream: false,
  });
  profile.engines.push(engine);
  return engine;
}

const guestIdentity = (): Identity => ({ token: null, anonId: randomUUID(), userId: null });

const templateNames = async (db: TeamtrailDatabase) =>
  (await db.templates.find().exec()).map((d) => d.content.name).sort();

describe('one local database per owner', () => {
  it("two accounts on one browser: each sees only its own documents, and the guest's database holds neither", async () => {
    const profile = newProfile();
    const guest = guestIdentity();
    const u1 = await signUp(live.server);
    const u2 = await signUp(live.server);
    const asU1: Identity = { token: u1.token, userId: u1.userId, anonId: guest.anonId };
    const asU2: Identity = { token: u2.token, userId: u2.userId, anonId: guest.anonId };

    const db1 = await switchTo(profile, asU1);
    await createTemplateRepository(db1).create(`user:${u1.userId}`, sampleContent('U1 plan'));
    await db1.close();

    const db2 = await switchTo(profile, asU2);
    expect(await templateNames(db2)).toEqual([]);
    await createTemplateRepository(db2).create(`user:${u2.userId}`, sampleContent('U2 plan'));
    await db2.close();

    const guestDb = await switchTo(profile, guest);
    expect(await templateNames(guestDb)).toEqual([]);
    await guestDb.close();
    const back = await switchTo(profile, asU1);
    expect(await templateNames(back)).toEqual(['U1 plan']);
  });

  it("a guest's work and queued file move into the account's database on sign-in, and reach the server as the user's", async () => {
    const profile = newProfile();
    const guest = guestIdentity();
    const guestDb = await switchTo(profile, guest);
    const made = await createTemplateRepository(guestDb).create(
      `anon:${guest.anonId}`,
      sampleContent('Built as a guest'),
    );
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await guestDb.uploads
      .insert({
        id: randomUUID(),
        owner: `anon:${guest.anonId}`,
        templateId: made.id,
        stepId: null,
        purpose: 'logo',
        filename: 'logo.png',
        mimeType: 'image/png',
        size: file.size,
        status: 'queued',
        attempts: 0,
        nextAttemptAt: null,
        errorMessage: null,
        asset: null,
        createdAt: new Date().toISOString(),
      })
      .then((doc) => doc.putAttachment({ id: 'file', data: file, type: 'image/png' }));
    const guestEngine = startEngine(profile, guestDb, guest);
    await guestEngine.start();
    await waitFor('the guest template reaches the server', async () =>
      (await serverList(live, { anonid: guest.anonId! })).some((t) => t.id === made.id),
    );
    await guestEngine.stop();
    await guestDb.close();

    const account = await signUp(live.server);
    const user: Identity = { token: account.token, userId: account.userId, anonId: guest.anonId };
    const userDb = await switchTo(profile, user);
    const moved = await userDb.templates.findOne(made.id).exec();
    expect(moved?.owner).toBe(`user:${account.userId}`);
    const upload = (await userDb.uploads.find().exec())[0];
    expect(upload?.owner).toBe(`user:${account.userId}`);
    expect(await upload?.getAttachment('file')?.getData()).toBeTruthy();
    expect(await readClaims(userDb)).toEqual([guest.anonId]);

    const reopenedGuest = await openDatabase(profile)(
      await databaseNameFor(`anon:${guest.anonId}`),
      'owned',
    );
    expect(await reopenedGuest.templates.count().exec()).toBe(0);
    expect(await reopenedGuest.uploads.count().exec()).toBe(0);
    await reopenedGuest.close();

    const userEngine = startEngine(profile, userDb, user);
    await userEngine.start();
    await userEngine.whenIdle();
    const userList = await serverList(live, { authorization: `Bearer ${account.token}` });
    expect(userList.map((t) => t.id)).toEqual([made.id]);
    expect(await readClaims(userDb)).toEqual([]);
  });

  it("an earlier guest id's work is adopted by the current guest, on the device and on the server", async () => {
    const profile = newProfile();
    const lost = guestIdentity();
    const lostDb = await switchTo(profile, lost);
    const made = await createTemplateRepository(lostDb).create(
      `anon:${lost.anonId}`,
      sampleContent('Made before the crash'),
    );
    const lostEngine = startEngine(profile, lostDb, lost);
    await lostEngine.start();
    await lostEngine.whenIdle();
    // Edited offline just before the id was lost: this edit is only on the device.
    await createTemplateRepository(lostDb).update(made.id, { description: 'Only on the device' });
    await lostEngine.stop();
    await lostDb.close();

    // The id is gone (a crash lost the cookie and its copy); a new guest id is made.
    const current = guestIdentity();
    const currentDb = await switchTo(profile, current);
    const adopted = await currentDb.templates.findOne(made.id).exec();
    expect(adopted?.owner).toBe(`anon:${current.anonId}`);
    expect(adopted?.content.description).toBe('Only on the device');
    expect(await profile.device.get('guestIds')).toEqual([current.anonId]);
    const emptied = await openDatabase(profile)(
      await databaseNameFor(`anon:${lost.anonId}`),
      'owned',
    );
    expect(await emptied.templates.count().exec()).toBe(0);
    await emptied.close();

    const engine = startEngine(profile, currentDb, current);
    await engine.start();
    await engine.whenIdle();
    const list = await serverList(live, { anonid: current.anonId! });
    expect(list.map((t) => [t.id, t.description])).toEqual([[made.id, 'Only on the device']]);
    expect(await serverList(live, { anonid: lost.anonId! })).toEqual([]);
  });

  it('an earlier guest id whose move fails keeps its database and its id, and the next start finishes the move', async () => {
    const profile = newProfile();
    const lost = guestIdentity();
    const lostDb = await switchTo(profile, lost);
    const made = await createTemplateRepository(lostDb).create(
      `anon:${lost.anonId}`,
      sampleContent('Only on the device'),
    );
    await lostDb.close();

    const current = guestIdentity();
    await profile.device.rememberGuestId(current.anonId!);
    const lostName = await databaseNameFor(`anon:${lost.anonId}`);
    // The move's first read fails (a quota, a browser error): nothing may be thrown away.
    const failingOnce = async (name: string, collections: 'all' | 'owned') => {
      const db = await openDatabase(profile)(name, collections);
      if (name === lostName) {
        db.templates.find = () => {
          throw new Error('QuotaExceededError');
        };
      }
      return db;
    };
    const currentDb = await openOwnerDatabase(`anon:${current.anonId}`, current, {
      device: profile.device,
      openDatabase: failingOnce,
      databaseExists: (name) => localDatabaseExists(profile.indexedDB, name),
    });
    expect(await currentDb.templates.findOne(made.id).exec()).toBeNull();
    expect(await profile.device.get('guestIds')).toContain(lost.anonId);
    await currentDb.close();

    const again = await switchTo(profile, current);
    expect((await again.templates.findOne(made.id).exec())?.content.name).toBe(
      'Only on the device',
    );
    expect(await profile.device.get('guestIds')).toEqual([current.anonId]);
  });

  it("the shared database of earlier versions: each owner's documents go to its own database, others wait for their owner", async () => {
    const profile = newProfile();
    const guest = guestIdentity();
    await profile.device.rememberGuestId(guest.anonId!);
    const legacy = await openDatabase(profile)(LEGACY_DATABASE_NAME, 'all');
    const legacyRepo = createTemplateRepository(legacy);
    await legacyRepo.create('user:someone-else', sampleContent("Someone else's"));
    await legacyRepo.create(`anon:${guest.anonId}`, sampleContent("The guest's"));
    await legacy.close();

    const guestDb = await switchTo(profile, guest);
    expect(await templateNames(guestDb)).toEqual(["The guest's"]);
    expect(await profile.device.get('legacyMigrated')).toBeFalsy();

    await guestDb.close();
    // The other owner signs in on this browser: theirs moves too, and (as any sign-in does)
    // the guest's work goes with the account.
    const other: Identity = { token: null, userId: 'someone-else', anonId: guest.anonId };
    const otherDb = await switchTo(profile, other);
    expect(await templateNames(otherDb)).toEqual(["Someone else's", "The guest's"]);
    expect(await profile.device.get('legacyMigrated')).toBe(true);
  });

  it('a move cut short by a crash finishes on the next run without doubling anything', async () => {
    const profile = newProfile();
    const source = await openDatabase(profile)('teamtrail-test-source', 'owned');
    const target = await openDatabase(profile)('teamtrail-test-target', 'all');
    const made = await createTemplateRepository(source as unknown as TeamtrailDatabase).create(
      'anon:a',
      sampleContent('Half moved'),
    );
    // The crash came after the write to the target and before the removal from the source.
    const doc = (await source.templates.findOne(made.id).exec())!.toMutableJSON();
    await target.templates.insert({ ...doc, owner: 'user:u' });
    await moveOwnerWork(source, target, ['anon:a'], 'user:u');
    expect(await target.templates.count().exec()).toBe(1);
    expect(await source.templates.count().exec()).toBe(0);
  });

  it('on sign-in, what the builder knows about the moved activities goes with them: where a deleted activity’s edits went, and the notices already dealt with', async () => {
    const profile = newProfile();
    const source = await openDatabase(profile)('teamtrail-test-guest', 'all');
    const target = await openDatabase(profile)('teamtrail-test-user', 'all');
    const restored = await createTemplateRepository(source).create(
      'anon:a',
      sampleContent('Kept after a delete elsewhere'),
    );
    await recordDeletedElsewhere(source, {
      id: 'old-id',
      name: 'Kept after a delete elsewhere',
      at: '2026-11-26T10:00:00.000Z',
      restoredAs: restored.id,
    });
    await source.upsertLocal(NOTICES_SEEN_ID, {
      [restored.id]: { seenAt: '2026-11-26T10:01:00.000Z', handled: [] },
      'someone-elses': { seenAt: null, handled: ['x'] },
    });
    await moveOwnerWork(source, target, ['anon:a'], 'user:u');
    expect(await readDeletedElsewhere(target)).toEqual([
      expect.objectContaining({ id: 'old-id', restoredAs: restored.id }),
    ]);
    expect((await target.getLocal(NOTICES_SEEN_ID))?.toJSON().data).toEqual({
      [restored.id]: { seenAt: '2026-11-26T10:01:00.000Z', handled: [] },
    });
  });

  it('an engine bound to one owner never pushes under another identity', async () => {
    const profile = newProfile();
    const guest = guestIdentity();
    const db = await switchTo(profile, guest);
    const identity = { ...guest };
    const network = new FaultyNetwork();
    const engine = startEngine(profile, db, identity, network);
    await engine.start();
    await engine.whenIdle();
    // A tab signed in; until the worker switches databases, this engine must idle.
    const account = await signUp(live.server);
    Object.assign(identity, { token: account.token, userId: account.userId });
    network.requests = [];
    await createTemplateRepository(db).create(`anon:${guest.anonId}`, sampleContent('Waits'));
    await engine.syncNow();
    expect(network.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(await serverList(live, { authorization: `Bearer ${account.token}` })).toEqual([]);
  });
});

describe('recovery without the browser being told', () => {
  it('after an outage with no online event, the engine finds the server within the probe interval, not after its back-off', async () => {
    const profile = newProfile();
    const guest = guestIdentity();
    const db = await switchTo(profile, guest);
    const network = new FaultyNetwork();
    const engine = new SyncEngine({
      db,
      owner: `anon:${guest.anonId}`,
      transport: createTransport({
        baseUrl: live.baseUrl,
        fetch: network.fetch,
        getIdentity: async () => ({ ...guest }),
        timeoutMs: 1_000,
      }),
      // A back-off of a whole minute: only the probe can bring the edit over within the test.
      timing: {
        ...TEST_TIMING,
        backoffBaseMs: 60_000,
        backoffMaxMs: 60_000,
        probeIntervalMs: 50,
      },
      random: () => 1,
      eventStream: false,
    });
    profile.engines.push(engine);
    await engine.start();
    await engine.whenIdle();
    network.offline = true;
    const made = await createTemplateRepository(db).create(
      `anon:${guest.anonId}`,
      sampleContent('Made during the outage'),
    );
    await waitFor('the push fails', () => engine.getStatus().online === false);
    network.offline = false; // the server is back; nobody says so
    await waitFor(
      'the edit reaches the server',
      async () => (await serverList(live, { anonid: guest.anonId! })).some((t) => t.id === made.id),
      5_000,
    );
    await waitFor('the engine sees itself online', () => engine.getStatus().online);
  });
});
