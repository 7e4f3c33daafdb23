/**
 * SPEC §6 plan limits, told before a form is filled: a FREE organiser sees "PRO" on Schedule,
 * and choosing it explains that a later day is PRO (with "View plans") instead of the form;
 * Play while another activity launched today is live names it and offers the plans, not an End
 * that could not free a launch before tomorrow; and once today's one launch is used, My
 * Activities says so above the rows and on every Play before anything is clicked.
 */
import { expect, test, type Page } from '@playwright/test';
import { toLocalDateString } from '../src/domain/schedule';
import { PLAN_MESSAGES } from '../src/domain/plans';
import type { ActivityRow } from '../src/domain/schemas';
import {
  createActivity,
  endLaunchedGame,
  launchActivity,
  signUpInBrowser,
} from './support/organiserApi';
import { asTyped, calendarDayName, calendarDays, openCalendar } from './support/scheduleFields';

/** The sync worker pulls the lists on start and on the server's pokes; give it a moment. */
const SYNC_TIMEOUT = 20_000;

const activityRow = (page: Page, name: string) =>
  page.getByTestId('activity-row').filter({ has: page.getByText(name, { exact: true }) });

test('FREE: "PRO" on Schedule before anything is filled; choosing it explains, not the form', async ({
  page,
  baseURL,
}) => {
  // After the sign-up, both dates' calendars are opened, checked and picked from.
  test.slow();
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
  await expect(dialog.getByTestId('schedule-plan-hint')).toHaveText(
    /FREE plan: the activity starts and ends today/,
  );
  // Each date's calendar offers today alone: every other day, and every other month, is
  // disabled; today is picked from it.
  const now = new Date();
  for (const label of ['Start date', 'End date']) {
    const field = dialog.getByLabel(label);
    await field.click();
    const calendar = openCalendar(page);
    const selectable = calendarDays(calendar).and(page.locator(':enabled'));
    await expect(selectable).toHaveCount(1);
    await expect(selectable).toHaveAccessibleName(calendarDayName(now));
    // A whole month is drawn (at least 28 days), all but today disabled.
    expect(await calendarDays(calendar).count()).toBeGreaterThanOrEqual(28);
    await expect(calendar.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await expect(calendar.getByRole('button', { name: 'Next month' })).toBeDisabled();
    if (label === 'Start date') {
      await page.screenshot({ path: 'test-results/screens/schedule-calendar-free-1440.png' });
    }
    await selectable.click();
    await expect(calendar).toBeHidden();
    await expect(field).toHaveValue(asTyped(toLocalDateString(now)));
  }
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

test('FREE: launched once today (and ended since), the daily limit shows on Play before anything is clicked', async ({
  page,
  baseURL,
}) => {
  const { token } = await signUpInBrowser(page, { from: '/activities' });
  const morning = await createActivity(baseURL!, token, 'Morning quiz');
  await createActivity(baseURL!, token, 'Afternoon quiz');
  const { gameStatusUrl } = await launchActivity(baseURL!, token, morning);
  await endLaunchedGame(baseURL!, token, gameStatusUrl);
  await page.reload();
  // Ended: no longer live, so only the one launch a day stands in the way.
  await expect(activityRow(page, 'Morning quiz').getByTestId('status')).toHaveText('Published', {
    timeout: SYNC_TIMEOUT,
  });

  // Before any click: the note above the rows, with the plans…
  const note = page.getByTestId('launch-limit-note');
  await expect(note).toContainText('FREE plan: 1 launch a day — used today by Morning quiz');
  await expect(note).toContainText('Launch again tomorrow, or upgrade to PRO.');
  await expect(note.getByRole('link', { name: 'View plans' })).toHaveAttribute('href', /pricing/);
  // …and on every Play, which is not offered as the main action.
  const play = activityRow(page, 'Afternoon quiz').getByRole('button', {
    name: 'Play Afternoon quiz (used today by Morning quiz)',
  });
  await expect(play).toHaveAttribute('data-variant', 'default');
  await expect(
    activityRow(page, 'Morning quiz').getByRole('button', {
      name: 'Play Morning quiz (used today by Morning quiz)',
    }),
  ).toBeVisible();
  await play.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'FREE plan: 1 launch a day — used today by Morning quiz. Launch again tomorrow, or upgrade to PRO.',
  );
  await page.screenshot({ path: 'test-results/screens/daily-limit-activities-1440.png' });

  // Play explains in the server's words and makes no launch.
  await play.click();
  const dialog = page.getByRole('dialog', { name: 'Launch Activity' });
  const notice = dialog.getByTestId('daily-limit');
  await expect(notice).toContainText('FREE plan: 1 launch a day — used today by Morning quiz');
  await expect(notice).toContainText(PLAN_MESSAGES.dailyLaunchLimit);
  await expect(dialog.getByRole('link', { name: 'View plans' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Try again?' })).toHaveCount(0);
  await expect(dialog.getByTestId('activity-code')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Schedule keeps "PRO", and no longer offers today.
  await activityRow(page, 'Afternoon quiz')
    .getByRole('button', { name: 'Schedule Afternoon quiz (PRO for later days)' })
    .click();
  const schedule = page.getByRole('dialog', { name: 'Schedule Activity' });
  await expect(schedule.getByText('Scheduling a later day is a PRO feature')).toBeVisible();
  await expect(schedule.getByTestId('daily-limit')).toContainText('used today by Morning quiz');
  await expect(schedule.getByRole('button', { name: 'Schedule for today' })).toHaveCount(0);

  // Nothing was launched: the server's rows agree.
  const response = await fetch(`${baseURL}/v1/my_games`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const rows = (await response.json()) as ActivityRow[];
  expect(rows.find((r) => r.name === 'Afternoon quiz')?.lastLaunchedAt).toBeNull();
  expect(rows.find((r) => r.name === 'Morning quiz')?.lastLaunchedAt).toEqual(expect.any(String));
});
