/**
 * The sync engine on a bad network, against the real server (docs/sync.md, "Pushes are
 * idempotent"): requests that hang past the timeout, pushes delivered twice, answers lost on
 * the way back, the worker restarted while a push is in flight, and pushes the server refuses.
 */
import { describe, expect, it } from 'vitest';
import { readConflictLog } from '../../../sync/conflictLog';
import { contentOf, deepEqual } from '../../../sync/merge';
import {
  identityHeaders,
  localDoc,
  sampleContent,
  serverContent,
  serverList,
  serverTemplate,
  useSyncSuite,
  waitFor,
  type Client,
} from './harness';

const suite = useSyncSuite();

const requestsOf = (c: Client, method: string) =>
  c.network.requests.filter((r) => r.method === method && !r.url.includes('/v1/events'));

/** The device and the server hold the same content, the document is synced, nothing logged. */
async function expectSyncedWithServer(c: Client, id: string) {
  const doc = await localDoc(c, id);
  expect(doc?.syncState).toBe('synced');
  expect(doc?.localVersion).toBe(doc?.pushedVersion);
  const remote = await serverContent(suite.live, c, id);
  expect(remote).not.toBeNull();
  expect(deepEqual(doc?.content, remote)).toBe(true);
}

async function createSynced(c: Client, name: string) {
  const local = await c.repo.create(c.owner(), sampleContent(name));
  await c.engine.whenIdle();
  expect((await localDoc(c, local.id))?.syncState).toBe('synced');
  return local.id;
}

async function guestTemplateIds(c: Client) {
  return (await serverList(suite.live, identityHeaders(c))).map((t) => t.id);
}

describe('timeouts', () => {
  it('a create that hangs past the timeout is retried, and the retry makes exactly one template', async () => {
    const c = await suite.client();
    await c.engine.whenIdle();
    c.network.hang = true;
    const local = await c.repo.create(c.owner(), sampleContent('Slow server'));
    await waitFor('the engine to give up on the create', () =>
      c.engine.getStatus().recentFailures.some((f) => f.templateId === local.id),
    );
    expect(c.engine.getStatus().recentFailures.at(-1)).toMatchObject({
      templateId: local.id,
      status: 0,
      message: 'The server took too long to answer.',
    });
    expect(requestsOf(c, 'POST').some((r) => r.status === 'timeout')).toBe(true);
    expect((await localDoc(c, local.id))?.syncState).toBe('pending');
    // The server answers again; the timed-out requests reach it late, and their answers go nowhere.
    await c.network.release();
    await c.engine.whenIdle();
    await expectSyncedWithServer(c, local.id);
    expect(await guestTemplateIds(c)).toEqual([local.id]);
    expect((await serverTemplate(suite.live, c, local.id)).body.name).toBe('Slow server');
    expect(await readConflictLog(c.db)).toEqual([]);
  });

  it('a change that hangs past the timeout is retried and reaches the server once', async () => {
    const c = await suite.client();
    const id = await createSynced(c, 'Before');
    c.network.hang = true;
    await c.repo.update(id, { name: 'After a slow answer' });
    await waitFor('the change to time out', () =>
      requestsOf(c, 'PATCH').some((r) => r.status === 'timeout'),
    );
    await c.network.release();
    await c.engine.whenIdle();
    await expectSyncedWithServer(c, id);
    const remote = await serverTemplate(suite.live, c, id);
    expect(remote.body.name).toBe('After a slow answer');
    // Several attempts at revision 1; exactly one of them can have been applied.
    expect(remote.body.revision).toBe(2);
    expect(await readConflictLog(c.db)).toEqual([]);
  });
});

