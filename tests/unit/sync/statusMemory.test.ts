/**
 * The rules of sync/statusMemory.ts: the diagnostic part of the engine's status (last push,
 * last pull, recent failures) outlives the sync worker, in a local document of the database.
 * A "restart" here is what a reload or the last tab closing does: the database is closed and
 * opened again on the same IndexedDB, and a new memory (and engine) is made on it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { randomUUID } from 'node:crypto';
import { createTeamtrailDatabase, type TeamtrailDatabase } from '../../../src/localdb/database';
import { SyncEngine } from '../../../sync/engine';
import {
  INITIAL_STATUS,
  RECENT_FAILURES_LIMIT,
  type SyncFailure,
  type SyncStatus,
} from '../../../sync/status';
import { createStatusMemory, STATUS_MEMORY_DOC } from '../../../sync/statusMemory';
import type { Identity, Transport, TransportResult } from '../../../sync/transport';

const PUSHED_AT = '2026-03-01T09:00:00.000Z';
const PULLED_AT = '2026-03-01T09:00:05.000Z';

const failure = (n: number, overrides: Partial<SyncFailure> = {}): SyncFailure => ({
  message: `The server could not be reached (${n})`,
  status: 0,
  at: new Date(Date.UTC(2026, 2, 1, 8, 0, n)).toISOString(),
  templateId: null,
  ...overrides,
});

const status = (overrides: Partial<SyncStatus> = {}): SyncStatus => ({
  ...INITIAL_STATUS,
  running: true,
  ...overrides,
});

let indexedDB: IDBFactory;
let name: string;
let db: TeamtrailDatabase;

const open = () => createTeamtrailDatabase({ name, indexedDB, IDBKeyRange, devMode: true });

/** Closes the database and opens it again, as a new worker does. */
async function restart(): Promise<TeamtrailDatabase> {
  await db.close();
  db = await open();
  return db;
}

beforeEach(async () => {
  indexedDB = new IDBFactory();
  name = `status-memory-${randomUUID().slice(0, 8)}`;
  db = await open();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.close();
});

