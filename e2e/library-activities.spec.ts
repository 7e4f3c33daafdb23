/**
 * The Template Library (SPEC §2.7, §9) and My Activities (SPEC §2.6, §4) in the built app, with
 * the real server: filtering the library and copying a template into the builder; the rows and
 * actions of each status; a second launch refused on the FREE plan (SPEC §6, §8); and the
 * Schedule Activity checks in SPEC §5's order.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '../src/domain/messages';
import { PLAN_MESSAGES } from '../src/domain/plans';
import { PLAY_HOVER_TEXT, SCHEDULE_HOVER_TEXT } from '../src/domain/status';
import { scheduleDateBounds, toLocalDateString } from '../src/domain/schedule';
import { startApiServer } from './support/apiServer';
import { asTyped, typeDate, typeTime } from './support/scheduleFields';
import {
  createActivity,
  launchActivity,
  makePro,
  scheduleActivity,
  signInInBrowser,
  signUpInBrowser,
  signUpThroughApi,
} from './support/organiserApi';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
/** The sync worker pulls the lists on start and on the server's pokes; give it a moment. */
const SYNC_TIMEOUT = 20_000;

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const group = (page: Page, name: string) => page.getByRole('group', { name });
const activityRow = (page: Page, name: string) =>
  page.getByTestId('activity-row').filter({ has: page.getByText(name, { exact: true }) });
const actionNames = (row: Locator) =>
  row
    .getByTestId('row-actions')
    .locator('a, button')
    .evaluateAll((elements) => elements.map((el) => el.getAttribute('aria-label')));

