/**
 * A guest's identity is as durable as the guest's work. A guest builds offline
 * and the browser is killed (SIGKILL) 10 s after the first visit — before Chromium writes its
 * cookies to disk — then started again on the same profile. The work is there, under the same
 * guest id (kept in IndexedDB with the data, src/localdb/guestIdentity.ts), and reaches the server
 * once the network is back. Chromium is started by hand (not by Playwright) so that it can be
 * killed like a crash, and reached over the DevTools protocol.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { builderTest } from './support/builder';
import {
  killChromium,
  pageOf,
  startChromium,
  type RunningBrowser,
} from './support/crashableChromium';
import { ONBOARDING_DONE_ITEMS } from './support/onboarding';

const FIRST_VISIT_TO_CRASH_MS = 10_000;

const guestIdCookie = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'wgAnonId')?.value ?? null;

const test = builderTest.extend({
  baseURL: async ({ network }, use) => use(network.origin),
});

test('a guest’s work and identity survive a browser killed 10 s after the first visit, and reach the server', async ({
  network,
  api,
}) => {
  test.setTimeout(180_000);
  const profile = mkdtempSync(path.join(tmpdir(), 'teamtrail-crash-profile-'));
  let running: RunningBrowser | null = null;
  try {
    running = await startChromium(profile);
    let page = await pageOf(running);
    const firstVisit = Date.now();
    await page.goto(`${network.origin}/`);
    await page.evaluate((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, ONBOARDING_DONE_ITEMS);
    await page.goto(`${network.origin}/builder`);
    await expect(page).toHaveURL(/\/builder\/[0-9a-f-]{36}/);
    const activity = /\/builder\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    const guestId = await guestIdCookie(page);
    expect(guestId).toMatch(/^[0-9a-f-]{36}$/);

    // Offline from here on: the edit exists only on this device when the browser dies.
    network.cut();
    await page.getByLabel(/^Name/).fill('Built as a guest before the crash');
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await page.waitForTimeout(Math.max(0, FIRST_VISIT_TO_CRASH_MS - (Date.now() - firstVisit)));
    // All of the browser's processes at once, as a crash does, and gone before it starts again.
    await killChromium(running);
    running = null;

    network.restore();
    running = await startChromium(profile);
    page = await pageOf(running);
    await page.goto(`${network.origin}/builder`);
    await expect(page).toHaveURL(new RegExp(`/builder/${activity}`));
    await expect(page.getByLabel(/^Name/)).toHaveValue('Built as a guest before the crash');
    expect(await guestIdCookie(page), 'the same guest id, restored').toBe(guestId);
    await expect(page.getByText('All changes synced')).toBeVisible({ timeout: 30_000 });

    const onServer = await fetch(`${api.origin}/v1/templates/${activity}`, {
      headers: { anonid: guestId! },
    });
    expect(onServer.status).toBe(200);
    expect(((await onServer.json()) as { name: string }).name).toBe(
      'Built as a guest before the crash',
    );
  } finally {
    if (running) {
      // Every process of the browser, waited for: one left running kept writing to the profile
      // while it was removed (ENOTEMPTY in a CI run).
      await killChromium(running);
      await running.browser.close().catch(() => undefined);
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
});
