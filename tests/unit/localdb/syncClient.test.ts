// @vitest-environment happy-dom
/**
 * src/localdb/syncClient.ts: a tab's side of the sync worker. With SharedWorker every tab joins the
 * one worker; without it, the tab holding the leader lock runs the only engine in a dedicated
 * worker and the others follow it over the relay, until the leader goes and a follower takes
 * over. Either way a tab hears every status and its commands reach the one engine.
 *
 * The workers are fakes of the worker API, reached through real Comlink over Node MessagePorts.
 * Several tabs share this one window here, so each tab's channels, worker and lock are tagged
 * with it, to close the tab as a browser would (its window events still reach every tab).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Comlink from 'comlink';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { startSyncClient, type SyncClient } from '../../../src/localdb/syncClient';
import { editClock } from '../../../src/localdb/editClock';
import { INITIAL_STATUS } from '../../../sync/status';
import type {
  ConflictEntry,
  Identity,
  PageBridge,
  SyncStatus,
  SyncWorkerApi,
} from '../../../workers/syncWorkerApi';

const status = (change: Partial<SyncStatus>): SyncStatus => ({ ...INITIAL_STATUS, ...change });

const ENTRY: ConflictEntry = {
  at: '2025-01-01T00:00:00.000Z',
  templateId: 't1',
  templateName: 'Quiz',
  source: 'push',
  conflicts: [],
};

/** The tab whose code runs now: what it creates is closed with it. */
let runningTab: string | null = null;
const ports: MessagePort[] = [];

/** A worker's host: records the calls it gets and sends statuses to its subscribers. */
function createFakeHost(kind: 'shared-worker' | 'dedicated-worker') {
  const calls: string[] = [];
  const pages: PageBridge[] = [];
  const listeners = new Set<(status: SyncStatus) => void>();
  const api: SyncWorkerApi = {
    async connect(page) {
      calls.push('connect');
      pages.push(page);
    },
    async notify(notice) {
      calls.push(`notify ${notice}`);
    },
    async syncNow() {
      calls.push('syncNow');
    },
    async identityChanged() {
      calls.push('identityChanged');
    },
    async subscribe(listener) {
      calls.push('subscribe');
      listeners.add(listener);
      return Comlink.proxy(() => void listeners.delete(listener));
    },
    async getStatus() {
      return INITIAL_STATUS;
    },
    async conflictLog() {
      calls.push('conflictLog');
      return [ENTRY];
    },
    async resetLocalData() {
      calls.push('resetLocalData');
    },
    async host() {
      return kind;
    },
  };
  return {
    api,
    calls,
    pages,
    emit: (next: SyncStatus) => {
      for (const listener of listeners) void listener(next);
    },
  };
}
type FakeHost = ReturnType<typeof createFakeHost>;

/** Exposes a host on one end of a new channel; answers the other end. */
function connectTo(host: FakeHost): MessagePort {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  Comlink.expose(host.api, port2 as unknown as Comlink.Endpoint);
  return port1;
}

const constructed: { kind: string; url: string; options: unknown; tab: string | null }[] = [];

/** The one SharedWorker of the profile: every tab's port reaches the same host. */
function installSharedWorker(host: FakeHost) {
  vi.stubGlobal(
    'SharedWorker',
    class {
      readonly port: MessagePort;
      constructor(url: URL, options: unknown) {
        constructed.push({ kind: 'shared', url: String(url), options, tab: runningTab });
        this.port = connectTo(host);
      }
    },
  );
}

/** Dedicated workers: each one constructed gets a host of its own, kept in `hosts`. */
function installDedicatedWorker(): FakeHost[] {
  const hosts: FakeHost[] = [];
  vi.stubGlobal(
    'Worker',
    class {
      private readonly port: MessagePort;
      constructor(url: URL, options: unknown) {
        constructed.push({ kind: 'dedicated', url: String(url), options, tab: runningTab });
        const host = createFakeHost('dedicated-worker');
        hosts.push(host);
        this.port = connectTo(host);
      }
      postMessage(message: unknown, transfer?: Transferable[]) {
        this.port.postMessage(message, transfer as never);
      }
      addEventListener(type: string, listener: (event: MessageEvent) => void) {
        this.port.addEventListener(type as 'message', listener as never);
        this.port.start();
      }
      removeEventListener(type: string, listener: (event: MessageEvent) => void) {
        this.port.removeEventListener(type as 'message', listener as never);
      }
    },
  );
  return hosts;
}