describe('the same push delivered twice', () => {
  it('a create delivered twice makes one template with the right content, and no conflict', async () => {
    const c = await suite.client();
    await c.engine.whenIdle();
    c.network.duplicateNext = 1;
    const local = await c.repo.create(c.owner(), sampleContent('Twice'));
    await c.engine.whenIdle();
    expect(c.network.duplicateNext).toBe(0);
    await expectSyncedWithServer(c, local.id);
    expect(await guestTemplateIds(c)).toEqual([local.id]);
    expect((await serverTemplate(suite.live, c, local.id)).body.revision).toBe(1);
    expect(await readConflictLog(c.db)).toEqual([]);
  });

  it('a change delivered twice is applied once, ends synced with the right content, and logs no conflict', async () => {
    const c = await suite.client();
    const id = await createSynced(c, 'Before');
    c.network.duplicateNext = 1;
    await c.repo.update(id, { name: 'Twice', description: 'Sent twice by a proxy' });
    await c.engine.whenIdle();
    expect(c.network.duplicateNext).toBe(0);
    await expectSyncedWithServer(c, id);
    const remote = await serverTemplate(suite.live, c, id);
    expect(remote.body).toMatchObject({
      name: 'Twice',
      description: 'Sent twice by a proxy',
      revision: 2,
    });
    expect(await readConflictLog(c.db)).toEqual([]);
  });
});

describe('edits during a push', () => {
  it('an edit made while its push is in flight is kept, not overwritten by the answer, and pushed next', async () => {
    const c = await suite.client();
    const id = await createSynced(c, 'Before');
    c.network.hang = true;
    await c.repo.update(id, { name: 'In the push' });
    await waitFor('the change to be in flight', () => c.network.hangingCount > 0);
    await c.repo.update(id, { description: 'Typed during the push' });
    await c.network.release();
    await c.engine.whenIdle();
    await expectSyncedWithServer(c, id);
    expect((await serverTemplate(suite.live, c, id)).body).toMatchObject({
      name: 'In the push',
      description: 'Typed during the push',
      revision: 3,
    });
    expect(await readConflictLog(c.db)).toEqual([]);
  });
});

describe('lost answers', () => {
  it('a create whose answer was lost is retried, answered 200, and makes no duplicate', async () => {
    const c = await suite.client();
    await c.engine.whenIdle();
    c.network.loseAnswers = 1;
    const local = await c.repo.create(c.owner(), sampleContent('Answer lost'));
    await c.engine.whenIdle();
    expect(requestsOf(c, 'POST').map((r) => r.status)).toEqual([201, 200]);
    await expectSyncedWithServer(c, local.id);
    expect(await guestTemplateIds(c)).toEqual([local.id]);
    expect(await readConflictLog(c.db)).toEqual([]);
  });

  it('a change whose answer was lost is retried, gets 412, the merge finds nothing to change, and it ends synced', async () => {
    const c = await suite.client();
    const id = await createSynced(c, 'Before');
    c.network.loseAnswers = 1;
    await c.repo.update(id, { name: 'Answer lost' });
    await c.engine.whenIdle();
    expect(requestsOf(c, 'PATCH').map((r) => r.status)).toEqual([200, 412]);
    await expectSyncedWithServer(c, id);
    const remote = await serverTemplate(suite.live, c, id);
    expect(remote.body).toMatchObject({ name: 'Answer lost', revision: 2 });
    expect((await localDoc(c, id))?.server?.revision).toBe(2);
    expect(await readConflictLog(c.db)).toEqual([]);
  });

  it('an edit made while a create was in flight survives the create answer being lost', async () => {
    const c = await suite.client();
    await c.engine.whenIdle();
    c.network.hang = true;
    const local = await c.repo.create(c.owner(), sampleContent('First name'));
    await waitFor('the create to be in flight', () => c.network.hangingCount > 0);
    // Typed while the request travels: not in the request, and older than the server's stamp.
    await c.repo.update(local.id, { name: 'Typed meanwhile' });
    c.network.loseAnswers = 1;
    await c.network.release();
    await c.engine.whenIdle();
    await expectSyncedWithServer(c, local.id);
    expect((await serverTemplate(suite.live, c, local.id)).body.name).toBe('Typed meanwhile');
    expect(await guestTemplateIds(c)).toEqual([local.id]);
  });

  it('an edit made while a change was in flight survives the change answer being lost', async () => {
    const c = await suite.client();
    const id = await createSynced(c, 'Before');
    c.network.hang = true;
    await c.repo.update(id, { name: 'First edit' });
    await waitFor('the change to be in flight', () => c.network.hangingCount > 0);
    await c.repo.update(id, { name: 'Second edit' });
    c.network.loseAnswers = 1;
    await c.network.release();
    await c.engine.whenIdle();
    await expectSyncedWithServer(c, id);
    // The device's own earlier edit is not "another change": the latest edit made here wins.
    expect((await serverTemplate(suite.live, c, id)).body.name).toBe('Second edit');
  });

  it('an edit made while a change was delivered twice survives', async () => {
    const c = await suite.client();
    const id = await createSynced(c, 'Before');
    c.network.hang = true;
    await c.repo.update(id, { description: 'First edit' });
    await waitFor('the change to be in flight', () => c.network.hangingCount > 0);
    await c.repo.update(id, { description: 'Second edit' });
    c.network.duplicateNext = 1;
    await c.network.release();
    await c.engine.whenIdle();
    await expectSyncedWithServer(c, id);
    expect((await serverTemplate(suite.live, c, id)).body.description).toBe('Second edit');
  });
});

