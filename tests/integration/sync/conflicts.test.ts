/**
 * Two devices of one guest (separate IndexedDB, same identity) editing one template against the
 * real server: a 412 is merged three ways and re-pushed (docs/sync.md); different fields both
 * survive with nothing logged; the same field takes the later change everywhere, and the losing
 * value is in the conflict log.
 */
import { describe, expect, it } from 'vitest';
import { readConflictLog, type ConflictEntry } from '../../../sync/conflictLog';
import { deepEqual } from '../../../sync/merge';
import type { Step } from '../../../src/domain/schemas';
import { randomUUID } from 'node:crypto';
import { createEditClock } from '../../../src/localdb/editClock';
import { SyncEngine } from '../../../sync/engine';
import { createTransport } from '../../../sync/transport';
import { createTemplateRepository } from '../../../src/localdb/templateRepository';
import {
  localDoc,
  sampleContent,
  serverContent,
  serverTemplate,
  TEST_TIMING,
  testClock,
  useSyncSuite,
  waitFor,
  type Client,
} from './harness';

const suite = useSyncSuite();

/** Two devices of one guest, both holding one synced template, their edits stamped on `clock`. */
async function twoDevicesWithTemplate(name = 'Shared quiz') {
  const clock = testClock();
  const a = await suite.client(clock.device('deviceA'));
  const b = await suite.client({ identity: { ...a.identity }, ...clock.device('deviceB') });
  const local = await a.repo.create(a.owner(), sampleContent(name));
  await a.engine.whenIdle();
  await b.engine.syncNow();
  await b.engine.whenIdle();
  expect((await localDoc(b, local.id))?.syncState).toBe('synced');
  return { a, b, id: local.id, clock };
}

function goOffline(c: Client) {
  c.network.offline = true;
  c.engine.notify('offline');
}

async function goOnline(c: Client) {
  c.network.offline = false;
  c.engine.notify('online');
  await c.engine.whenIdle();
}

/** Every device and the server hold deep-equal content, and every device is synced. */
async function expectConverged(id: string, ...devices: Client[]) {
  const remote = await serverContent(suite.live, devices[0]!, id);
  expect(remote).not.toBeNull();
  for (const device of devices) {
    const doc = await localDoc(device, id);
    expect(doc?.syncState).toBe('synced');
    expect(deepEqual(doc?.content, remote)).toBe(true);
  }
  return remote!;
}

const conflictsOf = (log: ConflictEntry[], id: string) =>
  log.filter((e) => e.templateId === id).flatMap((e) => e.conflicts);

