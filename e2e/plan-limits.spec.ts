/**
 * SPEC §6 plan limits, told before a form is filled: a FREE organiser sees "PRO" on Schedule,
 * and choosing it explains that a later day is PRO (with "View plans") instead of the form;
 * Play while another activity launched today is live names it and offers the plans, not an End
 * that could not free a launch before tomorrow.
 */
import { expect, test, type Page } from '@playwright/test';
import { toLocalDateString } from '../src/domain/schedule';
import { createActivity, launchActivity, signUpInBrowser } from './support/organiserApi';

/** The sync worker pulls the lists on start and on the server's pokes; give it a moment. */
const SYNC_TIMEOUT = 20_000;

const activityRow = (page: Page, name: string) =>
  page.getByTestId('activity-row').filter({ has: page.getByText(name, { exact: true }) });

test('FREE: "PRO" on Schedule before anything is filled; choosing it explains, not the form', async ({
  page,
  baseURL,
}) => {
  const { token } = await signUpInBrowser(page, { from: '/activities' });
  await createActivity(baseURL!, token, 'Team quiz');
  await page.reload();
  const row = activityRow(page, 'Team quiz');
  await expect(row).toBeVisible({ timeout: SYNC_TIMEOUT });

  const schedule = row.getByRole('button', { name: 'Schedule Team quiz (PRO for later days)' });
  await expect(schedule).toContainText('PRO');
  await schedule.click();

  const dialog = page.getByRole('dialog', { name: 'Schedule Activity' });
  await expect(dialog.getByText('Scheduling a later day is a PRO feature')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View plans' })).toHaveAttribute('href', /pricing/);
  await expect(dialog.getByLabel('Activity instance name')).toHaveCount(0);

  // Today is still open to FREE, and the form says so up front.
  await dialog.getByRole('button', { name: 'Schedule for today' }).click();
  await dialog.getByLabel('Activity instance name').fill('Sales team');
  await dialog.getByRole('button', { name: 'Next' }).click();
  const today = toLocalDateString(new Date());
  await expect(dialog.getByLabel('Start date')).toHaveAttribute('max', today);
  await expect(dialog.getByLabel('End date')).toHaveAttribute('max', today);
  await expect(dialog.getByTestId('schedule-plan-hint')).toHaveText(
    /FREE plan: the activity starts and ends today/,
  );
});

test('FREE: Play while another activity launched today is live names it, and offers the plans rather than an End that would not free a launch', async ({
  page,
  baseURL,
}) => {
  const { token } = await signUpInBrowser(page, { from: '/activities' });
  const morning = await createActivity(baseURL!, token, 'Morning quiz');
  await createActivity(baseURL!, token, 'Afternoon quiz');
  await launchActivity(baseURL!, token, morning);
  await page.reload();
  await expect(activityRow(page, 'Morning quiz').getByTestId('status')).toHaveText('Live', {
    timeout: SYNC_TIMEOUT,
  });

  await activityRow(page, 'Afternoon quiz')
    .getByRole('button', { name: 'Play Afternoon quiz' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Launch Activity' });
  await expect(dialog.getByText('1 live activity: Morning quiz is live today')).toBeVisible();
  await expect(dialog.getByText(/ending it would not free another before tomorrow/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View plans' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'End Morning quiz…' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Try again?' })).toHaveCount(0);
  await expect(dialog.getByTestId('activity-code')).toHaveCount(0);
});
