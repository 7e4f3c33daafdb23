/**
 * workers/syncHost.ts: the sync worker's host of the engine. One owner at a time: the first tab
 * to connect starts the engine on its owner's database, a sign-in or sign-out replaces engine and
 * database (the old ones stop and close first), calls wait for a switch under way, and tabs keep
 * one status subscription across switches.
 *
 * The host builds its engine, transport and databases itself, so those modules are replaced by
 * fakes that write what happens to one log: the order of stops, closes and opens is the rule.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Identity, TransportOptions } from '../../../sync/transport';
import type { ConflictEntry } from '../../../sync/conflictLog';
import { INITIAL_STATUS, type SyncStatus } from '../../../sync/status';
import { editClock } from '../../../src/localdb/editClock';
import { createSyncHost } from '../../../workers/syncHost';
import type { PageBridge, SyncWorkerApi } from '../../../workers/syncWorkerApi';

const fakes = vi.hoisted(() => {
  const log: string[] = [];
  /** Steps (by log line) that wait until the test releases them. */
  const gates = new Map<string, Promise<void>>();
  const pass = async (step: string) => {
    log.push(step);
    await gates.get(step);
  };

  class FakeEngine {
    readonly owner: string;
    readonly notices: string[] = [];
    syncNowCalls = 0;
    identityChangedCalls = 0;
    private readonly listeners = new Set<(status: SyncStatus) => void>();

    constructor(readonly options: { owner: string; db: { name: string } }) {
      this.owner = options.owner;
      engines.push(this);
    }
    async start() {
      await pass(`start ${this.owner}`);
      this.emit({ running: true });
    }
    async stop() {
      await pass(`stop ${this.owner}`);
    }
    notify(notice: string) {
      this.notices.push(notice);
    }
    async syncNow() {
      this.syncNowCalls += 1;
    }
    async identityChanged() {
      this.identityChangedCalls += 1;
    }
    subscribe(listener: (status: SyncStatus) => void) {
      this.listeners.add(listener);
      return () => void this.listeners.delete(listener);
    }
    /** A status change of this engine, tagged with its owner. */
    emit(change: Partial<SyncStatus>) {
      // INITIAL_STATUS is read when a test runs, long after this hoisted block.
      const status = {
        ...INITIAL_STATUS,
        owner: this.owner,
        ...change,
      } satisfies SyncStatus;
      for (const listener of this.listeners) listener(status);
    }
  }
  const engines: FakeEngine[] = [];

  return {
    log,
    gates,
    pass,
    FakeEngine,
    engines,
    transport: { options: null as TransportOptions | null },
    conflicts: new Map<string, ConflictEntry[]>(),
    deletedDraftStores: [] as string[],
    openFailures: 0,
  };
});

vi.mock('../../../sync/engine', () => ({ SyncEngine: fakes.FakeEngine }));
vi.mock('../../../sync/transport', () => ({
  createTransport: (options: TransportOptions) => {
    fakes.transport.options = options;
    return {};
  },
}));
vi.mock('../../../sync/statusMemory', () => ({ createStatusMemory: () => ({}) }));
vi.mock('../../../sync/conflictLog', () => ({
  readConflictLog: async (db: { name: string }) => fakes.conflicts.get(db.name) ?? [],
}));
vi.mock('../../../src/localdb/database', () => ({ createTeamtrailDatabase: vi.fn() }));
vi.mock('../../../src/localdb/deviceStore', () => ({ openDeviceStore: () => ({}) }));
vi.mock('../../../src/localdb/draftDatabase', () => ({
  deleteDraftStore: async (name: string) => void fakes.deletedDraftStores.push(name),
}));
vi.mock('../../../workers/ownerSwitch', () => ({
  openOwnerDatabase: async (owner: string) => {
    await fakes.pass(`open ${owner}`);
    if (fakes.openFailures > 0) {
      fakes.openFailures -= 1;
      throw new Error('quota exceeded');
    }
    const name = `db-${owner}`;
    return {
      name,
      close: () => fakes.pass(`close ${owner}`),
      remove: () => fakes.pass(`remove ${owner}`),
    };
  },
}));