describe('412 conflicts between two devices', () => {
  it('different fields edited on two devices both survive on every device and the server, with no conflict logged', async () => {
    const { a, b, id } = await twoDevicesWithTemplate();
    goOffline(a);
    await a.repo.update(id, { name: 'Renamed on A' });
    await b.repo.update(id, { description: 'Described on B' });
    await b.engine.whenIdle();
    expect((await serverTemplate(suite.live, b, id)).body.revision).toBe(2);

    await goOnline(a); // PATCH at revision 1 → 412 → merge → PATCH at revision 2
    expect(a.network.requests.some((r) => r.method === 'PATCH' && r.status === 412)).toBe(true);
    await b.engine.syncNow();
    await b.engine.whenIdle();

    const content = await expectConverged(id, a, b);
    expect(content.name).toBe('Renamed on A');
    expect(content.description).toBe('Described on B');
    expect((await serverTemplate(suite.live, a, id)).body.revision).toBe(3);
    expect(await readConflictLog(a.db)).toEqual([]);
    expect(await readConflictLog(b.db)).toEqual([]);
  });

  it('different tasks and branding fields edited on two devices are merged per task and per field', async () => {
    const { a, b, id } = await twoDevicesWithTemplate();
    const original = (await localDoc(a, id))!.content;
    const step = original.steps[0]!;
    const added = { ...step, id: randomUUID(), name: 'Added on B', text: 'New task' };
    goOffline(a);
    await a.repo.update(id, (c) => ({
      steps: c.steps.map((s) => (s.id === step.id ? { ...s, points: 55 } : s)),
      branding: { ...c.branding, headerColour: '#111111' },
    }));
    await b.repo.update(id, (c) => ({
      steps: [...c.steps.map((s) => (s.id === step.id ? { ...s, text: 'Reworded' } : s)), added],
      branding: { ...c.branding, selfieBackgroundColour: '#222222' },
    }));
    await b.engine.whenIdle();
    await goOnline(a);
    await b.engine.syncNow();
    await b.engine.whenIdle();

    const content = await expectConverged(id, a, b);
    expect(content.steps.map((s) => s.id)).toEqual([step.id, added.id]);
    expect(content.steps[0]).toMatchObject({ points: 55, text: 'Reworded' });
    expect(content.branding).toMatchObject({
      headerColour: '#111111',
      selfieBackgroundColour: '#222222',
    });
    expect(await readConflictLog(a.db)).toEqual([]);
    expect(await readConflictLog(b.db)).toEqual([]);
  });

  it('the same field edited on two devices: the later edit wins everywhere and the earlier value is logged (later edit pushed second)', async () => {
    const { a, b, id, clock } = await twoDevicesWithTemplate();
    goOffline(a);
    await a.repo.update(id, { name: 'Earlier, on A' });
    clock.advance();
    await b.repo.update(id, { name: 'Later, on B' });
    await b.engine.whenIdle();
    await goOnline(a);
    await b.engine.syncNow();
    await b.engine.whenIdle();

    const content = await expectConverged(id, a, b);
    expect(content.name).toBe('Later, on B');
    const logged = conflictsOf(await readConflictLog(a.db), id);
    expect(logged).toEqual([
      { path: 'name', ours: 'Earlier, on A', theirs: 'Later, on B', kept: 'theirs' },
    ]);
    const entry = (await readConflictLog(a.db)).find((e) => e.templateId === id);
    expect(entry?.source).toBe('push');
    expect((await localDoc(a, id))?.lastConflictAt).not.toBeNull();
  });

  it('the same field edited on two devices: the later edit wins everywhere and the earlier value is logged (later edit pushed last, over a stale base)', async () => {
    const { a, b, id, clock } = await twoDevicesWithTemplate();
    goOffline(a);
    await b.repo.update(id, { name: 'Earlier, on B' });
    await b.engine.whenIdle();
    clock.advance();
    await a.repo.update(id, { name: 'Later, on A' });
    await goOnline(a);
    await b.engine.syncNow();
    await b.engine.whenIdle();

    const content = await expectConverged(id, a, b);
    expect(content.name).toBe('Later, on A');
    expect(conflictsOf(await readConflictLog(a.db), id)).toEqual([
      { path: 'name', ours: 'Later, on A', theirs: 'Earlier, on B', kept: 'ours' },
    ]);
    expect(await readConflictLog(b.db)).toEqual([]);
  });

  it('a task deleted on one device and edited later on the other is kept, and the deletion is logged', async () => {
    const { a, b, id, clock } = await twoDevicesWithTemplate();
    const stepId = (await localDoc(a, id))!.content.steps[0]!.id;
    goOffline(a);
    await b.repo.update(id, (c) => ({ steps: c.steps.filter((s) => s.id !== stepId) }));
    await b.engine.whenIdle();
    clock.advance();
    await a.repo.update(id, (c) => ({
      steps: c.steps.map((s) => (s.id === stepId ? { ...s, text: 'Still wanted' } : s)),
    }));
    await goOnline(a);
    await b.engine.syncNow();
    await b.engine.whenIdle();

    const content = await expectConverged(id, a, b);
    expect(content.steps.map((s) => [s.id, s.text])).toEqual([[stepId, 'Still wanted']]);
    const logged = conflictsOf(await readConflictLog(a.db), id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ path: `steps[${stepId}]`, theirs: null, kept: 'ours' });
  });

  it('a pulled change that meets a pending edit of the same field decides by time and logs it', async () => {
    const { a, b, id, clock } = await twoDevicesWithTemplate();
    await a.repo.update(id, { description: 'From A, earlier' });
    await a.engine.whenIdle();
    clock.advance();
    // B's edit is later; B learns of A's change by a pull that meets B's pending edit.
    b.network.hang = true;
    b.engine.requestPull();
    await waitFor('the pull to be in flight', () => b.network.hangingCount > 0);
    await b.repo.update(id, { description: 'From B, later' });
    await b.network.release();
    await b.engine.whenIdle();
    await a.engine.syncNow();
    await a.engine.whenIdle();

    const content = await expectConverged(id, a, b);
    expect(content.description).toBe('From B, later');
    const entries = (await readConflictLog(b.db)).filter((e) => e.templateId === id);
    expect(entries.map((e) => e.source)).toEqual(['pull']);
    expect(entries[0]!.conflicts).toEqual([
      { path: 'description', ours: 'From B, later', theirs: 'From A, earlier', kept: 'ours' },
    ]);
  });
});