/** BroadcastChannel between this test's tabs (a fresh one per test: old tabs stay deaf). */
function installBroadcastChannel() {
  const open = new Set<FakeChannel>();
  class FakeChannel {
    onmessage: ((event: MessageEvent) => void) | null = null;
    readonly tab = runningTab;
    constructor(readonly name: string) {
      open.add(this);
    }
    postMessage(data: unknown) {
      // A closed tab runs no more code; its late posts go nowhere.
      if (!open.has(this)) return;
      for (const other of open) {
        if (other === this || other.name !== this.name) continue;
        const copy = structuredClone(data);
        // Delivered in a later task, as browsers do.
        setTimeout(() => {
          if (open.has(other)) other.onmessage?.(new MessageEvent('message', { data: copy }));
        });
      }
    }
    close() {
      open.delete(this);
    }
  }
  vi.stubGlobal('BroadcastChannel', FakeChannel);
  return {
    closeTab: (tab: string) => [...open].filter((c) => c.tab === tab).forEach((c) => c.close()),
  };
}

/** Web Locks: one holder at a time, granted in a later task; the holder keeps it until its tab closes. */
function installLocks() {
  const requested: { name: string; tab: string | null }[] = [];
  const waiting: { tab: string | null; run: () => void }[] = [];
  let holder: string | null = null;
  const grantNext = () => {
    if (holder !== null) return;
    const next = waiting.shift();
    if (!next) return;
    holder = next.tab;
    setTimeout(next.run);
  };
  const locks = {
    request(name: string, callback: (lock: { name: string }) => Promise<unknown>) {
      const tab = runningTab;
      requested.push({ name, tab });
      return new Promise((resolve, reject) => {
        waiting.push({
          tab,
          run: () => {
            runningTab = tab;
            const held = callback({ name });
            runningTab = null;
            // A callback that returns gives the lock back.
            held.then(resolve, reject).finally(() => {
              if (holder === tab) {
                holder = null;
                grantNext();
              }
            });
          },
        });
        grantNext();
      });
    },
  };
  vi.stubGlobal('navigator', { locks });
  return {
    requested,
    /** The holder's tab has closed: the browser gives the lock to the next in line. */
    releaseFrom(tab: string) {
      if (holder !== tab) throw new Error(`${tab} does not hold the lock`);
      holder = null;
      grantNext();
    },
  };
}

function page(identity: Identity) {
  const stored: string[] = [];
  return {
    stored,
    getIdentity: async () => identity,
    storeAnonId: (id: string) => void stored.push(id),
  };
}

/** Starts the sync client of a tab called `name`. */
function openTab(name: string, identity: Identity = { token: null, anonId: name, userId: null }) {
  runningTab = name;
  try {
    const heard: (SyncStatus | null)[] = [];
    const client = startSyncClient(page(identity));
    const stop = client.subscribe((s) => void heard.push(s));
    return { client, heard, stop };
  } finally {
    runningTab = null;
  }
}

/** Waits for a host to have every one of these calls, in this order among its calls. */
async function untilCalled(host: FakeHost | (() => FakeHost | undefined), ...calls: string[]) {
  await vi.waitFor(() => {
    const found = typeof host === 'function' ? host() : host;
    expect(found).toBeDefined();
    expect(found!.calls.filter((c) => calls.includes(c))).toEqual(calls);
  });
}

