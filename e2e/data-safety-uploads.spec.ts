/**
 * The upload queue never idles with work in it. A file picked while the
 * network is cut waits on the device, shown from there, and reaches the server by itself once
 * the network is back: no `online` event (the cut does not tell the browser), no "Sync now", no
 * other edit nudging the queue.
 *
 * "Offline" is the network cut between the browser and the server (e2e/support/networkCut.ts):
 * it reaches the SharedWorker's requests too, and `navigator.onLine` stays true.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Template } from '../src/domain/schemas';
import type { ApiServer } from './support/apiServer';
import { builderTest, pngBuffer, pngFile, serverTemplate, taskCards } from './support/builder';
import { expect, test } from './support/fixtures';
import { openHarness } from './support/harnessPage';
import { onboardingDoneState } from './support/onboarding';

/** Once the network is back, the file goes within this long (a poll's limit, not a timing). */
const RECONNECT_TIMEOUT_MS = 30_000;
/** Screenshots of the widget, to look at (not compared). */
const SHOTS = '/tmp/upload-shots';

const LOGO_PNG = pngBuffer(240, 50, [20, 60, 160], [250, 200, 30]);
const TASK_IMAGE = pngFile('red-planet.png', 320, 200, [190, 60, 40], [90, 30, 20]);

/** A guest's template as the server holds it, read past the cut network; null while absent. */
async function onServer(api: ApiServer, anonId: string, id: string): Promise<Template | null> {
  const response = await fetch(`${api.origin}/v1/templates/${id}`, {
    headers: { anonid: anonId },
  }).catch(() => null);
  return response?.ok ? ((await response.json()) as Template) : null;
}

test('a logo picked while the network is cut reaches the server by itself once it is back', async ({
  page,
  api,
  network,
}) => {
  test.setTimeout(180_000);
  const tab = await openHarness(page, network.origin);
  const anonId = await tab.anonId();
  const id = await tab.createTemplate('Branded quiz');
  await tab.waitForServerAck(id);

  network.cut();
  const uploadId = await tab.queueUpload(id, {
    purpose: 'logo',
    stepId: null,
    filename: 'logo.png',
    mimeType: 'image/png',
    base64: LOGO_PNG.toString('base64'),
  });

  await test.step('while cut, the file is tried, fails, and waits on the device with a back-off', async () => {
    await expect
      .poll(async () => (await tab.readUpload(uploadId))?.attempts ?? 0, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await tab.readUpload(uploadId)).toMatchObject({ status: 'queued' });
    expect(await tab.online(), 'the browser is not told of a cut').toBe(true);
    expect((await onServer(api, anonId, id))?.branding.logo).toBeNull();
  });

  await test.step('once the network is back, it reaches the server without anything done here', async () => {
    network.restore();
    await expect
      .poll(async () => (await onServer(api, anonId, id))?.branding.logo?.filename ?? null, {
        timeout: RECONNECT_TIMEOUT_MS,
      })
      .toBe('logo.png');
    // Sent and applied: the device's copy is gone.
    await expect.poll(() => tab.readUpload(uploadId), { timeout: 30_000 }).toBeNull();
  });
});

/** The builder app, opened through the cuttable network, with its onboarding already seen. */
const appTest = builderTest.extend({
  storageState: async ({ network }, use) => use(onboardingDoneState(network.origin)),
});

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

appTest(
  "a task's image picked while the network is cut is shown from the device, counted in the header, and uploaded once the network is back",
  async ({ page, network }) => {
    appTest.setTimeout(180_000);
    const indicator = page.getByTestId('sync-indicator');
    await page.goto(`${network.origin}/builder`);
    await expect(page).toHaveURL(/\/builder\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/')[2] ?? '';
    await expect(indicator).toHaveAttribute('data-tone', 'synced', { timeout: 30_000 });
    await page
      .getByRole('navigation', { name: 'Activity sections' })
      .getByRole('link', { name: /^Tasks/ })
      .click();
    const card = taskCards(page).first();
    const header = card.locator('button[aria-expanded]').first();
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'true');

    network.cut();
    await card.locator('input[type="file"]').setInputFiles(TASK_IMAGE);
    const widget = card.getByTestId('media-uploading');

    await appTest.step(
      'while cut: the local image, "will upload when online", and the header counts it',
      async () => {
        await expect(widget).toContainText(TASK_IMAGE.name);
        await expect(widget.getByTestId('media-local-preview')).toBeVisible();
        expect(
          await widget
            .getByTestId('media-local-preview')
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
          'the preview is the decoded file',
        ).toBe(320);
        // The engine learns of the cut from its own failed upload.
        await expect(widget.getByRole('status')).toHaveText(
          'Saved on this device, it will upload when online',
          { timeout: 30_000 },
        );
        await expect(indicator).toHaveAttribute('data-uploads-waiting', '1');
        await expect(indicator).toContainText('1 file');
        await expect(indicator).toContainText('will upload when online');
        await expect(indicator).not.toContainText('All changes synced');
        await widget.scrollIntoViewIfNeeded();
        await shot(page, 'task-media-queued-offline');
      },
    );

    await appTest.step(
      'once the network is back: on the server, the preview, "All changes synced"',
      async () => {
        network.restore();
        await expect
          .poll(async () => (await serverTemplate(page, id))?.steps[0]?.media?.filename ?? null, {
            timeout: RECONNECT_TIMEOUT_MS,
          })
          .toBe(TASK_IMAGE.name);
        await expect(card.getByTestId('media-preview')).toContainText(TASK_IMAGE.name);
        await expect(indicator).toHaveAttribute('data-uploads-waiting', '0');
        await expect(indicator).toHaveAttribute('data-tone', 'synced', { timeout: 30_000 });
        await card.getByTestId('media-preview').scrollIntoViewIfNeeded();
        await shot(page, 'task-media-uploaded');
      },
    );
  },
);
