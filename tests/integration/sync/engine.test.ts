/**
 * The sync engine against the real server: edits reach the server by themselves, offline edits
 * wait and go when the network returns, and failures are retried; changes made elsewhere arrive
 * by pulls (asked for, or poked by the event stream); two tabs share one database and one
 * engine (docs/sync.md).
 */
import { describe, expect, it } from 'vitest';
import { readConflictLog } from '../../../sync/conflictLog';
import { deepEqual } from '../../../sync/merge';
import {
  localDoc,
  sampleContent,
  serverContent,
  serverTemplate,
  waitFor,
  useSyncSuite,
  type ClientOptions,
} from './harness';

const suite = useSyncSuite();
const client = (options: Partial<ClientOptions> = {}) => suite.client(options);

describe('push', () => {
  it('a template created on the device reaches the server with the same id, and is then synced', async () => {
    const c = await client();
    const local = await c.repo.create(c.owner(), sampleContent('Made here'));
    expect(local.sync.state).toBe('local-only');
    await c.engine.whenIdle();
    const remote = await serverTemplate(suite.live, c, local.id);
    expect(remote.status).toBe(200);
    expect(remote.body.name).toBe('Made here');
    const doc = await c.db.templates.findOne(local.id).exec();
    expect(doc?.syncState).toBe('synced');
    expect(doc?.server?.revision).toBe(1);
  });

  it('an edit made offline stays on the device and reaches the server when the network returns', async () => {
    const c = await client();
    const local = await c.repo.create(c.owner(), sampleContent('Before'));
    await c.engine.whenIdle();
    c.network.offline = true;
    c.engine.notify('offline');
    await c.repo.update(local.id, { name: 'Edited offline' });
    // The engine has seen the edit (it waits to be sent), and sent nothing while offline.
    await waitFor('the edit to wait as pending', () => c.engine.getStatus().pendingCount > 0);
    expect((await serverTemplate(suite.live, c, local.id)).body.name).toBe('Before');
    expect((await c.db.templates.findOne(local.id).exec())?.content.name).toBe('Edited offline');
    c.network.offline = false;
    c.engine.notify('online');
    await c.engine.whenIdle();
    expect((await serverTemplate(suite.live, c, local.id)).body.name).toBe('Edited offline');
  });

  it('500s are retried with back-off until the server accepts the change', async () => {
    const c = await client();
    c.network.failNext = 3;
    const local = await c.repo.create(c.owner(), sampleContent('Stubborn'));
    await c.engine.whenIdle();
    expect((await serverTemplate(suite.live, c, local.id)).body.name).toBe('Stubborn');
    expect(c.network.requests.filter((r) => r.status === 500).length).toBe(3);
    expect(c.engine.getStatus().recentFailures.some((f) => f.status === 500)).toBe(true);
  });
});