test('the library filters and a copy', async ({ page }) => {
  await signUpInBrowser(page, { from: '/templates' });
  await expect(page.getByRole('heading', { name: 'Template Library', level: 1 })).toBeVisible();
  await expect(
    page.getByText(
      'Browse our range of templated activities, all of which can be customised to suit your needs.',
    ),
  ).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible({ timeout: SYNC_TIMEOUT });
  const allCount = await cards.count();

  // SPEC §9 defaults: Location All, Game Type All, Duration All, Owner Master.
  for (const name of ['Location', 'Game Type', 'Duration', 'Owner']) {
    await expect(group(page, name)).toBeVisible();
  }
  await expect(group(page, 'Location').getByRole('checkbox', { name: 'All' })).toBeChecked();
  await expect(group(page, 'Owner').getByRole('checkbox', { name: 'Master' })).toBeChecked();
  await expect(group(page, 'Owner').getByRole('checkbox', { name: 'All' })).not.toBeChecked();

  // Choosing an option unchecks "All" and narrows the cards.
  await group(page, 'Location').getByRole('checkbox', { name: 'Virtual' }).check();
  await expect(group(page, 'Location').getByRole('checkbox', { name: 'All' })).not.toBeChecked();
  await expect(page).toHaveURL(/location=virtual/);
  const virtualCount = await cards.count();
  expect(virtualCount).toBeGreaterThan(0);
  expect(virtualCount).toBeLessThan(allCount);
  for (const badge of await cards.getByTestId('delivery-type').all()) {
    await expect(badge).toHaveText('Virtual');
  }

  await group(page, 'Duration').getByRole('checkbox', { name: '30 mins' }).check();
  const remote = card(page, 'Remote Team Connect');
  await expect(remote).toBeVisible();
  await expect(remote.getByTestId('delivery-type')).toHaveText('Virtual');
  await expect(remote.getByTestId('duration')).toHaveText('30 mins');
  await expect(remote.getByTestId('description')).not.toBeEmpty();
  await expect(remote.locator('img')).toHaveAttribute('src', /\/thumbnails\/.+\.svg$/);
  for (const duration of await cards.getByTestId('duration').all()) {
    await expect(duration).toHaveText('30 mins');
  }

  // No outdoor activity of 30 minutes: the filter's empty message.
  await group(page, 'Game Type').getByRole('checkbox', { name: 'Outdoor' }).check();
  await expect(
    page.getByText('There are no templates to display for this filter criteria'),
  ).toBeVisible();
  await expect(cards).toHaveCount(0);
  // Choosing "All" unchecks the others.
  await group(page, 'Game Type').getByRole('checkbox', { name: 'All' }).check();
  await expect(
    group(page, 'Game Type').getByRole('checkbox', { name: 'Outdoor' }),
  ).not.toBeChecked();
  await expect(remote).toBeVisible();

  // The panel collapses.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(group(page, 'Location')).toBeHidden();
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await expect(group(page, 'Location')).toBeVisible();

  // Choose Template copies on this device and opens the builder.
  await remote.getByRole('button', { name: 'Choose Template' }).click();
  await expect(page).toHaveURL(new RegExp(`/builder/${UUID.source}$`));

  // Back in the library, the filters are as they were, and the copy is the user's own ("Mine").
  await page.goBack();
  await expect(page).toHaveURL(/\/templates\?location=virtual&duration=30$/);
  await group(page, 'Owner').getByRole('checkbox', { name: 'Master' }).uncheck();
  await expect(group(page, 'Owner').getByRole('checkbox', { name: 'All' })).toBeChecked();
  await group(page, 'Owner').getByRole('checkbox', { name: 'Mine' }).check();
  await expect(group(page, 'Owner').getByRole('checkbox', { name: 'All' })).not.toBeChecked();
  await expect(cards).toHaveCount(1);
  await expect(
    card(page, 'Remote Team Connect').getByTestId('thumbnail-placeholder'),
  ).toBeVisible();

  // A template that is coming soon offers "Upgrade - Contact us" instead.
  await page.goto('/templates?gameType=location');
  const comingSoon = cards.filter({
    has: page.getByRole('link', { name: 'Upgrade - Contact us' }),
  });
  await expect(comingSoon.first()).toBeVisible({ timeout: SYNC_TIMEOUT });
  await expect(comingSoon.first().getByRole('button', { name: 'Choose Template' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/library-1440.png' });
});

test('My Activities rows and actions per status', async ({ page }) => {
  // Its own API server: the account moves to PRO (one live and one scheduled activity at once).
  test.setTimeout(240_000);
  const api = await startApiServer();
  try {
    const origin = api.origin;
    const { email, token } = await signUpThroughApi(origin);
    const draft = await createActivity(origin, token, 'Draft trail', { ready: false });
    const ready = await createActivity(origin, token, 'Ready quiz', { duration: 60 });
    const live = await createActivity(origin, token, 'Live quiz');
    const later = await createActivity(origin, token, 'Scheduled quiz');
    await makePro(api, email);
    await launchActivity(origin, token, live);
    const startsAt = new Date();
    startsAt.setDate(startsAt.getDate() + 1);
    startsAt.setHours(10, 0, 0, 0);
    await scheduleActivity(origin, token, later, {
      name: 'Tomorrow morning',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
    });

    await signInInBrowser(page, { origin, from: '/activities', email });
    await expect(page.getByRole('heading', { name: 'My Activities', level: 1 })).toBeVisible();
    await expect(page.getByTestId('activity-row')).toHaveCount(4, { timeout: SYNC_TIMEOUT });
    await expect(page.getByRole('columnheader')).toHaveText([
      'TYPE',
      'ACTIVITY NAME',
      'TASKS',
      'RUN TIME',
      'PLAYS',
      'STATUS',
      'Actions',
    ]);

    const expected: Array<[string, string, string[]]> = [
      [draft.name, 'Unpublished', [`Edit ${draft.name}`, `Create a copy of ${draft.name}`]],
      [
        ready.name,
        'Ready',
        [
          `Edit ${ready.name}`,
          `Play a demo of ${ready.name}`,
          `Play ${ready.name}`,
          `Schedule ${ready.name}`,
          `Create a copy of ${ready.name}`,
        ],
      ],
      [
        live.name,
        'Live',
        [
          `Scoreboard of ${live.name}`,
          `Presentation of ${live.name}`,
          `Statistics of ${live.name}`,
          `Join info for ${live.name}`,
          `Create a copy of ${live.name}`,
        ],
      ],
      [
        later.name,
        'Scheduled',
        [
          `Scoreboard of ${later.name}`,
          `Presentation of ${later.name}`,
          `Statistics of ${later.name}`,
          `Join info for ${later.name}`,
          `Create a copy of ${later.name}`,
        ],
      ],
    ];
    for (const [name, status, actions] of expected) {
      const row = activityRow(page, name);
      await expect(row.getByTestId('status')).toHaveText(status);
      expect(await actionNames(row)).toEqual(actions);
    }
    await expect(activityRow(page, ready.name).getByRole('cell').nth(2)).toHaveText('2');
    await expect(activityRow(page, ready.name).getByRole('cell').nth(3)).toHaveText('60 mins');
    await expect(activityRow(page, ready.name).getByRole('cell').first()).toHaveText('Indoor');
    await page.screenshot({ path: 'test-results/screens/my-activities-1440.png' });

    // The live screens open in a new tab.
    const scoreboard = activityRow(page, live.name).getByRole('link', {
      name: `Scoreboard of ${live.name}`,
    });
    await expect(scoreboard).toHaveAttribute('target', '_blank');
    await expect(scoreboard).toHaveAttribute('href', /\/live\/[^/]+\/scoreboard\?key=/);

    // Hover text of Play.
    await activityRow(page, ready.name)
      .getByRole('button', { name: `Play ${ready.name}` })
      .hover();
    await expect(page.getByRole('tooltip')).toHaveText(PLAY_HOVER_TEXT);
    // Keyboard users get the hover texts on focus.
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toBeHidden();
    await activityRow(page, ready.name)
      .getByRole('button', { name: `Play ${ready.name}` })
      .focus();
    await page.keyboard.press('Tab');
    await expect(
      activityRow(page, ready.name).getByRole('button', { name: `Schedule ${ready.name}` }),
    ).toBeFocused();
    await expect(page.getByRole('tooltip').filter({ hasText: SCHEDULE_HOVER_TEXT })).toBeVisible();
    await page.keyboard.press('Escape');

    // Info: the join details of the live instance.
    await activityRow(page, live.name)
      .getByRole('button', { name: `Join info for ${live.name}` })
      .click();
    const joinInfo = page.getByRole('dialog');
    await expect(joinInfo.getByTestId('activity-code')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(joinInfo).toBeHidden();

    // Edit opens the builder on that template.
    await activityRow(page, ready.name)
      .getByRole('link', { name: `Edit ${ready.name}` })
      .click();
    await expect(page).toHaveURL(`${origin}/builder/${ready.id}`);
    await page.goBack();

    // Copy makes a local copy and opens it; the sync worker takes it to the server.
    await activityRow(page, ready.name)
      .getByRole('button', { name: `Create a copy of ${ready.name}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/builder/${UUID.source}$`));
    await page.goBack();
    await expect(activityRow(page, `Copy of ${ready.name}`)).toBeVisible({
      timeout: SYNC_TIMEOUT,
    });
  } finally {
    await api.dispose();
  }
});

test('a launch refused with 403 on FREE shows the message', async ({ page, baseURL }) => {
  const { token } = await signUpInBrowser(page, { from: '/activities' });
  await createActivity(baseURL!, token, 'Morning quiz');
  await createActivity(baseURL!, token, 'Afternoon quiz');
  await page.reload();
  await expect(page.getByTestId('activity-row')).toHaveCount(2, { timeout: SYNC_TIMEOUT });

  // The first launch goes live, and its row becomes the highlighted, most recent one.
  await activityRow(page, 'Morning quiz')
    .getByRole('button', { name: 'Play Morning quiz' })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('activity-code')).toBeVisible({ timeout: SYNC_TIMEOUT });
  await expect(dialog.getByText('Your Activity is now live for the rest of the day')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(activityRow(page, 'Morning quiz')).toHaveAttribute('data-highlighted', 'true');
  await expect(activityRow(page, 'Morning quiz').getByTestId('status')).toHaveText('Live', {
    timeout: SYNC_TIMEOUT,
  });

  // FREE: one live activity at a time.
  await activityRow(page, 'Afternoon quiz')
    .getByRole('button', { name: 'Play Afternoon quiz' })
    .click();
  await expect(dialog.getByRole('alert')).toContainText(MESSAGES.launch.freeLiveLimit);
  await expect(
    dialog.getByText(/only able to have one live activity running at any one time/),
  ).toBeVisible();
  await expect(
    dialog
      .getByRole('link', { name: 'Contact Us' })
      .or(dialog.getByRole('button', { name: 'Contact Us' })),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/launch-403-1440.png' });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(activityRow(page, 'Morning quiz')).toHaveAttribute('data-highlighted', 'true');
});

test('scheduling with each invalid input shows its message', async ({ page, baseURL }) => {
  // A dozen dates typed and left with Tab, each opening and closing its calendar, after a sign-up.
  test.slow();
  const { token } = await signUpInBrowser(page, { from: '/activities' });
  await createActivity(baseURL!, token, 'Team quiz', { duration: 60 });
  await page.reload();
  const row = activityRow(page, 'Team quiz');
  await expect(row).toBeVisible({ timeout: SYNC_TIMEOUT });
  await row.getByRole('button', { name: 'Schedule Team quiz' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Activity' });
  await expect(dialog).toBeVisible();
  // FREE: the dialog first says that a later day is PRO; today stays open.
  await dialog.getByRole('button', { name: 'Schedule for today' }).click();

  // SPEC §5 instance name: required, at least three characters; Next only then.
  const name = dialog.getByLabel('Activity instance name');
  const next = dialog.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await name.fill('ab');
  await expect(dialog.getByText(MESSAGES.schedule.instanceNameTooShort)).toBeVisible();
  expect(MESSAGES.schedule.instanceNameTooShort).toBe(
    'Activity instance must be greater than three characters',
  );
  await expect(next).toBeDisabled();
  await name.fill('');
  await expect(dialog.getByText('Activity instance name is required')).toBeVisible();
  await name.fill('Sales team');
  await expect(next).toBeEnabled();
  await next.click();

  // The date checks, in SPEC's order; "Schedule Activity" stays disabled until all pass.
  const now = new Date();
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const day = toLocalDateString(tomorrow);
  const today = toLocalDateString(now);
  const { max } = scheduleDateBounds(now);
  const [maxYear, maxMonth, maxDay] = max.split('-').map(Number);
  const beyond = toLocalDateString(new Date(maxYear!, maxMonth! - 1, maxDay! + 1));
  const submit = dialog.getByRole('button', { name: 'Schedule Activity' });
  const message = dialog.getByTestId('schedule-error');
  // Dates typed as DD/MM/YYYY, as an organiser does; a typed day outside the calendar's window
  // is kept, so the checks below can name it.
  const fill = async (dateFrom: string, timeFrom: string, dateTo: string, timeTo: string) => {
    await typeDate(dialog.getByLabel('Start date'), dateFrom);
    await typeTime(dialog, 'Start time', timeFrom);
    await typeDate(dialog.getByLabel('End date'), dateTo);
    await typeTime(dialog, 'End time', timeTo);
  };

  const cases: Array<[string[], string]> = [
    [[beyond, '10:00', day, '11:00'], 'Activity start date and/or time is invalid'],
    [[day, '10:00', beyond, '11:00'], 'Activity end date and/or time is invalid'],
    [[day, '10:00', day, '09:00'], 'Activity end date/time cannot be before start date/time'],
    [
      [day, '10:00', day, '10:30'],
      'Activity end time does not take into account activity run time',
    ],
    [[today, '00:00', day, '11:00'], 'Activity cannot be scheduled for the past'],
  ];
  for (const [[dateFrom, timeFrom, dateTo, timeTo], text] of cases) {
    await fill(dateFrom!, timeFrom!, dateTo!, timeTo!);
    await expect(message).toHaveText(text);
    await expect(submit).toBeDisabled();
  }
  // Typed key by key, text that is no date stays as typed once the field is left, and is named.
  const startDate = dialog.getByLabel('Start date');
  await expect(startDate).toHaveValue(asTyped(today));
  await startDate.fill('');
  await startDate.pressSequentially('31/02/2030');
  await startDate.press('Tab');
  await expect(startDate).toHaveValue('31/02/2030');
  await expect(message).toHaveText('Activity start date and/or time is invalid');
  await expect(submit).toBeDisabled();

  // A FREE account cannot launch on a future date: told in the form, before anything is sent.
  // Entered with the keyboard alone: each date typed, Tab, the time's digits (the hours move on
  // to the minutes by themselves), Tab.
  await startDate.fill('');
  await startDate.pressSequentially(asTyped(day));
  await page.keyboard.press('Tab');
  await page.keyboard.type('1000');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('End date')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(asTyped(day));
  await page.keyboard.press('Tab');
  await page.keyboard.type('1100');
  await expect(dialog.getByRole('spinbutton', { name: 'Start time, hours' })).toHaveValue('10');
  await expect(dialog.getByRole('spinbutton', { name: 'End time, minutes' })).toHaveValue('00');
  await expect(dialog.getByLabel('End date')).toHaveValue(asTyped(day));
  await expect(message).toHaveText(PLAN_MESSAGES.futureOrMultiDay);
  await expect(submit).toBeDisabled();
  await page.screenshot({ path: 'test-results/screens/schedule-pro-1440.png' });
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
});