/** One turn of the event loop: a relayed message posted before now has been delivered. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

beforeEach(() => {
  constructed.length = 0;
  vi.stubGlobal('SharedWorker', undefined);
  vi.stubGlobal('Worker', undefined);
});

afterEach(() => {
  for (const port of ports.splice(0)) port.close();
  vi.unstubAllGlobals();
});

describe('a tab with SharedWorker', () => {
  let host: FakeHost;
  beforeEach(() => {
    installBroadcastChannel();
    host = createFakeHost('shared-worker');
    installSharedWorker(host);
  });

  it('joins the shared sync worker, gives it a bridge to its identity, then subscribes to its status', async () => {
    const identity: Identity = { token: 'jwt', anonId: null, userId: 'u1' };
    runningTab = 'A';
    const tab = page(identity);
    const client = startSyncClient(tab);
    runningTab = null;
    expect(client.mode).toBe('shared-worker');
    expect(constructed).toMatchObject([
      { kind: 'shared', options: { type: 'module', name: 'teamtrail-sync' } },
    ]);
    expect(constructed[0]!.url).toMatch(/\/workers\/sync\.worker\.ts\b/);
    await untilCalled(host, 'connect', 'subscribe');
    // The worker asks the tab who is signed in, and hands it a new AnonId to keep.
    expect(await host.pages[0]!.getIdentity()).toEqual(identity);
    await host.pages[0]!.storeAnonId('new-anon');
    expect(tab.stored).toEqual(['new-anon']);
  });

  it('gives a subscriber the latest status at once, then every change, until it unsubscribes', async () => {
    const { client, heard, stop } = openTab('A');
    expect(heard).toEqual([null]); // nothing from the worker yet
    await untilCalled(host, 'connect', 'subscribe');
    host.emit(status({ pendingCount: 2 }));
    host.emit(status({ pendingCount: 1 }));
    await vi.waitFor(() => expect(heard.map((s) => s?.pendingCount)).toEqual([undefined, 2, 1]));

    const late: (SyncStatus | null)[] = [];
    client.subscribe((s) => void late.push(s));
    expect(late).toEqual([status({ pendingCount: 1 })]);

    stop();
    host.emit(status({ pendingCount: 0 }));
    await vi.waitFor(() => expect(late).toHaveLength(2));
    expect(heard).toHaveLength(3);
  });

  it('sends Sync now, identity change, conflict log and reset made at once, before the worker has answered', async () => {
    const { client } = openTab('A');
    const answers = await Promise.all([
      client.syncNow(),
      client.identityChanged(),
      client.conflictLog(),
      client.resetLocalData(),
    ]);
    expect(answers[2]).toEqual([ENTRY]);
    await untilCalled(host, 'syncNow', 'identityChanged', 'conflictLog', 'resetLocalData');
  });

  it("passes the browser's online, offline and focus notices, and a return to the tab, to the engine", async () => {
    openTab('A');
    await untilCalled(host, 'connect');
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange')); // visible: the tab is looked at again
    await untilCalled(host, 'notify online', 'notify offline', 'notify focus', 'notify focus');
  });

  it("sets the tab's edit clock to the server offset the engine measured", async () => {
    openTab('A');
    await untilCalled(host, 'subscribe');
    host.emit(status({ clockOffsetMs: 7_654 }));
    await vi.waitFor(() => expect(editClock.serverOffset()).toBe(7_654));
  });
});

describe('tabs without SharedWorker: one leader, followers', () => {
  let hosts: FakeHost[];
  let locks: ReturnType<typeof installLocks>;
  let bus: ReturnType<typeof installBroadcastChannel>;
  beforeEach(() => {
    bus = installBroadcastChannel();
    hosts = installDedicatedWorker();
    locks = installLocks();
  });

  /** The tab is closed: its channels go quiet and its lock passes on. */
  const closeTab = (name: string) => {
    bus.closeTab(name);
    locks.releaseFrom(name);
  };

  it('the first tab takes the leader lock and runs the only engine in a dedicated worker; the second follows', async () => {
    const a = openTab('A');
    const b = openTab('B');
    expect(locks.requested).toEqual([
      { name: 'teamtrail-sync-leader', tab: 'A' },
      { name: 'teamtrail-sync-leader', tab: 'B' },
    ]);
    await vi.waitFor(() => expect(a.client.mode).toBe('dedicated-worker'));
    await untilCalled(() => hosts[0], 'connect', 'subscribe');
    expect(b.client.mode).toBe('follower');
    expect(constructed).toMatchObject([
      { kind: 'dedicated', tab: 'A', options: { type: 'module', name: 'teamtrail-sync' } },
    ]);
  });

  it("a follower hears the leader's status, the latest at once even when it opens late", async () => {
    const a = openTab('A');
    await untilCalled(() => hosts[0], 'subscribe');
    hosts[0]!.emit(status({ pendingCount: 4, owner: 'anon:A' }));
    await vi.waitFor(() => expect(a.heard.at(-1)?.pendingCount).toBe(4));

    const b = openTab('B');
    await vi.waitFor(() =>
      expect(b.heard.at(-1)).toEqual(status({ pendingCount: 4, owner: 'anon:A' })),
    );
    hosts[0]!.emit(status({ pendingCount: 0, owner: 'anon:A' }));
    await vi.waitFor(() => expect(b.heard.at(-1)?.pendingCount).toBe(0));
  });

  it("a follower's Sync now, identity change, conflict log and reset run on the leader's worker", async () => {
    openTab('A');
    await untilCalled(() => hosts[0], 'connect', 'subscribe');
    const b = openTab('B');
    await b.client.syncNow();
    await b.client.identityChanged();
    expect(await b.client.conflictLog()).toEqual([ENTRY]);
    await b.client.resetLocalData();
    await untilCalled(
      () => hosts[0],
      'syncNow',
      'identityChanged',
      'conflictLog',
      'resetLocalData',
    );
    expect(hosts).toHaveLength(1);
  });

  it('when the leading tab closes, a follower takes over with its own worker, and its status and commands go there', async () => {
    openTab('A');
    await untilCalled(() => hosts[0], 'subscribe');
    const b = openTab('B');
    const c = openTab('C');
    expect(b.client.mode).toBe('follower');

    closeTab('A');
    await vi.waitFor(() => expect(b.client.mode).toBe('dedicated-worker'));
    await untilCalled(() => hosts[1], 'connect', 'subscribe');
    expect(constructed.map((w) => w.tab)).toEqual(['A', 'B']);
    expect(await hosts[1]!.pages[0]!.getIdentity()).toMatchObject({ anonId: 'B' });
    expect(c.client.mode).toBe('follower');

    hosts[1]!.emit(status({ pendingCount: 9 }));
    await vi.waitFor(() => expect(b.heard.at(-1)?.pendingCount).toBe(9));
    await vi.waitFor(() => expect(c.heard.at(-1)?.pendingCount).toBe(9));
    // Its follower side is closed: it does not hear its own relay and publish it again, and again.
    await nextTask();
    expect(b.heard.filter((s) => s?.pendingCount === 9)).toHaveLength(1);

    await b.client.syncNow();
    await c.client.syncNow();
    await untilCalled(() => hosts[1], 'syncNow', 'syncNow');
    expect(hosts[0]!.calls).not.toContain('syncNow');
  });

  it.fails(
    "KNOWN GAP: a lone tab's Sync now made before it is granted the lock reaches its worker",
    async () => {
      // Until the lock is granted the tab is a follower, and its command goes to a leader that
      // does not exist; it settles after the relay's 3 s without having synced.
      const a = openTab('A');
      void a.client.syncNow();
      await untilCalled(() => hosts[0], 'connect');
      await vi.waitFor(() => expect(hosts[0]!.calls).toContain('syncNow'), { timeout: 1_000 });
    },
  );
});

describe('a tab with neither SharedWorker nor Web Locks', () => {
  it('runs without sync: status unknown, commands do nothing', async () => {
    installBroadcastChannel();
    vi.stubGlobal('navigator', {});
    const { client, heard }: { client: SyncClient; heard: unknown[] } = openTab('A');
    expect(client.mode).toBe('unavailable');
    expect(heard).toEqual([null]);
    await expect(client.syncNow()).resolves.toBeUndefined();
    await expect(client.conflictLog()).resolves.toEqual([]);
    expect(constructed).toEqual([]);
  });
});