describe('pulls', () => {
  it('a change made on another device reaches this device by a pull', async () => {
    const a = await client();
    const b = await client({ identity: { ...a.identity } });
    const local = await a.repo.create(a.owner(), sampleContent('Made on A'));
    await a.engine.whenIdle();
    b.engine.requestPull();
    await b.engine.whenIdle();
    expect((await localDoc(b, local.id))?.content.name).toBe('Made on A');

    await a.repo.update(local.id, { name: 'Renamed on A' });
    await a.engine.whenIdle();
    expect((await localDoc(b, local.id))?.content.name).toBe('Made on A');
    b.engine.requestPull();
    await b.engine.whenIdle();
    const doc = await localDoc(b, local.id);
    expect(doc?.content.name).toBe('Renamed on A');
    expect(doc?.syncState).toBe('synced');
    expect(doc?.server?.revision).toBe(2);
    expect(deepEqual(doc?.content, await serverContent(suite.live, b, local.id))).toBe(true);
    // Incremental: after the first pull, pulls ask only for what changed since the checkpoint.
    const pulls = b.network.requests.filter(
      (r) => r.method === 'GET' && new URL(r.url).pathname === '/v1/templates',
    );
    expect(pulls.at(-1)?.url).toContain('since=');
  });

  it('with the event stream on, a change made on another device arrives by itself', async () => {
    const a = await client();
    const b = await client({ identity: { ...a.identity }, eventStream: true });
    await waitFor(
      'the event stream to connect',
      () => b.engine.getStatus().eventStream === 'connected',
    );
    const local = await a.repo.create(a.owner(), sampleContent('Poked'));
    await a.engine.whenIdle();
    await waitFor(
      'the new template to arrive',
      async () => (await localDoc(b, local.id)) !== null,
      5_000,
    );
    await a.repo.update(local.id, { description: 'Changed on A' });
    await waitFor(
      'the change to arrive',
      async () => (await localDoc(b, local.id))?.content.description === 'Changed on A',
      5_000,
    );
    expect((await localDoc(b, local.id))?.syncState).toBe('synced');
  });

  it('a pulled change that meets a pending local edit of another field is merged, not overwritten', async () => {
    const a = await client();
    const b = await client({ identity: { ...a.identity } });
    const local = await a.repo.create(a.owner(), sampleContent('Original'));
    await a.engine.whenIdle();
    await b.engine.syncNow();
    await a.repo.update(local.id, { name: 'Renamed on A' });
    await a.engine.whenIdle();
    // B's pull is on its way when B edits: the pulled version meets B's pending edit.
    b.network.hang = true;
    b.engine.requestPull();
    await waitFor('the pull to be in flight', () => b.network.hangingCount > 0);
    await b.repo.update(local.id, { description: 'Described on B' });
    await b.network.release();
    await b.engine.whenIdle();
    await a.engine.syncNow();
    await a.engine.whenIdle();

    for (const device of [a, b]) {
      const doc = await localDoc(device, local.id);
      expect(doc?.content).toMatchObject({ name: 'Renamed on A', description: 'Described on B' });
      expect(doc?.syncState).toBe('synced');
    }
    expect((await serverTemplate(suite.live, a, local.id)).body).toMatchObject({
      name: 'Renamed on A',
      description: 'Described on B',
      revision: 3,
    });
    expect(await readConflictLog(b.db)).toEqual([]);
  });

  it('a deletion on the server removes the local template', async () => {
    const a = await client();
    const b = await client({ identity: { ...a.identity } });
    const local = await a.repo.create(a.owner(), sampleContent('To be deleted'));
    await a.engine.whenIdle();
    await b.engine.syncNow();
    expect(await localDoc(b, local.id)).not.toBeNull();
    await a.repo.remove(local.id);
    await a.engine.whenIdle();
    b.engine.requestPull();
    await b.engine.whenIdle();
    expect(await localDoc(b, local.id)).toBeNull();
    expect(await readConflictLog(b.db)).toEqual([]);
  });

  it('a deletion on the server of a template with unpushed local edits keeps the edits as a new activity, and logs it (source deleted)', async () => {
    const a = await client();
    const b = await client({ identity: { ...a.identity } });
    const local = await a.repo.create(a.owner(), sampleContent('Deleted elsewhere'));
    await a.engine.whenIdle();
    await b.engine.syncNow();
    b.network.offline = true;
    b.engine.notify('offline');
    await b.repo.update(local.id, { name: 'Edited offline on B' });
    await a.repo.remove(local.id);
    await a.engine.whenIdle();
    b.network.offline = false;
    b.engine.notify('online');
    await b.engine.whenIdle();

    // The deleted id is gone; B's edits live on under a new id, on the device and the server.
    expect(await localDoc(b, local.id)).toBeNull();
    const entries = (await readConflictLog(b.db)).filter((e) => e.restoredFrom === local.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.source).toBe('deleted');
    const restored = entries[0]!.templateId;
    expect(restored).not.toBe(local.id);
    expect((await localDoc(b, restored))?.content.name).toBe('Edited offline on B');
    expect(b.engine.getStatus()).toMatchObject({ pendingCount: 0, errorCount: 0 });
    expect((await serverTemplate(suite.live, a, local.id)).status).toBe(404);
    expect((await serverTemplate(suite.live, a, restored)).status).toBe(200);
  });

  it('a local deletion reaches the server (DELETE) and the template is gone on the device', async () => {
    const c = await client();
    const local = await c.repo.create(c.owner(), sampleContent('Short-lived'));
    await c.engine.whenIdle();
    await c.repo.remove(local.id);
    expect((await localDoc(c, local.id))?.deletedLocally).toBe(true);
    await c.engine.whenIdle();
    expect(c.network.requests.filter((r) => r.method === 'DELETE').map((r) => r.status)).toEqual([
      204,
    ]);
    expect(await localDoc(c, local.id)).toBeNull();
    expect((await serverTemplate(suite.live, c, local.id)).status).toBe(404);
    // A later pull brings the tombstone; nothing comes back.
    await c.engine.syncNow();
    expect(await localDoc(c, local.id)).toBeNull();
  });

  it('a local deletion made offline reaches the server when the network returns', async () => {
    const c = await client();
    const local = await c.repo.create(c.owner(), sampleContent('Deleted offline'));
    await c.engine.whenIdle();
    c.network.offline = true;
    c.engine.notify('offline');
    await c.repo.remove(local.id);
    await waitFor('the deletion to wait as pending', () => c.engine.getStatus().pendingCount > 0);
    expect((await serverTemplate(suite.live, c, local.id)).status).toBe(200);
    c.network.offline = false;
    c.engine.notify('online');
    await c.engine.whenIdle();
    expect(await localDoc(c, local.id)).toBeNull();
    expect((await serverTemplate(suite.live, c, local.id)).status).toBe(404);
  });

  it('a template created and deleted while offline is gone on both sides once back online, and never comes back', async () => {
    const c = await client();
    await c.engine.whenIdle();
    c.network.offline = true;
    c.engine.notify('offline');
    const local = await c.repo.create(c.owner(), sampleContent('Never sent'));
    await waitFor('its first push to fail offline', () =>
      c.network.requests.some((r) => r.method === 'POST' && r.status === 'network-error'),
    );
    await c.repo.remove(local.id);
    c.network.offline = false;
    c.engine.notify('online');
    await c.engine.whenIdle();
    expect(await localDoc(c, local.id)).toBeNull();
    // Nothing was sent for it, unless a retry of its push was already on its way when it was
    // deleted: then the server's copy was deleted after it (the next test).
    expect((await serverTemplate(suite.live, c, local.id)).status).toBe(404);
    await c.engine.syncNow();
    expect(await localDoc(c, local.id)).toBeNull();
  });

  it('a template deleted while its first push is on its way is deleted on the server too, and never comes back', async () => {
    const c = await client();
    await c.engine.whenIdle();
    c.network.hang = true;
    const local = await c.repo.create(c.owner(), sampleContent('Deleted in flight'));
    await waitFor('its first push to be on its way', () => c.network.hangingCount > 0);
    await c.repo.remove(local.id);
    await c.network.release();
    await waitFor(
      'the deletion to reach the server',
      async () => (await serverTemplate(suite.live, c, local.id)).status === 404,
    );
    await c.engine.whenIdle();
    expect(await localDoc(c, local.id)).toBeNull();
    // A later pull brings nothing back.
    await c.engine.syncNow();
    expect(await localDoc(c, local.id)).toBeNull();
  });
});

