/**
 * Deletions on one device meeting offline edits on another, two devices of
 * one guest against the real server:
 * - merge rule 5: a task deleted on one device and edited offline on the other comes back with
 *   the edits on every device, whichever came later, and the editing device is told (log);
 * - an activity deleted on one device while the other edits it offline: the edits are kept as a
 *   new activity (the server refuses to create a deleted id again), which reaches the server;
 *   the files queued for the old id follow it, and the device records where it went
 *   (docs/sync.md, "The engine"); its create tells the server the old id (`restoredFrom`),
 *   which My Activities shows on every device.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UploadDoc } from '../../../src/localdb/schemas/uploads';
import { readConflictLog, readDeletedElsewhere } from '../../../sync/conflictLog';
import { deepEqual } from '../../../sync/merge';
import {
  FaultyNetwork,
  localDoc,
  sampleContent,
  serverContent,
  serverList,
  serverTemplate,
  identityHeaders,
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

async function sync(c: Client) {
  await c.engine.syncNow();
  await c.engine.whenIdle();
}

/** A queued file of `templateId`, parked ('failed') so that the queue leaves it alone. */
async function parkedUpload(c: Client, templateId: string): Promise<string> {
  const id = randomUUID();
  const doc: UploadDoc = {
    id,
    owner: c.owner(),
    templateId,
    stepId: null,
    purpose: 'logo',
    filename: 'logo.png',
    mimeType: 'image/png',
    size: 3,
    status: 'failed',
    attempts: 1,
    nextAttemptAt: null,
    errorMessage: 'parked by the test',
    asset: null,
    createdAt: new Date().toISOString(),
  };
  await c.db.uploads.insert(doc);
  return id;
}

describe('merge rule 5 across devices: an edit beats a delete', () => {
  it('a task deleted on A after B edited it offline comes back with B’s edits on both devices, and B is told', async () => {
    const { a, b, id, clock } = await twoDevicesWithTemplate();
    const stepId = (await localDoc(a, id))!.content.steps[0]!.id;
    goOffline(b);
    await b.repo.update(id, (c) => ({
      steps: c.steps.map((s) => (s.id === stepId ? { ...s, text: 'Edited offline on B' } : s)),
    }));
    clock.advance();
    // A's deletion is the later change.
    await a.repo.update(id, (c) => ({ steps: c.steps.filter((s) => s.id !== stepId) }));
    await a.engine.whenIdle();
    expect((await serverContent(suite.live, a, id))!.steps).toEqual([]);

    await goOnline(b);
    await sync(a);

    const remote = await serverContent(suite.live, a, id);
    expect(remote!.steps.map((s) => [s.id, s.text])).toEqual([[stepId, 'Edited offline on B']]);
    for (const device of [a, b]) {
      const doc = await localDoc(device, id);
      expect(doc?.syncState).toBe('synced');
      expect(deepEqual(doc?.content, remote)).toBe(true);
    }
    const told = (await readConflictLog(b.db)).flatMap((e) => e.conflicts);
    expect(told).toEqual([
      expect.objectContaining({ path: `steps[${stepId}]`, theirs: null, kept: 'ours' }),
    ]);
  });
});

