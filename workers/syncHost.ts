/**
 * Hosts the sync engine for the tabs connected to this worker. Several tabs may connect (a
 * SharedWorker serves all of a profile's tabs); identity comes from the most recently connected
 * tab that still answers.
 *
 * One owner at a time (docs/sync.md, "One local database per owner"): the engine works on the
 * database of whoever is signed in (or the guest), bound to that owner. When a tab reports a
 * sign-in or sign-out, the engine of the old owner stops, its database closes, and the new
 * owner's opens (taking over guest work that is its to take, workers/ownerSwitch.ts) with a new
 * engine. Tabs keep one status subscription across switches.
 */
import * as Comlink from 'comlink';
import { createTeamtrailDatabase, type TeamtrailDatabase } from '../src/localdb/database';
import { openDeviceStore } from '../src/localdb/deviceStore';
import { localDatabaseExists, ownerKeyOf } from '../src/localdb/owner';
import { SyncEngine } from '../sync/engine';
import { createTransport } from '../sync/transport';
import { readConflictLog } from '../sync/conflictLog';
import { SYNC_TIMING } from '../sync/constants';
import { INITIAL_STATUS, type SyncStatus } from '../sync/status';
import { createStatusMemory } from '../sync/statusMemory';
import { openOwnerDatabase } from './ownerSwitch';
import { editClock } from '../src/localdb/editClock';
import type { SyncWorkerApi } from './syncWorkerApi';
import { createConnectedTabs } from './connectedTabs';
import { deleteDraftStore } from '../src/localdb/draftDatabase';
import { announceAiRequestFinished } from '../src/localdb/aiRequestEvents';

interface OwnerSession {
  owner: string;
  db: TeamtrailDatabase;
  engine: SyncEngine;
  unsubscribe: () => void;
}

export function createSyncHost(
  kind: 'shared-worker' | 'dedicated-worker',
  devMode: boolean,
): SyncWorkerApi {
  const tabs = createConnectedTabs();
  const listeners = new Set<(status: SyncStatus) => void>();
  let status: SyncStatus = { ...INITIAL_STATUS };
  let session: OwnerSession | null = null;
  /** Switches run one after another; every call that depends on the owner waits for them. */
  let switching: Promise<void> = Promise.resolve();
  const device = openDeviceStore();

  const getIdentity = () => tabs.identity();

  const transport = createTransport({
    baseUrl: self.location.origin,
    fetch: (input, init) => fetch(input, init),
    getIdentity,
    onAnonId: (anonId) => tabs.storeAnonId(anonId),
    timeoutMs: SYNC_TIMING.requestTimeoutMs,
  });

  function publish(next: SyncStatus) {
    status = next;
    // The worker stamps the files it puts into templates on the server's clock too.
    if (next.clockOffsetMs !== null) editClock.setServerOffset(next.clockOffsetMs);
    for (const listener of listeners) listener(status);
  }

  async function closeSession() {
    const ending = session;
    if (!ending) return;
    session = null;
    await ending.engine.stop();
    ending.unsubscribe();
    await ending.db.close();
  }

  /** "Reset local data": only the current owner's, another account's is not theirs to drop. */
  async function removeSession(): Promise<void> {
    const ending = session;
    if (!ending) return;
    session = null;
    await ending.engine.stop();
    ending.unsubscribe();
    await ending.db.remove();
    // Drafts the builder kept for a crash belong to the data being reset.
    await deleteDraftStore(ending.db.name);
    publish({ ...INITIAL_STATUS });
  }

  /** Follows the identity of the tabs: same owner, same engine; another owner, its database. */
  async function follow(): Promise<void> {
    const identity = await getIdentity();
    const owner = ownerKeyOf(identity);
    if (session && session.owner === owner) {
      await session.engine.identityChanged();
      return;
    }
    await closeSession();
    if (!owner) {
      publish({ ...INITIAL_STATUS });
      return;
    }
    const db = await openOwnerDatabase(owner, identity, {
      device,
      openDatabase: (name, collections) => createTeamtrailDatabase({ name, devMode, collections }),
      databaseExists: (name) => localDatabaseExists(indexedDB, name),
    });
    const engine = new SyncEngine({
      db,
      owner,
      transport,
      statusMemory: createStatusMemory(db),
      // The tabs' waiting screens ask for the result at once (docs/ai.md "Finished: the push").
      onAiRequestFinished: announceAiRequestFinished,
    });
    session = { owner, db, engine, unsubscribe: engine.subscribe(publish) };
    await engine.start();
  }

  function switchOwner(): Promise<void> {
    switching = switching.then(follow).catch((error: unknown) => {
      console.error('Teamtrail: the sync worker could not open the local data', error);
    });
    return switching;
  }

  /** The engine of the current owner, once any switch under way is done. */
  async function engine(): Promise<SyncEngine | null> {
    await switching;
    return session?.engine ?? null;
  }

  return {
    async connect(page) {
      tabs.add(page);
      await switchOwner();
    },
    async notify(notice) {
      (await engine())?.notify(notice);
    },
    async syncNow() {
      await (await engine())?.syncNow();
    },
    async identityChanged() {
      await switchOwner();
    },
    async subscribe(listener) {
      const send = (next: SyncStatus) => {
        // A closed tab's listener throws; drop it.
        Promise.resolve(listener(next)).catch(() => listeners.delete(send));
      };
      listeners.add(send);
      send(status);
      return Comlink.proxy(() => void listeners.delete(send));
    },
    async getStatus() {
      await switching;
      return status;
    },
    async conflictLog() {
      await switching;
      return session ? readConflictLog(session.db) : [];
    },
    async resetLocalData() {
      // Queued like an owner switch: a tab that connects meanwhile waits for the removal to end
      // rather than open the database being removed.
      const reset = switching.then(removeSession);
      switching = reset.catch(() => undefined);
      await reset;
    },
    async host() {
      return kind;
    },
  };
}