describe('the worker restarted mid-push', () => {
  it('a change in flight when the worker restarts: the new engine pushes it, no duplicate, synced', async () => {
    const c = await suite.client();
    const id = await createSynced(c, 'Before restart');
    c.network.hang = true;
    await c.repo.update(id, { name: 'Edited before the restart' });
    await waitFor('the change to be in flight', () => c.network.hangingCount > 0);
    // The old engine never reads the answer of its request: the worker is gone.
    c.network.loseAnswers = 1;
    const restarted = c.restartEngine();
    await c.network.release();
    await restarted;
    await c.engine.whenIdle();
    await expectSyncedWithServer(c, id);
    expect((await serverTemplate(suite.live, c, id)).body).toMatchObject({
      name: 'Edited before the restart',
      revision: 2,
    });
    expect(await guestTemplateIds(c)).toEqual([id]);
    expect(c.engine.getStatus().running).toBe(true);
    expect(await readConflictLog(c.db)).toEqual([]);
  });

  it('a create in flight when the worker restarts ends as one template, synced', async () => {
    const c = await suite.client();
    await c.engine.whenIdle();
    c.network.hang = true;
    const local = await c.repo.create(c.owner(), sampleContent('Created before the restart'));
    await waitFor('the create to be in flight', () => c.network.hangingCount > 0);
    const restarted = c.restartEngine();
    // The request outlives the old engine's timeout and reaches the server late.
    await restarted;
    await waitFor('the new engine to send again', () => c.network.hangingCount > 0);
    await c.network.release();
    await c.engine.whenIdle();
    await expectSyncedWithServer(c, local.id);
    expect(await guestTemplateIds(c)).toEqual([local.id]);
    expect((await serverTemplate(suite.live, c, local.id)).body.revision).toBe(1);
  });

  it('a stopping engine finishes the request in flight but starts no other, and the next one picks up every pending document', async () => {
    const c = await suite.client();
    await c.engine.whenIdle();
    c.network.hang = true;
    const first = await c.repo.create(c.owner(), sampleContent('First'));
    await waitFor('the first create to be in flight', () => c.network.hangingCount > 0);
    const second = await c.repo.create(c.owner(), sampleContent('Second'));
    const stopped = c.engine.stop();
    await c.network.release();
    await stopped;
    expect(requestsOf(c, 'POST').map((r) => r.status)).toEqual([201]);
    const sentAfterStop = c.network.requests.length;
    // Proving that nothing is sent needs a wait: well past TEST_TIMING's push debounce and
    // first back-off, the times after which a stopped engine that still scheduled would send.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(c.network.requests.length).toBe(sentAfterStop);
    expect(c.engine.getStatus().running).toBe(false);
    expect((await localDoc(c, first.id))?.syncState).toBe('synced');
    expect((await localDoc(c, second.id))?.syncState).toBe('pending');
    await c.restartEngine();
    await c.engine.whenIdle();
    await expectSyncedWithServer(c, first.id);
    await expectSyncedWithServer(c, second.id);
    expect((await guestTemplateIds(c)).sort()).toEqual([first.id, second.id].sort());
  });
});

