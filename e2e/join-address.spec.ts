/**
 * The join address on the built app and the real server, which the e2e run starts on 127.0.0.1 (its
 * PUBLIC_URL): phones cannot reach that, so the launch and demo dialogs say so, with this
 * machine's network address to set instead; and a demo's dialog links to its live screens,
 * which open in a new tab. Both dialogs fit a 1440×900 laptop screen without scrolling.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { lanAddresses } from '../server/services/joinAddress';
import { createActivity, launchActivity, signUpInBrowser } from './support/organiserApi';

/** The sync worker pulls the lists on start and on the server's pokes; give it a moment. */
const SYNC_TIMEOUT = 20_000;

/** Sign-up, a launch and a new tab on a busy two-core machine: more than the default 30 s. */
test.describe.configure({ timeout: 90_000 });

const activityRow = (page: Page, name: string) =>
  page.getByTestId('activity-row').filter({ has: page.getByText(name, { exact: true }) });

/** The dialog's content is shown whole: nothing below the fold of a 1440×900 screen. */
async function expectUnscrolled(dialog: Locator) {
  // The dialog role is on the modal's content box, the part that would scroll.
  const sizes = await dialog.evaluate((el) => ({
    scroll: el.scrollHeight,
    client: el.clientHeight,
    bottom: el.getBoundingClientRect().bottom,
  }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client + 1);
  expect(sizes.bottom).toBeLessThanOrEqual(900);
}

async function openActivities(
  page: Page,
  baseURL: string,
  names: string[],
  { launched = false } = {},
) {
  const { token } = await signUpInBrowser(page, { from: '/activities' });
  for (const name of names) {
    const activity = await createActivity(baseURL, token, name);
    if (launched) await launchActivity(baseURL, token, activity);
  }
  await page.reload();
  await expect(page.getByTestId('activity-row')).toHaveCount(names.length, {
    timeout: SYNC_TIMEOUT,
  });
}

test('the launch dialog warns, while it works and with the code, that phones cannot reach 127.0.0.1, and suggests the network address', async ({
  page,
  baseURL,
}) => {
  await openActivities(page, baseURL!, ['Harbour quiz']);
  const port = new URL(baseURL!).port;
  // Hold the launch back a moment, so that the dialog is seen working.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/templates/*/publish', async (route) => {
    await held;
    await route.continue();
  });

  await activityRow(page, 'Harbour quiz')
    .getByRole('button', { name: 'Play Harbour quiz' })
    .click();
  const dialog = page.getByRole('dialog');
  const warning = dialog.getByTestId('join-address-warning');
  await expect(dialog.getByText('Creating your activity…')).toBeVisible();
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Phones cannot reach this address');
  await expect(warning).toContainText(
    'The join link points at 127.0.0.1, which is this computer only. Start the server with PUBLIC_URL set to',
  );
  const lan = lanAddresses()[0];
  if (lan) {
    await expect(dialog.getByTestId('join-address-suggestion')).toHaveText(
      `PUBLIC_URL=http://${lan}:${port}`,
    );
    await expect(
      dialog.getByRole('button', { name: `Copy PUBLIC_URL=http://${lan}:${port}` }),
    ).toBeVisible();
  } else {
    await expect(warning).toContainText(`PUBLIC_URL=http://192.168.1.20:${port}`);
  }

  release();
  await expect(dialog.getByTestId('activity-code')).toBeVisible({ timeout: SYNC_TIMEOUT });
  await expect(dialog.getByText('Your Activity is now live for the rest of the day')).toBeVisible();
  await expect(warning).toBeVisible();
  await expect(dialog.getByAltText(/^QR code/)).toHaveJSProperty('complete', true);
  await expectUnscrolled(dialog);
  await page.screenshot({ path: 'test-results/screens/launch-localhost-1440.png' });
});

test("the demo dialog links to the demo's statistics, scoreboard and presentation, in a new tab", async ({
  page,
  baseURL,
}) => {
  await openActivities(page, baseURL!, ['Harbour quiz']);
  await activityRow(page, 'Harbour quiz')
    .getByRole('button', { name: 'Play a demo of Harbour quiz' })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('activity-code')).toBeVisible({ timeout: SYNC_TIMEOUT });
  await expect(dialog.getByTestId('join-address-warning')).toBeVisible();
  const results = dialog.getByTestId('demo-results');
  await expect(results).toContainText("The demo's results stay available for a day.");
  for (const [name, screen] of [
    ['Statistics', 'statistics'],
    ['Scoreboard', 'scoreboard'],
    ['Presentation', 'presentation'],
  ] as const) {
    const link = results.getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', new RegExp(`/live/[^/]+/${screen}\\?key=`));
  }
  await expect(dialog.getByAltText(/^QR code/)).toHaveJSProperty('complete', true);
  await expectUnscrolled(dialog);
  await page.screenshot({ path: 'test-results/screens/demo-dialog-1440.png' });

  const opening = page.context().waitForEvent('page');
  await results.getByRole('link', { name: 'Statistics', exact: true }).click();
  const statistics = await opening;
  await expect(statistics).toHaveURL(/\/live\/[^/]+\/statistics\?key=/);
  await expect(statistics.getByRole('link', { name: 'Export CSV' })).toBeVisible({
    timeout: SYNC_TIMEOUT,
  });
  await expect(statistics.getByText('Harbour quiz').first()).toBeVisible();
});

test('the join info dialog warns too, above its two columns, and still fits the screen', async ({
  page,
  baseURL,
}) => {
  await openActivities(page, baseURL!, ['Harbour quiz'], { launched: true });
  await activityRow(page, 'Harbour quiz')
    .getByRole('button', { name: 'Join info for Harbour quiz' })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('activity-code')).toBeVisible({ timeout: SYNC_TIMEOUT });
  const warning = dialog.getByTestId('join-address-warning');
  await expect(warning).toContainText('Phones cannot reach this address');
  const [warningBox, codeBox] = [
    await warning.boundingBox(),
    await dialog.getByTestId('activity-code').boundingBox(),
  ];
  expect(warningBox!.y + warningBox!.height).toBeLessThanOrEqual(codeBox!.y);
  await expect(dialog.getByAltText(/^QR code/)).toHaveJSProperty('complete', true);
  await expectUnscrolled(dialog);
  await page.screenshot({ path: 'test-results/screens/join-info-localhost-1440.png' });
});