type FakeEngine = InstanceType<typeof fakes.FakeEngine>;

const guest = (anonId: string): Identity => ({ token: null, anonId, userId: null });
const user = (userId: string, token = 'token'): Identity => ({ token, anonId: null, userId });
const NOBODY: Identity = { token: null, anonId: null, userId: null };

function tab(identity: Identity): PageBridge & { identity: Identity; stored: string[] } {
  const page = {
    identity,
    stored: [] as string[],
    getIdentity: async () => page.identity,
    storeAnonId: (anonId: string) => void page.stored.push(anonId),
  };
  return page;
}

/** Holds a step (a log line) until the returned function is called. */
function hold(step: string): () => void {
  let release!: () => void;
  fakes.gates.set(
    step,
    new Promise<void>((resolve) => {
      release = resolve;
    }),
  );
  return () => {
    fakes.gates.delete(step);
    release();
  };
}

const engine = (index: number): FakeEngine => {
  const found = fakes.engines[index];
  if (!found) throw new Error(`no engine #${index}`);
  return found;
};

/** Lets every pending promise callback run (a tab's failed callback is dropped in one). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

let host: SyncWorkerApi;

beforeEach(() => {
  fakes.log.length = 0;
  fakes.gates.clear();
  fakes.engines.length = 0;
  fakes.conflicts.clear();
  fakes.deletedDraftStores.length = 0;
  fakes.openFailures = 0;
  // The worker's own origin, which the transport sends to.
  vi.stubGlobal('self', { location: { origin: 'https://teamtrail.test' } });
  host = createSyncHost('shared-worker', false);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the sync worker host: one engine, on the current owner', () => {
  it("starts an engine on the first tab's owner's database; a second tab of the same owner starts no other", async () => {
    await host.connect(tab(guest('a')));
    expect(fakes.log).toEqual(['open anon:a', 'start anon:a']);
    expect(engine(0).options.owner).toBe('anon:a');
    expect(engine(0).options.db.name).toBe('db-anon:a');

    await host.connect(tab(guest('a')));
    expect(fakes.engines).toHaveLength(1);
    expect(fakes.log).toEqual(['open anon:a', 'start anon:a']);
    // The running engine is told instead: the newest tab may carry a fresher token.
    expect(engine(0).identityChangedCalls).toBe(1);
  });

  it('passes a new identity of the same owner (a refreshed token) to the running engine instead of restarting it', async () => {
    const page = tab(user('u', 'old-token'));
    await host.connect(page);
    page.identity = user('u', 'new-token');
    await host.identityChanged();
    expect(fakes.engines).toHaveLength(1);
    expect(engine(0).identityChangedCalls).toBe(1);
    expect(fakes.log).toEqual(['open user:u', 'start user:u']);
  });

  it("on sign-in stops the guest's engine and closes its database before the user's database opens", async () => {
    const page = tab(guest('a'));
    await host.connect(page);
    page.identity = user('u');
    await host.identityChanged();
    expect(fakes.log).toEqual([
      'open anon:a',
      'start anon:a',
      'stop anon:a',
      'close anon:a',
      'open user:u',
      'start user:u',
    ]);
    expect(engine(1).options.owner).toBe('user:u');
  });

  it('with no identity left at all, stops the engine, closes its database and resets the status', async () => {
    const page = tab(user('u'));
    await host.connect(page);
    expect((await host.getStatus()).running).toBe(true);
    page.identity = NOBODY;
    await host.identityChanged();
    expect(fakes.log.slice(2)).toEqual(['stop user:u', 'close user:u']);
    expect(await host.getStatus()).toEqual(INITIAL_STATUS);
  });

  it('runs owner switches one after another: a second waits until the first has started its engine', async () => {
    const page = tab(guest('a'));
    const release = hold('open anon:a');
    const first = host.connect(page);
    await vi.waitFor(() => expect(fakes.log).toEqual(['open anon:a']));
    page.identity = user('u');
    const second = host.identityChanged();
    await settle(); // room for the second switch to start early, were it not queued
    expect(fakes.log).toEqual(['open anon:a']);
    release();
    await Promise.all([first, second]);
    expect(fakes.log).toEqual([
      'open anon:a',
      'start anon:a',
      'stop anon:a',
      'close anon:a',
      'open user:u',
      'start user:u',
    ]);
  });

  it("sends a notice and a Sync now made during an owner switch to the new owner's engine", async () => {
    const page = tab(guest('a'));
    await host.connect(page);
    const release = hold('open user:u');
    page.identity = user('u');
    const switching = host.identityChanged();
    await vi.waitFor(() => expect(fakes.log).toContain('open user:u'));
    const calls = Promise.all([host.notify('online'), host.syncNow()]);
    release();
    await Promise.all([switching, calls]);
    expect(engine(1).owner).toBe('user:u');
    expect(engine(1).notices).toEqual(['online']);
    expect(engine(1).syncNowCalls).toBe(1);
    expect(engine(0).notices).toEqual([]);
    expect(engine(0).syncNowCalls).toBe(0);
  });

  it('answers getStatus with the status after a switch under way, not the one before', async () => {
    const page = tab(guest('a'));
    await host.connect(page);
    const release = hold('open user:u');
    page.identity = user('u');
    const switching = host.identityChanged();
    await vi.waitFor(() => expect(fakes.log).toContain('open user:u'));
    const asked = host.getStatus();
    release();
    await switching;
    expect(await asked).toMatchObject({ owner: 'user:u', running: true });
  });

  it('keeps trying after a switch that failed: the error is logged and the next change opens the database', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakes.openFailures = 1;
    const page = tab(guest('a'));
    await host.connect(page);
    expect(error).toHaveBeenCalledTimes(1);
    expect(fakes.engines).toHaveLength(0);

    await host.identityChanged();
    expect(fakes.engines).toHaveLength(1);
    await host.syncNow();
    expect(engine(0).syncNowCalls).toBe(1);
  });
});

describe('the sync worker host: status subscriptions', () => {
  it('gives a subscriber the current status at once, then every change, across owner switches, until it unsubscribes', async () => {
    const heard: SyncStatus[] = [];
    const stop = await host.subscribe((status) => void heard.push(status));
    expect(heard).toEqual([INITIAL_STATUS]);

    const page = tab(guest('a'));
    await host.connect(page);
    engine(0).emit({ running: true, pendingCount: 2 });
    page.identity = user('u');
    await host.identityChanged();
    // The stopped engine's late word no longer reaches the tabs.
    engine(0).emit({ running: false, pendingCount: 99 });
    engine(1).emit({ running: true, pendingCount: 1 });
    expect(heard.slice(1).map((s) => [s.owner, s.pendingCount])).toEqual([
      ['anon:a', 0], // start
      ['anon:a', 2],
      ['user:u', 0], // start
      ['user:u', 1],
    ]);

    stop();
    engine(1).emit({ pendingCount: 5 });
    expect(heard).toHaveLength(5);
  });

  it('drops a subscriber whose tab has closed (its callback fails); the others still hear', async () => {
    const closed = vi.fn(() => Promise.reject(new Error('port closed')));
    const open = vi.fn();
    await host.subscribe(closed);
    await host.subscribe(open);
    await settle();
    await host.connect(tab(guest('a')));
    engine(0).emit({ pendingCount: 3 });
    expect(closed).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledTimes(3); // initial, start, change
  });

  it("sets the worker's edit clock to the server offset the engine measured", async () => {
    await host.connect(tab(guest('a')));
    engine(0).emit({ clockOffsetMs: 4_321 });
    expect(editClock.serverOffset()).toBe(4_321);
  });
});

describe('the sync worker host: tabs, conflict log, reset, host kind', () => {
  it('sends requests as the newest tab and hands a new AnonId to it', async () => {
    const older = tab(guest('a'));
    const newer = tab(user('u'));
    await host.connect(older);
    await host.connect(newer);
    const options = fakes.transport.options!;
    expect(options.baseUrl).toBe('https://teamtrail.test');
    expect(await options.getIdentity()).toEqual(user('u'));
    options.onAnonId?.('fresh-id');
    expect(newer.stored).toEqual(['fresh-id']);
    expect(older.stored).toEqual([]);
  });

  it("reads the conflict log from the current owner's database, and none without an owner", async () => {
    const entry: ConflictEntry = {
      at: '2025-01-01T00:00:00.000Z',
      templateId: 't1',
      templateName: 'Quiz',
      source: 'push',
      conflicts: [],
    };
    fakes.conflicts.set('db-user:u', [entry]);
    expect(await host.conflictLog()).toEqual([]);
    const page = tab(guest('a'));
    await host.connect(page);
    expect(await host.conflictLog()).toEqual([]);
    page.identity = user('u');
    await host.identityChanged();
    expect(await host.conflictLog()).toEqual([entry]);
  });

  it("resets only the current owner's data: stops its engine, removes its database and drafts, and the status starts over", async () => {
    const heard: SyncStatus[] = [];
    await host.subscribe((status) => void heard.push(status));
    await host.connect(tab(guest('a')));
    engine(0).emit({ running: true, pendingCount: 4 });

    await host.resetLocalData();
    expect(fakes.log).toEqual(['open anon:a', 'start anon:a', 'stop anon:a', 'remove anon:a']);
    expect(fakes.deletedDraftStores).toEqual(['db-anon:a']);
    expect(heard.at(-1)).toEqual(INITIAL_STATUS);
    expect(await host.getStatus()).toEqual(INITIAL_STATUS);
    // The engine is gone: nothing answers a Sync now until a tab connects again.
    await host.syncNow();
    expect(engine(0).syncNowCalls).toBe(0);

    // The tab reloads and connects: a fresh engine on a fresh database.
    await host.connect(tab(guest('a')));
    expect(fakes.engines).toHaveLength(2);
    expect(fakes.log.slice(4)).toEqual(['open anon:a', 'start anon:a']);
  });

  it('does nothing on reset when no owner is open', async () => {
    await host.resetLocalData();
    expect(fakes.log).toEqual([]);
    expect(fakes.deletedDraftStores).toEqual([]);
  });

  it('lets a tab that connects during a reset wait for it, so no engine starts on the database being removed', async () => {
    // Were the reset not queued with the switches, a connect in the middle of it would open the
    // owner's database while it is being removed, and the reset would then publish a stopped
    // status over the new engine's.
    await host.connect(tab(guest('a')));
    const release = hold('remove anon:a');
    const reset = host.resetLocalData();
    await vi.waitFor(() => expect(fakes.log).toContain('remove anon:a'));
    const reconnect = host.connect(tab(guest('a')));
    await settle();
    // The removal is still under way: the owner's database must not be opened yet.
    expect(fakes.log.slice(2)).toEqual(['stop anon:a', 'remove anon:a']);
    release();
    await Promise.all([reset, reconnect]);
    expect(fakes.log.slice(4)).toEqual(['open anon:a', 'start anon:a']);
    expect(await host.getStatus()).toMatchObject({ owner: 'anon:a', running: true });
  });

  it('says where it runs', async () => {
    expect(await host.host()).toBe('shared-worker');
    expect(await createSyncHost('dedicated-worker', false).host()).toBe('dedicated-worker');
  });
});
