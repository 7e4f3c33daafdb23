/**
 * The read-only lists kept for offline reading (docs/sync.md): the library's master templates
 * whole, the themes, and this owner's rows of My Activities, pulled on start and readable with
 * the network gone.
 */
import { describe, expect, it } from 'vitest';
import type { ActivityRow, Template, Theme } from '../../../src/domain/schemas';
import { FaultyNetwork, identityHeaders, sampleContent, useSyncSuite, waitFor } from './harness';

const suite = useSyncSuite();

async function get<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await suite.live.server.request({ url, headers });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

const byPosition = <D extends { position: number }>(docs: D[]) =>
  [...docs].sort((x, y) => x.position - y.position);

describe('lists', () => {
  it('after start, the library holds the master templates whole (tasks included), in library order', async () => {
    const c = await suite.client();
    await c.engine.whenIdle();
    const expected = await get<Template[]>('/v1/templates/library?full=true');
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.some((t) => t.steps.length > 0)).toBe(true);
    const docs = byPosition((await c.db.library.find().exec()).map((d) => d.toMutableJSON()));
    expect(docs.map((d) => d.id)).toEqual(expected.map((t) => t.id));
    expect(docs.map((d) => d.data)).toEqual(expected);
    expect(docs.every((d) => d.data.master)).toBe(true);
  });

  it('after start, the themes are all there, in order', async () => {
    const c = await suite.client();
    await c.engine.whenIdle();
    const expected = await get<Theme[]>('/v1/themes');
    expect(expected.length).toBeGreaterThan(0);
    const docs = byPosition((await c.db.themes.find().exec()).map((d) => d.toMutableJSON()));
    expect(docs.map((d) => d.data)).toEqual(expected);
  });

  it("the activities collection holds this owner's rows of /my_games, and follows changes", async () => {
    const c = await suite.client();
    const first = await c.repo.create(c.owner(), sampleContent('First activity'));
    const second = await c.repo.create(c.owner(), sampleContent('Second activity'));
    await c.engine.whenIdle();
    await c.engine.syncNow();
    const expected = await get<ActivityRow[]>('/v1/my_games', identityHeaders(c));
    expect(expected.map((r) => r.id).sort()).toEqual([first.id, second.id].sort());
    let docs = byPosition((await c.db.activities.find().exec()).map((d) => d.toMutableJSON()));
    expect(docs.map((d) => d.data)).toEqual(expected);
    expect(docs.every((d) => d.owner === c.owner())).toBe(true);

    await c.repo.remove(first.id);
    await c.repo.update(second.id, { name: 'Renamed activity' });
    await c.engine.whenIdle();
    await c.engine.syncNow();
    docs = byPosition((await c.db.activities.find().exec()).map((d) => d.toMutableJSON()));
    expect(docs.map((d) => [d.id, d.data.name])).toEqual([[second.id, 'Renamed activity']]);
  });

  it("another owner's activity rows on the same device are kept apart and not replaced", async () => {
    const c = await suite.client();
    const mine = await c.repo.create(c.owner(), sampleContent('Mine'));
    await c.engine.whenIdle();
    await c.engine.syncNow();
    const firstOwner = c.owner();
    // Another guest on the same device (a new AnonId).
    c.identity.anonId = crypto.randomUUID();
    await c.engine.identityChanged();
    const theirs = await c.repo.create(c.owner(), sampleContent('Theirs'));
    await c.engine.whenIdle();
    await c.engine.syncNow();
    const rows = (await c.db.activities.find().exec()).map((d) => d.toMutableJSON());
    expect(rows.filter((r) => r.owner === firstOwner).map((r) => r.id)).toEqual([mine.id]);
    expect(rows.filter((r) => r.owner === c.owner()).map((r) => r.id)).toEqual([theirs.id]);
  });

  it('the lists stay readable with the network offline, in this tab and in a new one', async () => {
    const c = await suite.client();
    await c.repo.create(c.owner(), sampleContent('Offline activity'));
    await c.engine.whenIdle();
    await c.engine.syncNow();
    const counts = {
      library: await c.db.library.count().exec(),
      themes: await c.db.themes.count().exec(),
      activities: await c.db.activities.count().exec(),
    };
    expect(counts.library).toBeGreaterThan(0);
    expect(counts.themes).toBeGreaterThan(0);
    expect(counts.activities).toBe(1);

    c.network.offline = true;
    c.engine.notify('offline');
    const failuresBefore = c.engine.getStatus().recentFailures.length;
    c.engine.requestPull();
    await waitFor(
      'the pull to fail',
      () => c.engine.getStatus().recentFailures.length > failuresBefore,
    );
    expect(c.engine.getStatus().online).toBe(false);
    expect(await c.db.library.count().exec()).toBe(counts.library);
    expect(await c.db.themes.count().exec()).toBe(counts.themes);
    expect(await c.db.activities.count().exec()).toBe(counts.activities);

    // A tab opened while offline reads the same lists from IndexedDB.
    const offline = new FaultyNetwork();
    offline.offline = true;
    const tab = await suite.client({
      indexedDB: c.indexedDB,
      databaseName: c.databaseName,
      identity: c.identity,
      network: offline,
      start: false,
    });
    expect(await tab.db.library.count().exec()).toBe(counts.library);
    expect(await tab.db.themes.count().exec()).toBe(counts.themes);
    const library = (await tab.db.library.find().exec()).map((d) => d.toMutableJSON());
    expect(library.some((d) => d.data.steps.length > 0)).toBe(true);
    const rows = (await tab.db.activities.find().exec()).map((d) => d.toMutableJSON());
    expect(rows.filter((r) => r.owner === c.owner()).map((r) => r.data.name)).toEqual([
      'Offline activity',
    ]);
  });
});
