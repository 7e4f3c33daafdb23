/**
 * Hosts one sync engine for the tabs connected to this worker. Several tabs may connect (a
 * SharedWorker serves all of a profile's tabs); identity comes from the most recently connected
 * tab that still answers.
 */
import * as Comlink from 'comlink';
import { createTeamtrailDatabase, type TeamtrailDatabase } from '../src/data/database';
import { SyncEngine } from '../sync/engine';
import { createTransport, type Identity } from '../sync/transport';
import { readConflictLog } from '../sync/conflictLog';
import { SYNC_TIMING } from '../sync/constants';
import type { PageBridge, SyncWorkerApi } from './syncWorkerApi';

/** A tab that does not answer within this long is considered closed. */
const PAGE_CALL_TIMEOUT_MS = 2_000;

export function createSyncHost(
  kind: 'shared-worker' | 'dedicated-worker',
  devMode: boolean,
): SyncWorkerApi {
  const pages: PageBridge[] = [];
  let engine: SyncEngine | null = null;
  let db: TeamtrailDatabase | null = null;
  let starting: Promise<SyncEngine> | null = null;

  const withTimeout = <T>(promise: Promise<T>) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('tab did not answer')), PAGE_CALL_TIMEOUT_MS),
      ),
    ]);

  async function getIdentity(): Promise<Identity> {
    for (let i = pages.length - 1; i >= 0; i -= 1) {
      try {
        return await withTimeout(pages[i]!.getIdentity());
      } catch {
        pages.splice(i, 1); // closed tab
      }
    }
    return { token: null, anonId: null, userId: null };
  }

  async function ensureEngine(): Promise<SyncEngine> {
    starting ??= (async () => {
      db = await createTeamtrailDatabase({ devMode });
      engine = new SyncEngine({
        db,
        transport: createTransport({
          baseUrl: self.location.origin,
          fetch: (input, init) => fetch(input, init),
          getIdentity,
          onAnonId: (anonId) => pages.at(-1)?.storeAnonId(anonId),
          timeoutMs: SYNC_TIMING.requestTimeoutMs,
        }),
      });
      await engine.start();
      return engine;
    })();
    return starting;
  }

  return {
    async connect(page) {
      pages.push(page);
      await ensureEngine();
    },
    async notify(notice) {
      (await ensureEngine()).notify(notice);
    },
    async syncNow() {
      await (await ensureEngine()).syncNow();
    },
    async identityChanged() {
      await (await ensureEngine()).identityChanged();
    },
    async subscribe(listener) {
      const unsubscribe = (await ensureEngine()).subscribe((status) => {
        // A closed tab's listener throws; drop it.
        Promise.resolve(listener(status)).catch(() => unsubscribe());
      });
      return Comlink.proxy(unsubscribe);
    },
    async getStatus() {
      return (await ensureEngine()).getStatus();
    },
    async conflictLog() {
      await ensureEngine();
      return db ? readConflictLog(db) : [];
    },
    async resetLocalData() {
      await ensureEngine();
      await engine?.stop();
      await db?.remove();
      engine = null;
      db = null;
      starting = null;
    },
    async host() {
      return kind;
    },
  };
}
