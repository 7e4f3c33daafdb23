/**
 * The tab's side of the sync worker: starts or joins it, tells it who is signed in and what the
 * browser reports (online, offline, focus), and relays its status. UI code reaches the engine
 * only through this and the worker API type.
 */
import * as Comlink from 'comlink';
import type {
  Identity,
  PageBridge,
  SyncStatus,
  SyncWorkerApi,
  ConflictEntry,
} from '../../workers/syncWorkerApi';
import { followLeader, serveFollowers, type EngineCommands, type Notice } from './leaderRelay';
import { editClock } from './editClock';
import { listenForAiRequestEvents } from './aiRequestEvents';

export interface SyncClient {
  /** 'shared-worker', 'dedicated-worker' (this tab leads), 'follower' (another tab leads), or 'unavailable'. */
  readonly mode: 'shared-worker' | 'dedicated-worker' | 'follower' | 'unavailable';
  subscribe(listener: (status: SyncStatus | null) => void): () => void;
  syncNow(): Promise<void>;
  identityChanged(): Promise<void>;
  conflictLog(): Promise<ConflictEntry[]>;
  resetLocalData(): Promise<void>;
}

const LEADER_LOCK = 'teamtrail-sync-leader';

function createWorkerApi(): {
  api: Comlink.Remote<SyncWorkerApi>;
  mode: SyncClient['mode'];
} | null {
  // Vite bundles a worker only when `new URL(…, import.meta.url)` is written inside the
  // constructor call itself; a URL kept in a variable is treated as a plain asset and the
  // TypeScript source would be inlined as a data: URL (which neither runs nor passes the CSP).
  if (typeof SharedWorker !== 'undefined') {
    const worker = new SharedWorker(new URL('../../workers/sync.worker.ts', import.meta.url), {
      type: 'module',
      name: 'teamtrail-sync',
    });
    return { api: Comlink.wrap<SyncWorkerApi>(worker.port), mode: 'shared-worker' };
  }
  if (typeof Worker !== 'undefined') {
    const worker = new Worker(new URL('../../workers/sync.worker.ts', import.meta.url), {
      type: 'module',
      name: 'teamtrail-sync',
    });
    return { api: Comlink.wrap<SyncWorkerApi>(worker), mode: 'dedicated-worker' };
  }
  return null;
}

export function startSyncClient(page: {
  getIdentity(): Promise<Identity>;
  storeAnonId(anonId: string): void;
}): SyncClient {
  const listeners = new Set<(status: SyncStatus | null) => void>();
  let latest: SyncStatus | null = null;
  let mode: SyncClient['mode'] = 'unavailable';

  /** Where this tab's commands go: its own worker, or (a follower) the leading tab. */
  let engine: EngineCommands | null = null;
  let relay: ReturnType<typeof serveFollowers> | null = null;

  const publish = (status: SyncStatus | null) => {
    latest = status;
    // This tab stamps its edits on the server's clock, as the engine measured it.
    if (status?.clockOffsetMs != null) editClock.setServerOffset(status.clockOffsetMs);
    for (const listener of listeners) listener(status);
    relay?.publish(status);
  };

  // The worker's word that an AI request is over, heard from now on (src/localdb/aiRequestEvents.ts).
  listenForAiRequestEvents();

  const forward = (notice: Notice) => () => void engine?.notify(notice);
  window.addEventListener('online', forward('online'));
  window.addEventListener('offline', forward('offline'));
  window.addEventListener('focus', forward('focus'));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void engine?.notify('focus');
  });

  async function attach(created: NonNullable<ReturnType<typeof createWorkerApi>>) {
    const worker = created.api;
    mode = created.mode;
    engine = {
      syncNow: () => worker.syncNow(),
      identityChanged: () => worker.identityChanged(),
      conflictLog: () => worker.conflictLog(),
      resetLocalData: () => worker.resetLocalData(),
      notify: (notice) => worker.notify(notice),
    };
    const bridge: PageBridge = {
      getIdentity: () => page.getIdentity(),
      storeAnonId: (id) => page.storeAnonId(id),
    };
    await worker.connect(Comlink.proxy(bridge));
    await worker.subscribe(Comlink.proxy((status: SyncStatus) => publish(status)));
  }

  if (typeof SharedWorker !== 'undefined') {
    const created = createWorkerApi();
    if (created) void attach(created);
  } else if (typeof navigator !== 'undefined' && navigator.locks) {
    // No SharedWorker: every tab waits for the leader lock; the holder runs the only engine and
    // relays its status to the followers (src/localdb/leaderRelay.ts).
    mode = 'follower';
    const follower = followLeader(publish);
    engine = follower;
    void navigator.locks.request(LEADER_LOCK, async () => {
      const created = createWorkerApi();
      if (!created) return;
      follower.close();
      engine = null; // until this tab's own worker is attached
      relay = serveFollowers(
        {
          syncNow: async () => engine?.syncNow(),
          identityChanged: async () => engine?.identityChanged(),
          conflictLog: async () => (engine ? engine.conflictLog() : []),
          resetLocalData: async () => engine?.resetLocalData(),
          notify: async (notice) => engine?.notify(notice),
        },
        () => latest,
      );
      await attach(created);
      await new Promise<never>(() => {}); // keep the lock while this tab lives
    });
  }

  return {
    get mode() {
      return mode;
    },
    subscribe(listener) {
      listeners.add(listener);
      listener(latest);
      return () => listeners.delete(listener);
    },
    async syncNow() {
      await engine?.syncNow();
    },
    async identityChanged() {
      await engine?.identityChanged();
    },
    async conflictLog() {
      return engine ? engine.conflictLog() : [];
    },
    async resetLocalData() {
      await engine?.resetLocalData();
    },
  };
}
