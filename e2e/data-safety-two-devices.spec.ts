/**
 * Per-field merge in the built app: two devices of one organiser, one offline, and an edit of
 * the same task on each (docs/sync.md, "The engine"; merge rule 2 in sync/merge.ts, the field
 * stamps of src/domain/fieldStamps.ts). Each device is a browser context of its own (its own
 * storage, its own SharedWorker) behind its own network (e2e/support/networkCut.ts); the
 * organiser is a guest on both, the second device's `wgAnonId` cookie naming the first's id.
 * - The later edit of a field wins, field by field: device A's offline edit of a task's question
 *   loses to device B's later, online edit of it, although A's last edit of the activity (its
 *   description, made after B's edit) is later still. The merge used to compare A's last edit of
 *   anything with the server's `updatedAt`, and A's older question won. A's other edit stands,
 *   both devices and the server agree, A's builder says what the merge replaced, and "Restore
 *   mine" puts A's question back, which reaches B without disturbing it.
 * - One clock: the same with device A's clock ten minutes ahead, in its page and in its
 *   SharedWorker. A's edits are stamped on the server's time, which its engine measured while
 *   online (`x-server-time`, sync/clockOffset.ts), so the device that runs ahead does not win.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { Template } from '../src/domain/schemas';
import {
  BUILT_APP,
  builderTest as test,
  fillTaskCard,
  guestAnonId,
  taskCards,
  type JourneyTask,
  firstTask,
} from './support/builder';
import { startNetworkCut, type NetworkCut } from './support/networkCut';
import { onboardingDoneState } from './support/onboarding';
import { startShellServer, type ShellServer } from './support/shellServer';

const SHOTS = 'test-results/screenshots';
const VIEWPORT = { width: 1440, height: 900 };
const ACTIVITY_URL = /\/builder\/([0-9a-f-]{36})(\/|\?|$)/;
/** The engine finds the network back by its own probes (no `online` event after a cut). */
const RECONNECT_TIMEOUT_MS = 60_000;
const SYNC_TIMEOUT_MS = 30_000;
const SKEW_MS = 10 * 60_000;

const TASK: JourneyTask = {
  type: 'freeText',
  name: 'Capital city',
  text: 'Which city is the capital of France?',
  answer: 'Paris',
  points: 10,
};
const ACTIVITY_NAME = 'Two devices quiz';
const A_TEXT = 'A, offline, first';
const B_TEXT = 'B, online, later';
const A_DESCRIPTION = 'A, offline, last: ten questions for the Friday team';

// ---------------------------------------------------------------------------------------------
// Devices

interface Device {
  readonly page: Page;
  /** This device's own network to the shell server; only A's is ever cut. */
  readonly network: NetworkCut;
  close(): Promise<void>;
}

/**
 * Replaces the JavaScript clock of the context it runs in by one `skewMs` ahead: `Date.now()`,
 * `new Date()` and `Date()`; every Date stays an `instanceof Date`. As a device whose clock is
 * wrong, for what the app can see of it.
 */
function dateSkewScript(skewMs: number): string {
  return `(() => {
  const skew = ${skewMs};
  const RealDate = Date;
  function SkewedDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + skew).toString();
    return args.length === 0 ? new RealDate(RealDate.now() + skew) : new RealDate(...args);
  }
  SkewedDate.prototype = RealDate.prototype;
  SkewedDate.now = () => RealDate.now() + skew;
  SkewedDate.parse = RealDate.parse;
  SkewedDate.UTC = RealDate.UTC;
  globalThis.Date = SkewedDate;
})();
`;
}

/**
 * A copy of the build whose sync worker starts with the clock skew: `page.clock` and init
 * scripts reach pages only, never a SharedWorker, so the worker's own script carries it. The
 * worker is one module without static imports (checked), so the prefix runs before its code.
 */
