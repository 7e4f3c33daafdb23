/**
 * The Dashboard (SPEC §2.3) for a guest in the built app: its three tiles and the dialogs they
 * open (SPEC §2.9 Play Demo, Video player), and "Create new game" landing on the AI wizard.
 */
import { expect, test } from '@playwright/test';
import { joinOnPhone, PHONE } from './support/game';

test.describe('SPEC §2.3 Dashboard, as a guest', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Welcome to Teamtrail', level: 1 }),
    ).toBeVisible();
  });

  test('shows three image tiles', async ({ page }) => {
    for (const name of ['Create new game', 'Welcome video', 'Play a demo']) {
      const tile = page.getByRole('button', { name, exact: true });
      await expect(tile).toBeVisible();
      // The illustration has loaded (a broken image has no natural width).
      await expect
        .poll(() =>
          tile
            .locator('xpath=ancestor::*[@data-selection-card]')
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
    }
    await page.screenshot({ path: 'test-results/screens/dashboard-1440.png' });
  });

  test('"Play a demo" shows the sample game\'s code and QR, and a phone joins it with that code', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.getByRole('button', { name: 'Play a demo', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Play Welcome to Teamtrail!' });
    await expect(dialog).toBeVisible();
    const code = dialog.getByTestId('play-demo-code');
    await expect(code).toHaveText(/^[0-9A-Z]{4} [0-9A-Z]{4}$/);
    await expect
      .poll(() =>
        dialog
          .getByRole('img', { name: /QR code/ })
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    // The first thing a visitor tries: the code on a phone. It must be a game they can join.
    const phone = await browser.newContext({ ...PHONE, baseURL });
    try {
      await joinOnPhone(
        await phone.newPage(),
        (await code.innerText()).replace(/\s/g, ''),
        'Visitors',
      );
    } finally {
      await phone.close();
    }
    await expect(dialog.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test('"Welcome video" opens the video dialog, and "Close" closes it', async ({ page }) => {
    await page.getByRole('button', { name: 'Welcome video', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Teamtrail' });
    await expect(dialog).toBeVisible();
    // The video, or the clear message shown while the file is missing.
    await expect(
      dialog.locator('video[src="/video/welcome_to_teamtrail.mp4"]').or(dialog.getByRole('alert')),
    ).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('video')).toHaveCount(0);
  });

  test('"Create new game" lands on /activity', async ({ page }) => {
    await page.getByRole('button', { name: 'Create new game', exact: true }).click();
    await expect(page).toHaveURL(/\/activity(\/type)?$/);
  });

  test('the tiles are reached and opened by keyboard', async ({ page }) => {
    const tile = page.getByRole('button', { name: 'Play a demo', exact: true });
    await tile.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Play Welcome to Teamtrail!' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
