/**
 * No edit window, with the browser killed: what an organiser types in the
 * builder survives the browser being killed (SIGKILL) right after the keystroke. A guest types a
 * sentence at a fast typist's pace into a task's question, or into the activity's name, and
 * Chromium — all its processes at once — is killed 10 ms after the last character reached the
 * field (its input event; the key is still down): no unload, no `beforeunload`, no flush. Started
 * again on the same profile, it shows the whole sentence.
 *
 * A reload (e2e/data-safety-drafts.spec.ts) still runs the page's own code as it leaves, and the
 * tab's sessionStorage outlives it; a crash gives the page nothing, so only what is already in the
 * device's storage counts. The network is cut before typing, so the server's copy (the blank
 * activity, synced before) cannot be what brings the text back. Chromium is started by hand
 * (e2e/support/crashableChromium.ts) so that it can be killed like a crash.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { builderTest, firstTask } from './support/builder';
import {
  killChromium,
  pageOf,
  startChromium,
  type RunningBrowser,
} from './support/crashableChromium';
import type { NetworkCut } from './support/networkCut';
import { ONBOARDING_DONE_ITEMS } from './support/onboarding';

/**
 * From the moment the field holds the last character to the kill. The product's target is a
 * keystroke durable within 50 ms; the draft writer puts it in the drafts store within a few.
 * Without the drafts store (the RxDB write alone) these tests fail most runs at 5–20 ms (checked).
 */
const KILL_AFTER_LAST_KEY_MS = 10;
/** Between two keystrokes: a fast typist. */
const KEY_DELAY_MS = 30;

const test = builderTest.extend({
  baseURL: async ({ network }, use) => use(network.origin),
});

/** Opens `route` as an organiser who has seen the builder's onboarding before. */
async function openAsOrganiser(page: Page, origin: string, route: string) {
  // Set again after every start: a killed browser may not have written local storage yet.
  await page.goto(`${origin}/`);
  await page.evaluate((items) => {
    for (const { name, value } of items) localStorage.setItem(name, value);
  }, ONBOARDING_DONE_ITEMS);
  await page.goto(`${origin}${route}`);
}

/**
 * When a field of the page holds `typed`, told by the field's own input event (through a binding
 * the page calls at once), not by Playwright's answer to the key event.
 */
async function whenAFieldHolds(page: Page, typed: string): Promise<{ arrived: Promise<void> }> {
  let resolve!: () => void;
  const arrived = new Promise<void>((done) => (resolve = done));
  await page.exposeFunction('__crashTypingFieldHolds', () => resolve());
  await page.evaluate((text) => {
    const binding = window as unknown as { __crashTypingFieldHolds(): void };
    const listener = (event: Event) => {
      if ((event.target as HTMLInputElement | HTMLTextAreaElement).value !== text) return;
      document.removeEventListener('input', listener, true);
      binding.__crashTypingFieldHolds();
    };
    document.addEventListener('input', listener, true);
  }, typed);
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`No field came to hold "${typed}"`)), 15_000).unref(),
  );
  return { arrived: Promise.race([arrived, timeout]) };
}

interface CrashWhileTyping {
  network: NetworkCut;
  /** The builder screen the field is on, under /builder/{id}. */
  screen: 'tasks' | 'overview';
  /** The field on that screen, ready to be typed into. */
  field: (page: Page) => Promise<Locator>;
  typed: string;
}

/**
 * A guest opens a blank activity (synced), the network goes, `typed` is typed into the field, and
 * the browser is killed `KILL_AFTER_LAST_KEY_MS` after the last key; started again on the same
 * profile, the field holds `typed`.
 */
async function typeThenKill({ network, screen, field, typed }: CrashWhileTyping) {
  const profile = mkdtempSync(path.join(tmpdir(), 'teamtrail-crash-typing-profile-'));
  let running: RunningBrowser | null = null;
  try {
    running = await startChromium(profile);
    let page = await pageOf(running);
    await openAsOrganiser(page, network.origin, '/builder');
    await expect(page).toHaveURL(/\/builder\/[0-9a-f-]{36}/);
    const id = /\/builder\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await page.goto(`${network.origin}/builder/${id}/${screen}`);
    const input = await field(page);
    // The blank activity is on the server: what it would bring back is the field without the text.
    await expect(page.getByText('All changes synced')).toBeVisible({ timeout: 30_000 });

    await test.step(`typed, then killed ${KILL_AFTER_LAST_KEY_MS} ms after the last key`, async () => {
      // Offline from here on: only the device's own storage can bring the text back.
      network.cut();
      await input.click();
      await input.press('ControlOrMeta+a');
      const lastKey = await whenAFieldHolds(page, typed);
      await page.keyboard.type(typed.slice(0, -1), { delay: KEY_DELAY_MS });
      await page.waitForTimeout(KEY_DELAY_MS);
      // The browser dies before the last key comes up; its character is in the field once it is
      // down. Playwright answers a key event only once the page has handled it, which can be tens
      // of milliseconds later: the time counts from the field's own input event.
      void page.keyboard.down(typed.slice(-1)).catch(() => undefined);
      await lastKey.arrived;
      await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_LAST_KEY_MS));
      await killChromium(running!);
      await running!.browser.close().catch(() => undefined);
      running = null;
    });

    await test.step('started again on the same profile', async () => {
      network.restore();
      running = await startChromium(profile);
      page = await pageOf(running);
      await openAsOrganiser(page, network.origin, `/builder/${id}/${screen}`);
      await expect(await field(page)).toHaveValue(typed);
    });
  } finally {
    if (running) {
      await killChromium(running);
      await running.browser.close().catch(() => undefined);
    }
    network.restore();
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

test.describe('no edit window: typed text survives the browser being killed', () => {
  // Each test starts its own API server (embedded PGlite) and Chromium twice.
  test.describe.configure({ timeout: 180_000 });
  test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

  test('a question typed 10 ms before the browser is killed is there when it starts again', async ({
    network,
  }) => {
    await typeThenKill({
      network,
      screen: 'tasks',
      field: async (page) => (await firstTask(page)).getByLabel('Question', { exact: true }),
      typed: 'Which shop lent the founders their first chairs?',
    });
  });

  test('an activity name typed 10 ms before the browser is killed is there when it starts again', async ({
    network,
  }) => {
    await typeThenKill({
      network,
      screen: 'overview',
      field: async (page) => page.getByLabel(/^Name/),
      typed: 'Friday team quiz at the old mill',
    });
  });
});
