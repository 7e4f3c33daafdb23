/**
 * Where SharedWorker is missing (Chrome on Android, for one), the tabs elect a leader with a Web
 * Lock and only the leader runs the sync engine in a dedicated worker (src/localdb/syncClient.ts).
 * Every tab of these tests lacks SharedWorker.
 */
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { openHarness, type HarnessPage } from './support/harnessPage';
import { serverName } from './support/serverTemplates';

const SYNC_TIMEOUT_MS = 30_000;

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    delete (window as { SharedWorker?: unknown }).SharedWorker;
  });
});

async function openTabs(context: BrowserContext, origin: string) {
  const tabs = [
    await openHarness(await context.newPage(), origin),
    await openHarness(await context.newPage(), origin),
  ];
  for (const tab of tabs) {
    expect(await tab.page.evaluate(() => typeof SharedWorker)).toBe('undefined');
  }
  // The first tab gets the lock; the second waits for it.
  await expect
    .poll(() => Promise.all(tabs.map((tab) => tab.mode())))
    .toEqual(['dedicated-worker', 'follower']);
  const [leader, follower] = tabs as [HarnessPage, HarnessPage];
  return { leader, follower };
}

test('without SharedWorker exactly one tab leads, and an edit made in a follower tab reaches the server', async ({
  context,
  api,
  shell,
}) => {
  const { leader, follower } = await openTabs(context, shell.origin);
  const anonId = await follower.anonId();

  const id = await follower.createTemplate('Made in a follower tab');
  await expect
    .poll(() => serverName(api, anonId, id), { timeout: SYNC_TIMEOUT_MS })
    .toBe('Made in a follower tab');
  await follower.rename(id, 'Renamed in a follower tab');
  await expect
    .poll(() => serverName(api, anonId, id), { timeout: SYNC_TIMEOUT_MS })
    .toBe('Renamed in a follower tab');
  await expect
    .poll(() => follower.readLocal(id), { timeout: SYNC_TIMEOUT_MS })
    .toMatchObject({ state: 'synced', revision: 2 });

  // The follower sees the leader's sync status (its save indicator is not stuck on loading),
  // and its "Sync now" reaches the leader's engine: the last pull moves on.
  await expect
    .poll(async () => (await follower.syncStatus())?.online ?? null, { timeout: SYNC_TIMEOUT_MS })
    .toBe(true);
  const pulledBefore = (await follower.syncStatus())!.lastPullAt;
  await follower.syncNow();
  await expect
    .poll(async () => (await follower.syncStatus())?.lastPullAt, { timeout: SYNC_TIMEOUT_MS })
    .not.toBe(pulledBefore);

  // Still exactly one leader after all that.
  expect([await leader.mode(), await follower.mode()]).toEqual(['dedicated-worker', 'follower']);
});

test('when the leading tab closes, a follower takes over and keeps syncing', async ({
  context,
  api,
  shell,
}) => {
  const { leader, follower } = await openTabs(context, shell.origin);
  const anonId = await follower.anonId();
  const id = await follower.createTemplate('Before the leader left');
  await expect
    .poll(() => serverName(api, anonId, id), { timeout: SYNC_TIMEOUT_MS })
    .toBe('Before the leader left');

  await leader.page.close();
  await expect.poll(() => follower.mode(), { timeout: SYNC_TIMEOUT_MS }).toBe('dedicated-worker');

  await follower.rename(id, 'After the leader left');
  await expect
    .poll(() => serverName(api, anonId, id), { timeout: SYNC_TIMEOUT_MS })
    .toBe('After the leader left');
  const id2 = await follower.createTemplate('Made by the new leader');
  await expect
    .poll(() => serverName(api, anonId, id2), { timeout: SYNC_TIMEOUT_MS })
    .toBe('Made by the new leader');
});