describe('createStatusMemory', () => {
  it('survives a restart: a new memory on the same database loads the last push, pull and failures', async () => {
    const memory = createStatusMemory(db);
    expect(await memory.load()).toEqual({});
    memory.remember(
      status({ lastPushAt: PUSHED_AT, lastPullAt: PULLED_AT, recentFailures: [failure(1)] }),
    );
    await memory.flush();

    const afterRestart = createStatusMemory(await restart());
    expect(await afterRestart.load()).toEqual({
      lastPushAt: PUSHED_AT,
      lastPullAt: PULLED_AT,
      recentFailures: [failure(1)],
    });
  });

  it('remembers only the diagnostic fields: the present state (online, queues, owner) is not restored', async () => {
    const memory = createStatusMemory(db);
    memory.remember(
      status({
        lastPushAt: PUSHED_AT,
        online: false,
        pendingCount: 3,
        errorCount: 1,
        uploadsQueued: 2,
        nextRetryAt: PULLED_AT,
        eventStream: 'connected',
        owner: 'anon:11111111-1111-4111-8111-111111111111',
      }),
    );
    await memory.flush();
    const loaded = await createStatusMemory(await restart()).load();
    expect(Object.keys(loaded).sort()).toEqual(['lastPullAt', 'lastPushAt', 'recentFailures']);
  });

  it(`keeps only the newest ${RECENT_FAILURES_LIMIT} failures, oldest first`, async () => {
    const many = Array.from({ length: RECENT_FAILURES_LIMIT + 5 }, (_, i) => failure(i));
    const memory = createStatusMemory(db);
    memory.remember(status({ recentFailures: many }));
    await memory.flush();

    const loaded = await createStatusMemory(await restart()).load();
    expect(loaded.recentFailures).toEqual(many.slice(-RECENT_FAILURES_LIMIT));
  });

  it('follows the engine as its list of failures moves on: the oldest go, none is doubled', async () => {
    const memory = createStatusMemory(db);
    const full = Array.from({ length: RECENT_FAILURES_LIMIT }, (_, i) => failure(i));
    memory.remember(status({ recentFailures: full }));
    const movedOn = [...full.slice(2), failure(40), failure(41)];
    memory.remember(status({ recentFailures: movedOn }));
    await memory.flush();
    expect((await createStatusMemory(await restart()).load()).recentFailures).toEqual(movedOn);
  });

  it('keeps equal failures of one pass apart (several requests refused in the same millisecond)', async () => {
    const memory = createStatusMemory(db);
    const same = failure(1, { status: 403, message: 'Not allowed here' });
    memory.remember(status({ recentFailures: [same] }));
    memory.remember(status({ recentFailures: [same, same] }));
    memory.remember(status({ recentFailures: [same, same, same] }));
    await memory.flush();
    expect((await createStatusMemory(await restart()).load()).recentFailures).toEqual([
      same,
      same,
      same,
    ]);
  });

  it('coalesces a burst: one write in flight, then one more with the latest values', async () => {
    const memory = createStatusMemory(db);
    await memory.load();
    const upsert = db.upsertLocal.bind(db);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const written: unknown[] = [];
    const spy = vi.spyOn(db, 'upsertLocal').mockImplementation(async (id, data) => {
      written.push((data as { lastPushAt: string | null }).lastPushAt);
      if (written.length === 1) await gate; // the first write is slow
      return upsert(id, data);
    });

    const times = Array.from({ length: 6 }, (_, i) => new Date(Date.UTC(2026, 2, 1, 9, i)));
    memory.remember(status({ lastPushAt: times[0]!.toISOString() }));
    await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    // The first write has not finished: these wait, and only the latest of them is written.
    for (const at of times.slice(1)) memory.remember(status({ lastPushAt: at.toISOString() }));
    expect(spy).toHaveBeenCalledTimes(1);
    release();
    await memory.flush();

    expect(written).toEqual([times[0]!.toISOString(), times[5]!.toISOString()]);
    const loaded = await createStatusMemory(db).load();
    expect(loaded.lastPushAt).toBe(times[5]!.toISOString());
  });

  it('ignores status changes that do not touch a remembered field', async () => {
    const memory = createStatusMemory(db);
    await memory.load();
    const spy = vi.spyOn(db, 'upsertLocal');
    const remembered = status({ lastPushAt: PUSHED_AT, recentFailures: [failure(1)] });
    memory.remember(remembered);
    await memory.flush();
    expect(spy).toHaveBeenCalledTimes(1);

    memory.remember({ ...remembered, pushing: ['t-1'], pulling: true });
    memory.remember({ ...remembered, online: false, pendingCount: 4, nextRetryAt: PULLED_AT });
    memory.remember({ ...remembered, eventStream: 'connected', owner: 'anon:x' });
    // Equal values in a new array are no change either.
    memory.remember({ ...remembered, recentFailures: [{ ...failure(1) }] });
    await memory.flush();
    expect(spy).toHaveBeenCalledTimes(1);

    memory.remember({ ...remembered, lastPullAt: PULLED_AT });
    await memory.flush();
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('loading what was stored writes nothing back (the engine publishes what it loaded)', async () => {
    const first = createStatusMemory(db);
    first.remember(status({ lastPushAt: PUSHED_AT, recentFailures: [failure(1), failure(2)] }));
    await first.flush();

    const memory = createStatusMemory(await restart());
    const spy = vi.spyOn(db, 'upsertLocal');
    const loaded = await memory.load();
    memory.remember(status(loaded));
    await memory.flush();
    expect(spy).not.toHaveBeenCalled();
  });

  it('a status remembered before loading does not erase what the last session stored', async () => {
    const first = createStatusMemory(db);
    first.remember(status({ lastPushAt: PUSHED_AT, recentFailures: [failure(1)] }));
    await first.flush();

    const memory = createStatusMemory(await restart());
    // A fresh engine that has not loaded yet knows nothing of the last session...
    memory.remember(status({ lastPullAt: PULLED_AT, recentFailures: [failure(2)] }));
    await memory.flush();
    // ...and what it knew is added to what was stored, not written over it.
    const expected = {
      lastPushAt: PUSHED_AT,
      lastPullAt: PULLED_AT,
      recentFailures: [failure(1), failure(2)],
    };
    expect(await memory.load()).toEqual(expected);
    expect(await createStatusMemory(await restart()).load()).toEqual(expected);
  });

  it('a failed write is reported, never thrown, and the next change is written', async () => {
    const errors: unknown[] = [];
    const memory = createStatusMemory(db, { onError: (error) => errors.push(error) });
    await memory.load();
    vi.spyOn(db, 'upsertLocal').mockRejectedValueOnce(new Error('QuotaExceededError'));

    expect(() => memory.remember(status({ lastPushAt: PUSHED_AT }))).not.toThrow();
    await memory.flush();
    expect(errors).toEqual([new Error('QuotaExceededError')]);

    memory.remember(status({ lastPushAt: PUSHED_AT, lastPullAt: PULLED_AT }));
    await memory.flush();
    expect(await createStatusMemory(await restart()).load()).toMatchObject({
      lastPushAt: PUSHED_AT,
      lastPullAt: PULLED_AT,
    });
  });

  it('a read that fails loads nothing instead of rejecting', async () => {
    const errors: unknown[] = [];
    vi.spyOn(db, 'getLocal').mockRejectedValueOnce(new Error('storage closed'));
    const memory = createStatusMemory(db, { onError: (error) => errors.push(error) });
    expect(await memory.load()).toEqual({});
    expect(errors).toEqual([new Error('storage closed')]);
  });

  it('a stored document from another build keeps only what is valid', async () => {
    await db.upsertLocal(STATUS_MEMORY_DOC, {
      lastPushAt: 'not a time',
      lastPullAt: PULLED_AT,
      recentFailures: [failure(1), { message: 42 }, null, failure(2, { templateId: 't-1' })],
    });
    expect(await createStatusMemory(db).load()).toEqual({
      lastPushAt: null,
      lastPullAt: PULLED_AT,
      recentFailures: [failure(1), failure(2, { templateId: 't-1' })],
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The engine with a memory: what it publishes is remembered, and a new engine starts with it.

const ANON: Identity = {
  token: null,
  anonId: '11111111-1111-4111-8111-111111111111',
  userId: null,
};
const NOBODY: Identity = { token: null, anonId: null, userId: null };

/** A server that refuses every request (403): each pull step fails without any back-off. */
function refusingTransport(identity: Identity): Transport {
  return {
    identity: async () => identity,
    request: async <T>(): Promise<TransportResult<T>> => ({
      ok: false,
      error: { status: 403, message: 'Not allowed here', body: null, headers: null },
    }),
    stream: async () => null,
  };
}

describe('SyncEngine with a status memory', () => {
  it('a restarted engine publishes the last pull and failures before its first cycle', async () => {
    const memory = createStatusMemory(db);
    const engine = new SyncEngine({
      db,
      transport: refusingTransport(ANON),
      eventStream: false,
      statusMemory: memory,
    });
    await engine.start();
    await engine.whenIdle();
    await engine.stop();
    await memory.flush();
    const before = engine.getStatus();
    expect(before.lastPullAt).not.toBeNull();
    expect(before.recentFailures.length).toBeGreaterThan(0);

    // No identity yet: the new engine makes no request, so all it shows is what it loaded.
    const restarted = new SyncEngine({
      db: await restart(),
      transport: refusingTransport(NOBODY),
      eventStream: false,
      statusMemory: createStatusMemory(db),
    });
    const seen: SyncStatus[] = [];
    restarted.subscribe((s) => seen.push(s));
    await restarted.start();
    expect(restarted.getStatus()).toMatchObject({
      running: true,
      lastPushAt: before.lastPushAt,
      lastPullAt: before.lastPullAt,
      recentFailures: before.recentFailures,
    });
    expect(seen.at(-1)?.lastPullAt).toBe(before.lastPullAt);
    await restarted.stop();
  });

  it('an engine without a memory starts with nothing remembered', async () => {
    const memory = createStatusMemory(db);
    memory.remember(status({ lastPushAt: PUSHED_AT }));
    await memory.flush();
    const engine = new SyncEngine({ db, transport: refusingTransport(NOBODY), eventStream: false });
    await engine.start();
    expect(engine.getStatus().lastPushAt).toBeNull();
    await engine.stop();
  });
});