describe('an activity deleted on one device while another edits it offline', () => {
  it('the push answered 404: B’s offline edits are kept as a new activity that reaches the server, its queued files follow, and B is told', async () => {
    const { a, b, id } = await twoDevicesWithTemplate('Quiz night');
    goOffline(b);
    await b.repo.update(id, { description: 'Written offline on B' });
    const upload = await parkedUpload(b, id);
    await a.repo.remove(id);
    await a.engine.whenIdle();
    expect((await serverTemplate(suite.live, a, id)).status).toBe(404);

    await goOnline(b);

    expect(await localDoc(b, id)).toBeNull();
    const [fate] = (await readDeletedElsewhere(b.db)).filter((e) => e.id === id);
    expect(fate).toMatchObject({ id, name: 'Quiz night', restoredAs: expect.any(String) });
    const newId = fate!.restoredAs!;
    expect(newId).not.toBe(id);
    const restored = await localDoc(b, newId);
    expect(restored).toMatchObject({ syncState: 'synced', lastConflictAt: expect.any(String) });
    expect(restored!.content).toMatchObject({
      name: 'Quiz night',
      description: 'Written offline on B',
    });
    const remote = await serverContent(suite.live, b, newId);
    expect(remote).toMatchObject({ name: 'Quiz night', description: 'Written offline on B' });
    expect((await b.db.uploads.findOne(upload).exec())?.templateId).toBe(newId);

    const entries = (await readConflictLog(b.db)).filter((e) => e.source === 'deleted');
    expect(entries).toEqual([
      expect.objectContaining({ templateId: newId, restoredFrom: id, templateName: 'Quiz night' }),
    ]);
    expect(entries[0]!.conflicts).toEqual([
      expect.objectContaining({ path: 'template', theirs: null, kept: 'ours' }),
    ]);

    // The deleting device gets the kept activity too, and the deleted one stays deleted.
    await sync(a);
    expect((await localDoc(a, newId))?.content.description).toBe('Written offline on B');
    expect(await localDoc(a, id)).toBeNull();
    const listed = (await serverList(suite.live, identityHeaders(a))).map((t) => t.id);
    expect(listed).toEqual([newId]);
  });

  it('the create of the kept activity tells the server which activity it restores (restoredFrom), and My Activities on both devices says so', async () => {
    const { a, b, id } = await twoDevicesWithTemplate('Quiz night');
    goOffline(b);
    await b.repo.update(id, { description: 'Written offline on B' });
    await a.repo.remove(id);
    await a.engine.whenIdle();
    await goOnline(b);

    const newId = (await readDeletedElsewhere(b.db)).find((e) => e.id === id)?.restoredAs;
    expect(newId).toEqual(expect.any(String));
    expect((await localDoc(b, newId!))?.syncState).toBe('synced');
    const remote = await serverTemplate(suite.live, b, newId!);
    expect(remote.body).toMatchObject({ restoredFrom: id, restoredAt: expect.any(String) });
    // What the device keeps of the server's copy has it too.
    expect((await localDoc(b, newId!))?.server).toMatchObject({ restoredFrom: id });

    await sync(a);
    await sync(b);
    for (const device of [a, b]) {
      const rows = (await device.db.activities.find().exec()).map((d) => d.toJSON().data);
      expect(rows).toEqual([
        expect.objectContaining({
          id: newId,
          name: 'Quiz night',
          restoredFrom: id,
          restoredAt: (remote.body as { restoredAt: string }).restoredAt,
        }),
      ]);
    }
  });

  it('a server that refuses restoredFrom (one from before it) still gets the kept activity: the create is sent again without it', async () => {
    const a = await suite.client();
    const network = new FaultyNetwork();
    const realFetch = network.fetch;
    const refused: string[] = [];
    // A server that does not know the field refuses it as unknown (strict write schema).
    (network as { fetch: typeof fetch }).fetch = async (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (!network.offline && init?.method === 'POST' && body.includes('"restoredFrom"')) {
        refused.push(String(input));
        return new Response(JSON.stringify({ errorMessage: 'Unknown field: restoredFrom.' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        });
      }
      return realFetch(input, init);
    };
    const b = await suite.client({ identity: { ...a.identity }, network });
    const local = await a.repo.create(a.owner(), sampleContent('Quiz night'));
    await a.engine.whenIdle();
    await sync(b);
    const id = local.id;
    goOffline(b);
    await b.repo.update(id, { description: 'Written offline on B' });
    await a.repo.remove(id);
    await a.engine.whenIdle();
    await goOnline(b);

    const newId = (await readDeletedElsewhere(b.db)).find((e) => e.id === id)?.restoredAs;
    expect(refused).toHaveLength(1);
    expect((await localDoc(b, newId!))?.syncState).toBe('synced');
    const remote = await serverTemplate(suite.live, b, newId!);
    expect(remote.body).toMatchObject({ name: 'Quiz night', description: 'Written offline on B' });
    expect(remote.body).not.toHaveProperty('restoredFrom');
  });

  it('a pulled tombstone that meets an unpushed edit keeps the edit as a new activity', async () => {
    const { a, b, id } = await twoDevicesWithTemplate('Treasure hunt');
    await a.repo.remove(id);
    await a.engine.whenIdle();
    // B's edit lands while the pull that brings the tombstone is in flight.
    b.network.hang = true;
    b.engine.requestPull();
    await waitFor('the pull to be in flight', () => b.network.hangingCount > 0);
    await b.repo.update(id, { name: 'Treasure hunt, edited on B' });
    b.network.hang = false;
    await b.network.release();
    await b.engine.whenIdle();
    await sync(b);

    expect(await localDoc(b, id)).toBeNull();
    const newId = (await readDeletedElsewhere(b.db)).find((e) => e.id === id)?.restoredAs;
    expect(newId).toEqual(expect.any(String));
    expect((await localDoc(b, newId!))?.syncState).toBe('synced');
    expect((await serverContent(suite.live, b, newId!))?.name).toBe('Treasure hunt, edited on B');
    expect(
      (await readConflictLog(b.db)).map((e) => [e.source, e.templateId, e.restoredFrom]),
    ).toEqual([['deleted', newId, id]]);
  });

  it('a deletion that meets no local edits removes the activity and records that it was deleted elsewhere, with nothing restored', async () => {
    const { a, b, id } = await twoDevicesWithTemplate('Old quiz');
    await a.repo.remove(id);
    await a.engine.whenIdle();
    await sync(b);

    expect(await localDoc(b, id)).toBeNull();
    expect(await readDeletedElsewhere(b.db)).toEqual([
      expect.objectContaining({ id, name: 'Old quiz', restoredAs: null }),
    ]);
    expect(await readConflictLog(b.db)).toEqual([]);
    // The deleting device itself does not count it as deleted elsewhere.
    await sync(a);
    expect(await readDeletedElsewhere(a.db)).toEqual([]);
  });
});