describe('two tabs: two RxDB instances on one database', () => {
  it("an edit through tab B's repository is pushed by tab A's engine, and tab B's collection sees the synced state", async () => {
    const a = await client();
    // Tab B shares A's IndexedDB and identity; its own engine never runs (A's worker syncs).
    const b = await client({
      indexedDB: a.indexedDB,
      databaseName: a.databaseName,
      identity: a.identity,
      start: false,
    });
    expect(b.db).not.toBe(a.db);
    const created = await b.repo.create(b.owner(), sampleContent('Made in tab B'));
    await waitFor('tab A to push the new template', async () => {
      const remote = await serverTemplate(suite.live, a, created.id);
      return remote.status === 200;
    });
    await waitFor(
      'tab B to see it synced',
      async () => (await localDoc(b, created.id))?.syncState === 'synced',
    );

    const seen: string[] = [];
    const subscription = b.db.templates.findOne(created.id).$.subscribe((doc) => {
      if (doc) seen.push(`${doc.syncState}:${doc.server?.revision ?? 0}`);
    });
    await b.repo.update(created.id, { name: 'Renamed in tab B' });
    await waitFor('tab A to push the change', async () => {
      const remote = await serverTemplate(suite.live, a, created.id);
      return remote.body?.name === 'Renamed in tab B';
    });
    await waitFor('tab B to see the change synced', () => seen.includes('synced:2'));
    subscription.unsubscribe();
    const docB = await localDoc(b, created.id);
    expect(docB?.syncState).toBe('synced');
    expect(docB?.server?.revision).toBe(2);
    expect(deepEqual(docB?.content, await serverContent(suite.live, a, created.id))).toBe(true);
    // Only A's engine talked to the server.
    expect(b.network.requests).toEqual([]);
    expect(a.network.requests.filter((r) => r.method === 'PATCH').map((r) => r.status)).toEqual([
      200,
    ]);
  });
});

describe('robustness', () => {
  it('an unexpected error inside a cycle is recorded and the engine carries on syncing', async () => {
    const c = await client();
    await c.engine.whenIdle();
    const uploads = c.db.uploads;
    const originalFind = uploads.find.bind(uploads);
    let thrown = false;
    uploads.find = ((...args: Parameters<typeof originalFind>) => {
      if (!thrown) {
        thrown = true;
        throw new Error('storage hiccup');
      }
      return originalFind(...args);
    }) as typeof uploads.find;
    try {
      const local = await c.repo.create(c.owner(), sampleContent('After the hiccup'));
      await waitFor('the error to be recorded', () => thrown);
      await c.engine.whenIdle();
      expect(c.engine.getStatus().recentFailures).toContainEqual(
        expect.objectContaining({ status: -1, message: expect.stringContaining('storage hiccup') }),
      );
      expect((await serverTemplate(suite.live, c, local.id)).body.name).toBe('After the hiccup');
    } finally {
      uploads.find = originalFind;
    }
  });
});
