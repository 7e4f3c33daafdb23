/**
 * A guest builds before signing up (docs/sync.md, "Guests and identify"): after sign-up the
 * engine calls POST /users/identify, re-keys the local documents to the user, pushes what is
 * still only on the device, and pulls for the user, so the work is the user's on the server.
 */
import { describe, expect, it } from 'vitest';
import { readConflictLog } from '../../../sync/conflictLog';
import { deepEqual } from '../../../sync/merge';
import { signUp } from '../support/clients';
import {
  localDoc,
  sampleContent,
  serverContent,
  serverList,
  useSyncSuite,
  waitFor,
  type Client,
} from './harness';

const suite = useSyncSuite();

async function signUpOn(c: Client) {
  const account = await signUp(suite.live.server);
  // The page keeps the guest's AnonId (cookie wgAnonId) and now also has a session.
  c.identity.token = account.token;
  c.identity.userId = account.userId;
  return account;
}

describe('guest then sign-up', () => {
  it("a guest's pushed and offline-only templates are the user's on the server after sign-up, and local documents are re-keyed", async () => {
    const c = await suite.client();
    const anonId = c.identity.anonId!;
    const pushed = await c.repo.create(c.owner(), sampleContent('Pushed as a guest'));
    await c.engine.whenIdle();
    c.network.offline = true;
    c.engine.notify('offline');
    const offlineOnly = await c.repo.create(c.owner(), sampleContent('Only on the device'));
    await c.repo.update(pushed.id, { description: 'Edited offline as a guest' });
    expect((await serverList(suite.live, { anonid: anonId })).map((t) => t.id)).toEqual([
      pushed.id,
    ]);

    c.network.offline = false;
    c.engine.notify('online');
    const account = await signUpOn(c);
    await c.engine.identityChanged();
    await c.engine.whenIdle();

    expect(c.identity.anonId).toBe(anonId);
    const identify = c.network.requests.filter((r) => r.url.endsWith('/v1/users/identify'));
    expect(identify.map((r) => r.status)).toEqual([200]);
    const userList = await serverList(suite.live, { authorization: `Bearer ${account.token}` });
    expect(userList.map((t) => t.id).sort()).toEqual([pushed.id, offlineOnly.id].sort());
    expect(await serverList(suite.live, { anonid: anonId })).toEqual([]);
    for (const id of [pushed.id, offlineOnly.id]) {
      const doc = await localDoc(c, id);
      expect(doc?.owner).toBe(`user:${account.userId}`);
      expect(doc?.syncState).toBe('synced');
      expect(deepEqual(doc?.content, await serverContent(suite.live, c, id))).toBe(true);
    }
    expect(userList.find((t) => t.id === pushed.id)?.description).toBe('Edited offline as a guest');
    // identify keeps revisions: the guest's pending edit applied at its revision, no conflict.
    expect(userList.find((t) => t.id === pushed.id)?.revision).toBe(2);
    expect(await readConflictLog(c.db)).toEqual([]);
    expect(c.engine.getStatus()).toMatchObject({
      owner: `user:${account.userId}`,
      pendingCount: 0,
      errorCount: 0,
    });
  });

  it('sign-up while offline: identify waits for the network, then the work moves to the user', async () => {
    const c = await suite.client();
    const anonId = c.identity.anonId!;
    const pushed = await c.repo.create(c.owner(), sampleContent('Pushed as a guest'));
    await c.engine.whenIdle();
    c.network.offline = true;
    c.engine.notify('offline');
    const offlineOnly = await c.repo.create(c.owner(), sampleContent('Only on the device'));
    const account = await signUpOn(c);
    await c.engine.identityChanged();
    await waitFor('identify to be tried, and to fail offline', () =>
      c.network.requests.some(
        (r) => r.url.endsWith('/v1/users/identify') && r.status === 'network-error',
      ),
    );
    // Nothing reached the server yet: the guest still owns the pushed one.
    expect((await serverList(suite.live, { anonid: anonId })).map((t) => t.id)).toEqual([
      pushed.id,
    ]);
    c.network.offline = false;
    c.engine.notify('online');
    await c.engine.whenIdle();

    const userList = await serverList(suite.live, { authorization: `Bearer ${account.token}` });
    expect(userList.map((t) => t.id).sort()).toEqual([pushed.id, offlineOnly.id].sort());
    expect(await serverList(suite.live, { anonid: anonId })).toEqual([]);
    for (const id of [pushed.id, offlineOnly.id]) {
      expect((await localDoc(c, id))?.owner).toBe(`user:${account.userId}`);
      expect((await localDoc(c, id))?.syncState).toBe('synced');
    }
  });

  it("the user's other device receives the guest's work after sign-up", async () => {
    const c = await suite.client();
    const made = await c.repo.create(c.owner(), sampleContent('Built as a guest'));
    await c.engine.whenIdle();
    const account = await signUpOn(c);
    await c.engine.identityChanged();
    await c.engine.whenIdle();

    const other = await suite.client({
      identity: { token: account.token, userId: account.userId, anonId: null },
    });
    await other.engine.whenIdle();
    const doc = await localDoc(other, made.id);
    expect(doc?.owner).toBe(`user:${account.userId}`);
    expect(doc?.content.name).toBe('Built as a guest');
    // And edits from that device reach the first one.
    await other.repo.update(made.id, { name: 'Renamed on the other device' });
    await other.engine.whenIdle();
    await c.engine.syncNow();
    expect((await localDoc(c, made.id))?.content.name).toBe('Renamed on the other device');
  });
});