describe('per-field merge on one clock', () => {
  it('an earlier offline edit of a task loses to a later online edit of the same task, although the offline device edited something else after both', async () => {
    const { a, b, id, clock } = await twoDevicesWithTemplate();
    const stepId = (await localDoc(a, id))!.content.steps[0]!.id;
    const renameTask = (text: string) => (c: { steps: Step[] }) => ({
      steps: c.steps.map((s) => (s.id === stepId ? { ...s, text } : s)),
    });
    goOffline(a);
    await a.repo.update(id, renameTask('Earlier, offline on A'));
    clock.advance();
    await b.repo.update(id, renameTask('Later, online on B'));
    await b.engine.whenIdle();
    clock.advance();
    await a.repo.update(id, { description: 'Described on A, last of all' });
    await goOnline(a);
    await b.engine.syncNow();
    await b.engine.whenIdle();

    const content = await expectConverged(id, a, b);
    expect(content.steps.find((s) => s.id === stepId)?.text).toBe('Later, online on B');
    expect(content.description).toBe('Described on A, last of all');
    expect(conflictsOf(await readConflictLog(a.db), id)).toEqual([
      {
        path: `steps[${stepId}].text`,
        ours: 'Earlier, offline on A',
        theirs: 'Later, online on B',
        kept: 'theirs',
      },
    ]);
    // The server keeps each field's stamp, and every device holds the same stamps.
    const remote = (await serverTemplate(suite.live, a, id)).body;
    expect((await localDoc(a, id))?.stamps).toEqual(remote.fieldStamps);
    expect((await localDoc(b, id))?.stamps).toEqual(remote.fieldStamps);
  });

  it('a device whose clock runs 10 minutes ahead does not win a conflict with an edit made later on another device: its edits are stamped on the server’s clock', async () => {
    const { a, b, id, clock } = await twoDevicesWithTemplate();
    const skewMs = 10 * 60_000;
    // B's engine and edit clock run on B's fast clock; the engine measures the offset from
    // the server's answers and the edit clock stamps on the server's time. The network tells
    // the test's clock as the server's, so the offset is exact and `advance` orders the edits.
    const bNow = () => clock.now() + skewMs;
    b.network.serverTime = clock.now;
    await b.engine.stop();
    b.engine = new SyncEngine({
      db: b.db,
      transport: createTransport({
        baseUrl: suite.live.baseUrl,
        fetch: b.network.fetch,
        getIdentity: async () => ({ ...b.identity }),
        timeoutMs: TEST_TIMING.requestTimeoutMs!,
      }),
      timing: TEST_TIMING,
      eventStream: false,
      now: () => new Date(bNow()),
    });
    const bClock = createEditClock('ahead', bNow);
    b.engine.subscribe((status) => {
      if (status.clockOffsetMs !== null) bClock.setServerOffset(status.clockOffsetMs);
    });
    await b.engine.start();
    await b.engine.syncNow();
    await b.engine.whenIdle();
    expect(bClock.serverOffset()).toBe(-skewMs);
    const ahead = createTemplateRepository(b.db, () => new Date(bNow()).toISOString(), bClock);

    goOffline(b);
    await ahead.update(id, { description: 'From B, first' });
    clock.advance();
    await a.repo.update(id, { description: 'From A, a moment later' });
    await a.engine.whenIdle();
    await goOnline(b);
    await a.engine.syncNow();
    await a.engine.whenIdle();

    const content = await expectConverged(id, a, b);
    expect(content.description).toBe('From A, a moment later');
    expect(conflictsOf(await readConflictLog(b.db), id)).toEqual([
      {
        path: 'description',
        ours: 'From B, first',
        theirs: 'From A, a moment later',
        kept: 'theirs',
      },
    ]);
  });
});
