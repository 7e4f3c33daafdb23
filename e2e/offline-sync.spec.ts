/**
 * The offline journey in Chromium, on the app's real data layer (the test-only harness,
 * e2e/harness): an edit made while the network is down is kept on the device across a reload,
 * and reaches the server by itself once the network is back; other tabs see it.
 *
 * "Offline" is the network cut between the browser and the server (e2e/support/networkCut.ts),
 * as users lose it: it reaches the SharedWorker's requests too, and the browser is not told, so
 * `navigator.onLine` stays true and no `online` event fires on the way back. The app has to find
 * out by itself, and the page reloads from a stand-in for the service worker's cached shell.
 */
import { expect, test } from './support/fixtures';
import { serveShellFromCache } from './support/cachedShell';
import { harnessOf, openHarness } from './support/harnessPage';
import { serverName, serverTemplate } from './support/serverTemplates';

/** Without an `online` event the engine finds the network back by its own retries (sync/constants.ts). */
const RECONNECT_TIMEOUT_MS = 120_000;

test('an edit made offline is kept across a reload and reaches the server by itself when it is back', async ({
  context,
  page,
  api,
  network,
}) => {
  test.setTimeout(300_000);
  const tab = await openHarness(page, network.origin);
  const anonId = await tab.anonId();
  const id = await tab.createTemplate('Team quiz');

  await test.step('a template made as a guest reaches the server', async () => {
    await expect.poll(() => serverName(api, anonId, id), { timeout: 30_000 }).toBe('Team quiz');
    await expect
      .poll(() => tab.readLocal(id), { timeout: 30_000 })
      .toMatchObject({ state: 'synced', allChangesOnServer: true, revision: 1 });
  });

  const renamed = 'Team quiz (edited offline)';
  await test.step('an edit made offline is written on the device and waits as pending', async () => {
    network.cut();

    const localWriteMs = await tab.rename(id, renamed);
    test.info().annotations.push({
      type: 'offline edit → durable local write',
      description: `${localWriteMs.toFixed(1)} ms`,
    });
    expect(await tab.readLocal(id)).toMatchObject({
      name: renamed,
      state: 'pending',
      allChangesOnServer: false,
    });
    // The push fails without an answer (not a 502): the engine knows it is offline, although
    // the browser still says it is online.
    await expect
      .poll(async () => (await tab.syncStatus())?.online, { timeout: 30_000 })
      .toBe(false);
    expect((await tab.syncStatus())?.pendingCount).toBe(1);
    expect(await tab.online(), 'the browser is not told of a cut').toBe(true);
  });

  await test.step('after a reload the edit is still there and still pending', async () => {
    const stopServingShell = await serveShellFromCache(context, network.origin);
    await page.reload();
    await page.waitForFunction(() => window.harness !== undefined);
    expect(await tab.readLocal(id)).toMatchObject({
      name: renamed,
      state: 'pending',
      allChangesOnServer: false,
    });
    // After the reload the app still knows it is offline: its own requests fail.
    await expect
      .poll(async () => (await tab.syncStatus())?.online, { timeout: 30_000 })
      .toBe(false);
    expect((await tab.syncStatus())?.pendingCount).toBe(1);
    await stopServingShell();
  });

  const secondTab = harnessOf(await context.newPage());
  await test.step('a second tab opened meanwhile sees the pending edit', async () => {
    const stopServingShell = await serveShellFromCache(context, network.origin);
    await secondTab.page.goto(`${network.origin}/`);
    await secondTab.page.waitForFunction(() => window.harness !== undefined);
    expect(await secondTab.readLocal(id)).toMatchObject({ name: renamed, state: 'pending' });
    await stopServingShell();
  });

  await test.step('once the network is back, the edit reaches it without anything done here', async () => {
    network.restore();
    await expect
      .poll(() => serverName(api, anonId, id), { timeout: RECONNECT_TIMEOUT_MS })
      .toBe(renamed);
    expect(await serverTemplate(api, anonId, id)).toMatchObject({ status: 200, revision: 2 });
    await expect
      .poll(() => tab.readLocal(id), { timeout: 30_000 })
      .toMatchObject({ name: renamed, state: 'synced', allChangesOnServer: true, revision: 2 });
  });

  await test.step('the second tab sees the synced edit in its local database', async () => {
    await expect
      .poll(() => secondTab.readLocal(id), { timeout: 30_000 })
      .toMatchObject({ name: renamed, state: 'synced', allChangesOnServer: true, revision: 2 });
  });
});

test('after a server restart, with no online event, a pending edit reaches the server by itself', async ({
  page,
  api,
  network,
}) => {
  test.setTimeout(180_000);
  const tab = await openHarness(page, network.origin);
  const anonId = await tab.anonId();
  const id = await tab.createTemplate('Before the restart');
  await expect
    .poll(() => serverName(api, anonId, id), { timeout: 30_000 })
    .toBe('Before the restart');

  await api.stop();
  await tab.rename(id, 'Edited while the server restarted');
  await expect.poll(async () => (await tab.syncStatus())?.online, { timeout: 30_000 }).toBe(false);
  await api.start();
  // The browser never went offline, so it sends no `online` event: the engine's own probe
  // finds the server again (bench/sync.ts measures how soon).
  await expect
    .poll(() => serverName(api, anonId, id), { timeout: 60_000 })
    .toBe('Edited while the server restarted');
  await expect.poll(async () => (await tab.syncStatus())?.online, { timeout: 30_000 }).toBe(true);
});
