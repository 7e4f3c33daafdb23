/**
 * src/localdb/leaderRelay.ts: without SharedWorker one tab leads and runs the engine; the others
 * follow over a BroadcastChannel. A follower hears the leader's status (the latest one at once)
 * and its commands run on the leader's engine; an answer that never comes (a closing leader)
 * ends in a fallback instead of a wait forever.
 *
 * Node's own BroadcastChannel carries the messages, as between the tabs of one browser profile.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  followLeader,
  serveFollowers,
  type EngineCommands,
} from '../../../src/localdb/leaderRelay';
import { INITIAL_STATUS, type SyncStatus } from '../../../sync/status';
import type { ConflictEntry } from '../../../sync/conflictLog';

const status = (change: Partial<SyncStatus>): SyncStatus => ({ ...INITIAL_STATUS, ...change });

const ENTRY: ConflictEntry = {
  at: '2025-01-01T00:00:00.000Z',
  templateId: 't1',
  templateName: 'Quiz',
  source: 'pull',
  conflicts: [],
};

function fakeEngine() {
  return {
    syncNow: vi.fn(async (): Promise<void> => undefined),
    identityChanged: vi.fn(async (): Promise<void> => undefined),
    resetLocalData: vi.fn(async (): Promise<void> => undefined),
    conflictLog: vi.fn(async (): Promise<ConflictEntry[]> => [ENTRY]),
    notify: vi.fn(async (): Promise<void> => undefined),
  } satisfies EngineCommands;
}

/** A promise that stays pending until `release` is called. */
function gate() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release };
}

/** Whether a promise has settled yet, readable without awaiting it. */
function track<T>(promise: Promise<T>) {
  const state = { settled: false, value: undefined as T | undefined };
  void promise.then((value) => {
    state.settled = true;
    state.value = value;
  });
  return state;
}

const open: { close(): void }[] = [];
function leader(engine: EngineCommands, latest: () => SyncStatus | null = () => null) {
  const served = serveFollowers(engine, latest);
  open.push(served);
  return served;
}
function follower(onStatus: (status: SyncStatus | null) => void = () => undefined) {
  const following = followLeader(onStatus);
  open.push(following);
  return following;
}

afterEach(() => {
  for (const channel of open.splice(0)) channel.close();
  vi.useRealTimers();
});

describe("a follower tab and the leader's engine", () => {
  it("hears the leader's latest status as soon as it joins", async () => {
    leader(fakeEngine(), () => status({ pendingCount: 3, owner: 'anon:a' }));
    const heard = vi.fn();
    follower(heard);
    await vi.waitFor(() =>
      expect(heard).toHaveBeenCalledWith(status({ pendingCount: 3, owner: 'anon:a' })),
    );
  });

  it('hears every status the leader publishes, in order', async () => {
    const relay = leader(fakeEngine());
    const heard: (SyncStatus | null)[] = [];
    follower((s) => void heard.push(s));
    await vi.waitFor(() => expect(heard).toEqual([null])); // the answer to its hello
    relay.publish(status({ pendingCount: 1 }));
    relay.publish(status({ pendingCount: 0, lastPushAt: '2025-01-01T00:00:00.000Z' }));
    await vi.waitFor(() => expect(heard.map((s) => s?.pendingCount)).toEqual([undefined, 1, 0]));
  });

  it("runs its Sync now on the leader's engine and answers only once that is done", async () => {
    const engine = fakeEngine();
    const sync = gate();
    engine.syncNow.mockImplementation(() => sync.done);
    leader(engine);
    const asked = track(follower().syncNow());
    await vi.waitFor(() => expect(engine.syncNow).toHaveBeenCalledTimes(1));
    expect(asked.settled).toBe(false);
    sync.release();
    await vi.waitFor(() => expect(asked.settled).toBe(true));
  });

  it("passes its identity change, its reset and its online, offline and focus notices to the leader's engine", async () => {
    const engine = fakeEngine();
    leader(engine);
    const tab = follower();
    await tab.identityChanged();
    await tab.resetLocalData();
    await tab.notify('online');
    await tab.notify('offline');
    await tab.notify('focus');
    expect(engine.identityChanged).toHaveBeenCalledTimes(1);
    expect(engine.resetLocalData).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(engine.notify.mock.calls).toEqual([['online'], ['offline'], ['focus']]),
    );
    expect(engine.syncNow).not.toHaveBeenCalled();
  });

  it("reads the leader's conflict log", async () => {
    leader(fakeEngine());
    expect(await follower().conflictLog()).toEqual([ENTRY]);
  });

  it('gets an answer at once when the command fails on the leader, not after the wait for a closing one', async () => {
    const engine = fakeEngine();
    engine.conflictLog.mockRejectedValue(new Error('database closed'));
    engine.syncNow.mockRejectedValue(new Error('database closed'));
    leader(engine);
    const tab = follower();
    const log = track(tab.conflictLog());
    const sync = track(tab.syncNow());
    // Well inside the 3 s the follower would otherwise wait for its fallback.
    await vi.waitFor(() => expect(log.settled && sync.settled).toBe(true), { timeout: 1_000 });
    expect(log.value).toEqual([]);
  });

  it('with no leader answering (it is closing), falls back after 3 s: an empty conflict log, a Sync now that is over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const tab = follower();
    const log = track(tab.conflictLog());
    const sync = track(tab.syncNow());
    await vi.advanceTimersByTimeAsync(2_999);
    expect(log.settled || sync.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual({ settled: true, value: [] });
    expect(sync.settled).toBe(true);
  });

  it('gives each of two followers asking at once the answer to its own question', async () => {
    // The leader's replies go to every follower: were both to number their questions from 1,
    // the reply to the second's Sync now would settle the first's conflict log with nothing.
    const engine = fakeEngine();
    const slowLog = gate();
    engine.conflictLog.mockImplementation(async () => {
      await slowLog.done;
      return [ENTRY];
    });
    leader(engine);
    const first = follower();
    const second = follower();
    const log = first.conflictLog();
    await vi.waitFor(() => expect(engine.conflictLog).toHaveBeenCalled());
    await second.syncNow();
    slowLog.release();
    expect(await log).toEqual([ENTRY]);
  });
});
