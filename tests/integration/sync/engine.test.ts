/**
 * The sync engine against the real server: edits reach the server by themselves, offline edits
 * wait and go when the network returns, and failures are retried (docs/sync.md).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  sampleContent,
  serverTemplate,
  startLiveServer,
  type Client,
  type LiveServer,
} from './harness';

let live: LiveServer;
const clients: Client[] = [];
beforeAll(async () => {
  live = await startLiveServer();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});
afterAll(async () => {
  await live.close();
});

async function client(options: Partial<Parameters<typeof createClient>[0]> = {}) {
  const c = await createClient({ live, ...options });
  clients.push(c);
  return c;
}

describe('push', () => {
  it('a template created on the device reaches the server with the same id, and is then synced', async () => {
    const c = await client();
    const local = await c.repo.create(c.owner(), sampleContent('Made here'));
    expect(local.sync.state).toBe('local-only');
    await c.engine.whenIdle();
    const remote = await serverTemplate(live, c, local.id);
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
    await new Promise((r) => setTimeout(r, 100));
    expect((await serverTemplate(live, c, local.id)).body.name).toBe('Before');
    expect((await c.db.templates.findOne(local.id).exec())?.content.name).toBe('Edited offline');
    c.network.offline = false;
    c.engine.notify('online');
    await c.engine.whenIdle();
    expect((await serverTemplate(live, c, local.id)).body.name).toBe('Edited offline');
  });

  it('500s are retried with back-off until the server accepts the change', async () => {
    const c = await client();
    c.network.failNext = 3;
    const local = await c.repo.create(c.owner(), sampleContent('Stubborn'));
    await c.engine.whenIdle();
    expect((await serverTemplate(live, c, local.id)).body.name).toBe('Stubborn');
    expect(c.network.requests.filter((r) => r.status === 500).length).toBe(3);
    expect(c.engine.getStatus().recentFailures.some((f) => f.status === 500)).toBe(true);
  });
});
