/**
 * The organiser's app offline (docs/offline-app.md): after one visit the service
 * worker has the whole app, so any organiser route opens offline — screens never visited
 * included — while /play and /live are never answered with the organiser's page. A new version
 * waits for the user's "Reload" and never reloads the page by itself.
 */
import { appendFileSync, cpSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startShellServer } from './support/shellServer';

const STATIC_DIR = path.resolve(process.env.STATIC_DIR ?? 'dist');
/** Installing precaches about 2 MB from loopback; generous for a busy two-core machine. */
const INSTALL_TIMEOUT_MS = 20_000;

/** Waits until the service worker has installed (precached the app) and controls the page. */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    null,
    {
      timeout: INSTALL_TIMEOUT_MS,
    },
  );
}

test('the app loads offline after one visit, on routes never opened', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Teamtrail', level: 1 })).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  try {
    // Never visited: its lazy chunk comes from the precache.
    await page.goto('/diagnostics');
    await expect(page.getByRole('heading', { name: 'Sync diagnostics', level: 1 })).toBeVisible();

    await page.goto('/activity/type');
    await expect(
      page.getByRole('heading', { name: 'Where will your activity take place...' }),
    ).toBeVisible();

    await page.goto('/');
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'Welcome to Teamtrail', level: 1 }),
    ).toBeVisible();

    // The phone player and the live screens are pages of their own: the worker leaves them to
    // the network (offline: the browser's error), never the organiser's index.html.
    for (const url of ['/play', '/live/some-game']) {
      await expect(page.goto(url)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    }
  } finally {
    await context.setOffline(false);
  }
});

test('the service worker script is revalidated on every update check', async ({ request }) => {
  const response = await request.get('/sw.js');
  expect(response.ok()).toBe(true);
  expect(response.headers()['cache-control']).toBe('no-cache');
});

test('a new version shows "Update available" and reloads only on the user’s Reload', async ({
  page,
  baseURL,
}) => {
  // A copy of the build, so that its sw.js can change as a deployment would change it.
  const root = mkdtempSync(path.join(tmpdir(), 'teamtrail-e2e-sw-'));
  cpSync(STATIC_DIR, root, { recursive: true });
  const shell = await startShellServer({ root, apiOrigin: baseURL ?? '' });
  try {
    await page.goto(`${shell.origin}/diagnostics`);
    await expect(page.getByRole('heading', { name: 'Sync diagnostics', level: 1 })).toBeVisible();
    await waitForServiceWorker(page);
    const prompt = page.getByRole('status', { name: 'Update available' });
    await expect(prompt).toHaveCount(0);

    // A new deployment: the worker's script changes. The tab finds it on its next check.
    appendFileSync(path.join(root, 'sw.js'), '\n// the next version\n');
    await page.evaluate(() => {
      (window as { unsavedWork?: string }).unsavedWork = 'a half-filled form';
    });
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });

    await expect(prompt).toBeVisible({ timeout: INSTALL_TIMEOUT_MS });
    await expect(prompt).toContainText('A new version of Teamtrail is ready.');
    // The new version waits, and the page was not reloaded under the organiser's hands.
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: registration?.waiting?.state ?? null,
          unsavedWork: (window as { unsavedWork?: string }).unsavedWork ?? null,
        };
      }),
    ).toEqual({ waiting: 'installed', unsavedWork: 'a half-filled form' });

    // The reload comes once the new worker is in control; evaluating during it would fail.
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(
      await page.evaluate(() => (window as { unsavedWork?: string }).unsavedWork ?? null),
    ).toBeNull();
    await expect(page.getByRole('heading', { name: 'Sync diagnostics', level: 1 })).toBeVisible();
    await waitForServiceWorker(page);
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.waiting ?? null;
      }),
    ).toBeNull();
    await expect(prompt).toHaveCount(0);
  } finally {
    await shell.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('a screen whose code is gone after a deployment offers a reload, not the error screen', async ({
  browser,
  baseURL,
}) => {
  const root = mkdtempSync(path.join(tmpdir(), 'teamtrail-e2e-sw-'));
  cpSync(STATIC_DIR, root, { recursive: true });
  const shell = await startShellServer({ root, apiOrigin: baseURL ?? '' });
  // A tab without the service worker: the one case where old chunks are not kept for it.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    // The Dashboard's chunk is not needed on /sign-in; the sidebar's Dashboard link loads it.
    await page.goto(`${shell.origin}/sign-in`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const assets = path.join(root, 'assets');
    const dashboardChunk = readdirSync(assets).find((file) => /^DashboardPage-.*\.js$/.test(file));
    if (!dashboardChunk) throw new Error('The build has no DashboardPage chunk');
    const kept = path.join(root, dashboardChunk);
    renameSync(path.join(assets, dashboardChunk), kept);

    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(
      page.getByRole('heading', { name: 'Teamtrail has been updated', level: 1 }),
    ).toBeVisible();
    await expect(page.getByTestId('fallback-error-screen')).toHaveCount(0);

    // The "new version" is in place: Reload brings the screen.
    renameSync(kept, path.join(assets, dashboardChunk));
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(
      page.getByRole('heading', { name: 'Welcome to Teamtrail', level: 1 }),
    ).toBeVisible();
  } finally {
    await context.close();
    await shell.close();
    rmSync(root, { recursive: true, force: true });
  }
});