describe('sync now', () => {
  it('Sync now pressed while a push is failing runs a fresh cycle and resolves with everything synced', async () => {
    const c = await suite.client();
    const id = await createSynced(c, 'Before');
    c.network.hang = true;
    await c.repo.update(id, { name: 'Needs a retry' });
    await waitFor('the change to be in flight', () => c.network.hangingCount > 0);
    // The request already on its way fails; Sync now was pressed after it left.
    c.network.failNext = 1;
    const syncing = c.engine.syncNow();
    await c.network.release();
    await syncing;
    expect(requestsOf(c, 'PATCH').map((r) => r.status)).toEqual([500, 200]);
    await expectSyncedWithServer(c, id);
    expect((await serverTemplate(suite.live, c, id)).body.name).toBe('Needs a retry');
  });
});

describe('a refused push', () => {
  it('goes to error with the server message, other templates still sync, and a fixed edit syncs', async () => {
    const c = await suite.client();
    await c.engine.whenIdle();
    // A guest is on the FREE plan, which cannot make location games (SPEC §6): 403.
    const refused = await c.repo.create(c.owner(), {
      ...sampleContent('Treasure hunt'),
      gameType: 'location',
    });
    const fine = await c.repo.create(c.owner(), sampleContent('Ordinary quiz'));
    await c.engine.whenIdle();
    const doc = await localDoc(c, refused.id);
    expect(doc?.syncState).toBe('error');
    expect(doc?.lastError?.status).toBe(403);
    expect(doc?.lastError?.message).toMatch(/\w{5,}/);
    expect(doc?.lastError?.nextAttemptAt).toBeNull();
    expect(c.engine.getStatus().errorCount).toBe(1);
    const failure = c.engine
      .getStatus()
      .recentFailures.find((f) => f.templateId === refused.id && f.status === 403);
    expect(failure?.message).toBe(doc?.lastError?.message);
    expect((await serverTemplate(suite.live, c, refused.id)).status).toBe(404);
    await expectSyncedWithServer(c, fine.id);

    // Refused documents are not retried by themselves.
    const posts = requestsOf(c, 'POST').length;
    c.engine.requestPush(0);
    await c.engine.whenIdle();
    expect(requestsOf(c, 'POST').length).toBe(posts);

    await c.repo.update(refused.id, { gameType: 'quiz' });
    await c.engine.whenIdle();
    await expectSyncedWithServer(c, refused.id);
    expect((await localDoc(c, refused.id))?.lastError).toBeNull();
    expect(c.engine.getStatus().errorCount).toBe(0);
    expect((await serverTemplate(suite.live, c, refused.id)).body.gameType).toBe('quiz');
  });

  it('a refused change keeps the local content and the last server state as its base', async () => {
    const c = await suite.client();
    const id = await createSynced(c, 'Quiz');
    await c.repo.update(id, { gameType: 'location', name: 'Now a hunt' });
    await c.engine.whenIdle();
    const doc = await localDoc(c, id);
    expect(doc?.syncState).toBe('error');
    expect(doc?.lastError?.status).toBe(403);
    expect(doc?.content.name).toBe('Now a hunt');
    expect(doc?.server?.revision).toBe(1);
    await c.repo.update(id, { gameType: 'quiz' });
    await c.engine.whenIdle();
    await expectSyncedWithServer(c, id);
    expect((await serverTemplate(suite.live, c, id)).body).toMatchObject({
      name: 'Now a hunt',
      gameType: 'quiz',
      revision: 2,
    });
    expect(contentOf((await serverTemplate(suite.live, c, id)).body).name).toBe('Now a hunt');
  });
});
