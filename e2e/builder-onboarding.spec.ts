/**
 * SPEC §4 Guided tours and Tutorial in the built app, from an organiser's first visit: the
 * tutorial video opens 1 s after entering the builder, once; the overview tour follows it, step
 * by step in the tour colour; the task tour can be skipped; each tour runs once and is stored in
 * local storage as 'completed' (SPEC §9).
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { FIRST_VISIT_STATE } from './support/onboarding';

test.use({ storageState: FIRST_VISIT_STATE, bypassCSP: true });

const SHOTS = 'test-results/screens';

const tourStep = (page: Page) => page.getByTestId('tour-step');
const storage = (page: Page, key: string) =>
  page.evaluate((k) => window.localStorage.getItem(k), key);

test('the tutorial plays once, then each tour runs once on its screen and can be skipped', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/builder');
  await expect(page).toHaveURL(/\/builder\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/')[2] ?? '';

  await test.step('the tutorial video opens by itself and is remembered', async () => {
    const tutorial = page.getByRole('dialog', { name: 'Activity Builder Tutorial' });
    await expect(tutorial).toBeVisible();
    expect(await storage(page, 'activityBuilderTutorialPlayOnce')).toBe('yes');
    // The tour waits behind the video.
    await expect(tourStep(page)).toHaveCount(0);
    await tutorial.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(tutorial).toBeHidden();
  });

  await test.step('the overview tour walks through its six steps in the tour colour', async () => {
    const titles = [
      'Navigation Bar',
      'Gameboard Preview',
      'Template Name',
      'Template theme and colours',
      'Template Questions and Challenges',
      'Test Activity Button',
    ];
    for (const [index, title] of titles.entries()) {
      const step = tourStep(page);
      await expect(step.getByRole('heading', { level: 2 })).toHaveText(title);
      await expect(step).toContainText(`${index + 1} of ${titles.length}`);
      const next = step.getByRole('button', {
        name: index === titles.length - 1 ? 'Done' : 'Next',
      });
      if (index === 0) {
        await expect(step).toContainText('Dashboard, My Activities and the Template Library');
        await expect(next).toHaveCSS('background-color', 'rgb(100, 101, 199)');
        await page.screenshot({ path: `${SHOTS}/builder-tour-overview.png` });
        expect(await seriousViolations(page)).toEqual([]);
      }
      if (index === 1) {
        await expect(step).toContainText(
          'This is what the user will see on their phone once loaded',
        );
      }
      await next.click();
    }
    await expect(tourStep(page)).toHaveCount(0);
    expect(await storage(page, 'gameBuilderOverviewTour')).toBe('completed');
  });

  await test.step('a reload plays neither the tutorial nor the finished tour again', async () => {
    await page.reload();
    await expect(page.getByTestId('overview-section-tasks')).toBeVisible();
    // Longer than the tutorial's 1 s delay.
    await page.waitForTimeout(1500);
    await expect(page.getByRole('dialog', { name: 'Activity Builder Tutorial' })).toHaveCount(0);
    await expect(tourStep(page)).toHaveCount(0);
  });

  await test.step('the task tour starts on Tasks, and Skip ends it for good', async () => {
    await page.goto(`/builder/${id}/tasks`);
    await expect(page).toHaveURL(new RegExp(`/builder/${id}/tasks$`));
    await expect(tourStep(page).getByRole('heading', { level: 2 })).toHaveText('Task Preview');
    await page.screenshot({ path: `${SHOTS}/builder-tour-tasks.png` });
    await tourStep(page).getByRole('button', { name: 'Skip tour' }).click();
    await expect(tourStep(page)).toHaveCount(0);
    expect(await storage(page, 'gameBuilderTaskTour')).toBe('completed');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Edit Tasks' })).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(tourStep(page)).toHaveCount(0);
  });

  await test.step('the styling tour runs on Styling; Escape also ends it', async () => {
    await page.goto(`/builder/${id}/styling`);
    await expect(tourStep(page).getByRole('heading', { level: 2 })).toHaveText('Styling Help');
    await tourStep(page).getByRole('button', { name: 'Next' }).click();
    await expect(tourStep(page).getByRole('heading', { level: 2 })).toHaveText('Branding');
    await expect(tourStep(page)).toContainText('Take note of the maximum dimensions');
    await page.screenshot({ path: `${SHOTS}/builder-tour-styling.png` });
    await page.keyboard.press('Escape');
    await expect(tourStep(page)).toHaveCount(0);
    expect(await storage(page, 'gameStylingOverviewTour')).toBe('completed');
  });

  await test.step('the tutorial button plays the tutorial on demand', async () => {
    await page.goto(`/builder/${id}`);
    await page.getByRole('button', { name: 'Watch the tutorial' }).click();
    await expect(page.getByRole('dialog', { name: 'Activity Builder Tutorial' })).toBeVisible();
  });
});