function skewedBuild(skewMs: number): string {
  const root = mkdtempSync(path.join(tmpdir(), 'teamtrail-skewed-'));
  try {
    cpSync(BUILT_APP, root, { recursive: true });
    const assets = path.join(root, 'assets');
    const workers = readdirSync(assets).filter((file) => /^sync\.worker-[\w-]+\.js$/.test(file));
    if (workers.length !== 1) throw new Error(`Expected one sync worker in ${assets}: ${workers}`);
    const file = path.join(assets, workers[0]!);
    const source = readFileSync(file, 'utf8');
    // A bundle's static imports come first.
    if (/^\s*import\s*[{*"'`\w]/.test(source)) {
      throw new Error('The sync worker imports other modules: a prefix would not run first.');
    }
    writeFileSync(file, dateSkewScript(skewMs) + source);
    return root;
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/** A device: a browser context of its own behind its own network to `shellOrigin`. */
async function openDevice(
  browser: Browser,
  shellOrigin: string,
  options: { anonId?: string; skewMs?: number } = {},
): Promise<Device> {
  const network = await startNetworkCut(shellOrigin);
  const context = await browser.newContext({
    baseURL: network.origin,
    storageState: onboardingDoneState(network.origin),
    viewport: VIEWPORT,
  });
  // The same guest as the first device: the cookie is there before the first visit.
  if (options.anonId) {
    await context.addCookies([{ name: 'wgAnonId', value: options.anonId, url: network.origin }]);
  }
  if (options.skewMs) await context.addInitScript({ content: dateSkewScript(options.skewMs) });
  const page = await context.newPage();
  return {
    page,
    network,
    close: async () => {
      await context.close();
      await network.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The builder

const syncIndicator = (page: Page) => page.getByTestId('sync-indicator');
const mergeNotice = (page: Page) =>
  page.getByRole('region', { name: 'Changes from another device' });

async function expectAllSynced(page: Page, timeout = SYNC_TIMEOUT_MS) {
  await expect(syncIndicator(page)).toHaveAttribute('data-tone', 'synced', { timeout });
  await expect(syncIndicator(page)).toContainText('All changes synced');
}

const question = (card: Locator) => card.getByLabel('Question', { exact: true });

async function openTasksFromOverview(page: Page) {
  await page
    .getByRole('navigation', { name: 'Activity sections' })
    .getByRole('link', { name: /^Tasks/ })
    .click();
  await expect(page).toHaveURL(/\/tasks$/);
}

async function backToOverview(page: Page) {
  await page.getByRole('link', { name: 'Back to Overview' }).click();
  await expect(page.getByLabel('Description')).toBeVisible();
}

/** The server's copy, as the guest (GET /v1/templates/{id} with the AnonId header). */
async function serverCopy(apiOrigin: string, anonId: string, id: string): Promise<Template> {
  const response = await fetch(`${apiOrigin}/v1/templates/${id}`, { headers: { anonid: anonId } });
  expect(response.ok, `GET /v1/templates/${id}`).toBe(true);
  return (await response.json()) as Template;
}

async function serverText(apiOrigin: string, anonId: string, id: string) {
  return (await serverCopy(apiOrigin, anonId, id)).steps[0]?.text;
}

// ---------------------------------------------------------------------------------------------
// The scenario

/**
 * Both devices open the activity, A goes offline and edits the task's question, B edits it
 * later and syncs, A edits the description later still; A comes back by itself. Answers the
 * server's stamp of A's description edit and when A made it (real time), for the clock checks.
 */
async function sameTaskOnTwoDevices(
  a: Device,
  openB: (anonId: string) => Promise<Device>,
  apiOrigin: string,
  shots: string,
): Promise<{ descriptionStamp: string; descriptionEditedAt: number }> {
  let id = '';
  let anonId = '';
  let b: Device | null = null;
  try {
    await test.step('device A makes an activity with a task; both devices open it, synced', async () => {
      await a.page.goto('/builder');
      await expect(a.page).toHaveURL(ACTIVITY_URL, { timeout: SYNC_TIMEOUT_MS });
      id = ACTIVITY_URL.exec(a.page.url())![1]!;
      anonId = await guestAnonId(a.page);
      await a.page.getByLabel(/^Name/).fill(ACTIVITY_NAME);
      await openTasksFromOverview(a.page);
      await fillTaskCard(await firstTask(a.page), TASK);
      await expectAllSynced(a.page);
      await expect
        .poll(() => serverText(apiOrigin, anonId, id), { timeout: SYNC_TIMEOUT_MS })
        .toBe(TASK.text);

      b = await openB(anonId);
      await b.page.goto(`/builder/${id}/tasks`);
      await expect(question(await firstTask(b.page))).toHaveValue(TASK.text, {
        timeout: SYNC_TIMEOUT_MS,
      });
      expect(await guestAnonId(b.page)).toBe(anonId);
      await expectAllSynced(b.page);
    });
    const bPage = (b as Device | null)!.page;

    await test.step('A, offline, edits the question first', async () => {
      a.network.cut();
      const field = question(await firstTask(a.page));
      await field.fill(A_TEXT);
      await field.blur();
      await expect(syncIndicator(a.page)).toHaveAttribute('data-tone', 'offline', {
        timeout: SYNC_TIMEOUT_MS,
      });
    });

    await test.step('B, online, edits the same question later, and it syncs', async () => {
      const field = question(await firstTask(bPage));
      await field.fill(B_TEXT);
      await field.blur();
      await expect
        .poll(() => serverText(apiOrigin, anonId, id), { timeout: SYNC_TIMEOUT_MS })
        .toBe(B_TEXT);
      await expectAllSynced(bPage);
    });

    let descriptionEditedAt = 0;
    await test.step('A, still offline, edits the description later still', async () => {
      await backToOverview(a.page);
      descriptionEditedAt = Date.now();
      await a.page.getByLabel('Description').fill(A_DESCRIPTION);
      await a.page.getByLabel('Description').blur();
      await expect(a.page.getByLabel('Description')).toHaveValue(A_DESCRIPTION);
      await expect(syncIndicator(a.page)).toHaveText('Offline – changes are saved on this device');
    });

    await test.step('A’s network comes back (no `online` event): both devices converge, B’s question and A’s description', async () => {
      a.network.restore();
      // A's edits reach the server by themselves, merged with B's.
      await expect
        .poll(async () => (await serverCopy(apiOrigin, anonId, id)).description, {
          timeout: RECONNECT_TIMEOUT_MS,
        })
        .toBe(A_DESCRIPTION);
      const server = await serverCopy(apiOrigin, anonId, id);
      expect(server.steps, 'the later edit of the question (B’s) wins').toMatchObject([
        { name: TASK.name, text: B_TEXT, points: TASK.points },
      ]);
      expect(server.name).toBe(ACTIVITY_NAME);
      await expectAllSynced(a.page);
      await expect(a.page.getByLabel('Description')).toHaveValue(A_DESCRIPTION);

      const notice = mergeNotice(a.page);
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(
        `Changes from another device replaced your edit of the question of the task “${TASK.name}”.`,
      );
      await expect(notice).toContainText(`Yours: “${A_TEXT}”`);
      await expect(notice.getByRole('button', { name: 'Restore mine' })).toBeVisible();
      await a.page.screenshot({ path: `${SHOTS}/${shots}-a-merge-notice-overview.png` });

      await openTasksFromOverview(a.page);
      await expect(question(await firstTask(a.page))).toHaveValue(B_TEXT);
      await expect(mergeNotice(a.page)).toBeVisible();
      await a.page.screenshot({ path: `${SHOTS}/${shots}-a-merge-notice-tasks.png` });

      // B had nothing waiting: it takes the server's copy, with nothing to tell.
      await expect(question(await firstTask(bPage))).toHaveValue(B_TEXT);
      await expect(mergeNotice(bPage)).toHaveCount(0);
    });

    await test.step('"Restore mine" on A puts A’s question back, on the server and on B', async () => {
      await mergeNotice(a.page).getByRole('button', { name: 'Restore mine' }).click();
      await expect(mergeNotice(a.page)).toHaveCount(0);
      const aCard = await firstTask(a.page);
      await expect(question(aCard)).toHaveValue(A_TEXT);
      await expect(aCard.getByLabel('Task name')).toHaveValue(TASK.name);
      await expectAllSynced(a.page);
      await expect
        .poll(() => serverText(apiOrigin, anonId, id), { timeout: SYNC_TIMEOUT_MS })
        .toBe(A_TEXT);

      // B's field follows (it has nothing of its own being written); nothing else moves there.
      const bCard = taskCards(bPage).first();
      await expect(question(bCard)).toHaveValue(A_TEXT, { timeout: SYNC_TIMEOUT_MS });
      await expect(bCard.locator('button[aria-expanded]').first()).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(bCard.getByLabel('Task name')).toHaveValue(TASK.name);
      await expect(bCard.getByLabel('Points')).toHaveValue(String(TASK.points));
      await expect(taskCards(bPage)).toHaveCount(1);
      await expect(bPage).toHaveURL(new RegExp(`/builder/${id}/tasks$`));
      await expect(mergeNotice(bPage)).toHaveCount(0);
      await expectAllSynced(bPage);
      await bPage.screenshot({ path: `${SHOTS}/${shots}-b-after-restore.png` });
      await backToOverview(bPage);
      await expect(bPage.getByLabel('Description')).toHaveValue(A_DESCRIPTION);
      await expect(bPage.getByLabel(/^Name/)).toHaveValue(ACTIVITY_NAME);

      const server = await serverCopy(apiOrigin, anonId, id);
      expect(server).toMatchObject({ name: ACTIVITY_NAME, description: A_DESCRIPTION });
      expect(server.steps).toHaveLength(1);
      expect(server.steps[0]).toMatchObject({ name: TASK.name, text: A_TEXT, points: TASK.points });
    });

    const server = await serverCopy(apiOrigin, anonId, id);
    const descriptionStamp = server.fieldStamps?.description;
    if (!descriptionStamp) throw new Error('The server keeps no stamp of the description.');
    return { descriptionStamp, descriptionEditedAt };
  } finally {
    await (b as Device | null)?.close();
  }
}

/** A stamp's time (`2026-11-26T10:00:00.000Z~0003~c7f3a`), in ms. */
const stampTime = (stamp: string) => Date.parse(stamp.split('~')[0]!);

test.describe('two devices, one offline, the same task edited on each', () => {
  // Each test starts its own API server (embedded PGlite), which counts against its time too.
  test.describe.configure({ timeout: 240_000 });
  test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

  test('merge rule 2: the later edit of a task field wins field by field, although the offline device edited the activity later, and "Restore mine" brings its value back on both devices', async ({
    browser,
    shell,
    api,
  }) => {
    // Each device has a network of its own to the same shell server; A's is the one cut.
    const a = await openDevice(browser, shell.origin);
    try {
      await sameTaskOnTwoDevices(
        a,
        (anonId) => openDevice(browser, shell.origin, { anonId }),
        api.origin,
        'two-devices',
      );
    } finally {
      await a.close();
    }
  });

  test('one clock: a device whose clock runs ten minutes ahead does not win a conflict it made earlier', async ({
    browser,
    shell,
    api,
  }) => {
    const root = skewedBuild(SKEW_MS);
    let skewedShell: ShellServer | null = null;
    let a: Device | null = null;
    try {
      skewedShell = await startShellServer({ root, apiOrigin: api.origin });
      a = await openDevice(browser, skewedShell.origin, { skewMs: SKEW_MS });

      await test.step('device A runs ten minutes ahead, and its engine has measured it', async () => {
        // A device in use has met the server before: its engine's estimate is kept (the edit
        // clock's localStorage, src/localdb/editClock.ts) for the edits it makes offline. (Edits
        // stamped before the first estimate run ahead, and the hybrid clock then orders every
        // device's later edits of that activity by its counter until real time catches up.)
        await a!.page.goto('/');
        const ahead = await a!.page.evaluate(() => Date.now());
        expect(ahead - Date.now()).toBeGreaterThan(SKEW_MS - 5_000);
        await expect
          .poll(
            () => a!.page.evaluate(() => Number(localStorage.getItem('teamtrail-clock-offset'))),
            {
              timeout: SYNC_TIMEOUT_MS,
              message: 'the engine measured the offset (its worker is ahead too)',
            },
          )
          .toBeLessThan(-(SKEW_MS - 5_000));
      });

      const { descriptionStamp, descriptionEditedAt } = await sameTaskOnTwoDevices(
        a,
        (anonId) => openDevice(browser, shell.origin, { anonId }),
        api.origin,
        'two-devices-clock-ahead',
      );
      // A's offline edit was stamped on the server's time, not ten minutes ahead.
      expect(Math.abs(stampTime(descriptionStamp) - descriptionEditedAt)).toBeLessThan(30_000);
    } finally {
      await a?.close();
      await skewedShell?.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
