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
  let api: Comlink.Remote<SyncWorkerApi> | null = null;
  let mode: SyncClient['mode'] = 'unavailable';

  const publish = (status: SyncStatus | null) => {
    latest = status;
    for (const listener of listeners) listener(status);
  };

  async function attach(created: NonNullable<ReturnType<typeof createWorkerApi>>) {
    api = created.api;
    mode = created.mode;
    const bridge: PageBridge = {
      getIdentity: () => page.getIdentity(),
      storeAnonId: (id) => page.storeAnonId(id),
    };
    await api.connect(Comlink.proxy(bridge));
    await api.subscribe(Comlink.proxy((status: SyncStatus) => publish(status)));
    const forward = (notice: 'online' | 'offline' | 'focus') => () => void api?.notify(notice);
    window.addEventListener('online', forward('online'));
    window.addEventListener('offline', forward('offline'));
    window.addEventListener('focus', forward('focus'));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void api?.notify('focus');
    });
  }

  if (typeof SharedWorker !== 'undefined') {
    const created = createWorkerApi();
    if (created) void attach(created);
  } else if (typeof navigator !== 'undefined' && navigator.locks) {
    // No SharedWorker: every tab waits for the leader lock; the holder runs the only engine.
    mode = 'follower';
    void navigator.locks.request(LEADER_LOCK, async () => {
      const created = createWorkerApi();
      if (!created) return;
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
      await api?.syncNow();
    },
    async identityChanged() {
      await api?.identityChanged();
    },
    async conflictLog() {
      return api ? api.conflictLog() : [];
    },
    async resetLocalData() {
      await api?.resetLocalData();
    },
  };
}
