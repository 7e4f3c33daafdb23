/**
 * My Activities' game controls in Chromium on the built app and the real server: an organiser
 * controls a running game from its My Activities row — Pause (the game is paused for the phones),
 * Resume, Extend by 15 min (the end moves; on FREE, past the day is refused with the server's
 * message), Announce (a phone's state has it), End now after the confirmation (the activity is
 * complete) — and finds a demo run under "Recent demos" with a working statistics link.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createActivity,
  launchActivity,
  signUpInBrowser,
  type Activity,
} from './support/organiserApi';

/** The sync worker pulls the list on start and when asked; give it a moment. */
const SYNC_TIMEOUT = 20_000;
const SHOTS = 'test-results/screens';

const activityRow = (page: Page, name: string) =>
  page.getByTestId('activity-row').filter({ has: page.getByText(name, { exact: true }) });

async function gameOf(request: APIRequestContext, token: string, gameStatusUrl: string) {
  const rest = gameStatusUrl.slice(gameStatusUrl.indexOf('templates/'));
  const response = await request.get(`/v1/${rest}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const status = (await response.json()) as { code: string; endsAt: string };
  return { ...status, gameId: gameStatusUrl.split('/games/')[1]! };
}

/** The game as a phone sees it. */
async function publicPhase(request: APIRequestContext, code: string) {
  const response = await request.get(`/v1/play/${code}`);
  return ((await response.json()) as { phase: string; endsAt: string }).phase;
}

async function choose(page: Page, activity: Activity, item: string | RegExp) {
  await activityRow(page, activity.name)
    .getByRole('button', { name: `Game controls of ${activity.name}` })
    .click();
  const menu = page.getByRole('menu', { name: `Game controls of ${activity.name}` });
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: item }).click();
}

test('the organiser controls a running game from My Activities and finds a recent demo', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { token } = await signUpInBrowser(page, { from: '/activities' });
  const origin = baseURL!;
  const quiz = await createActivity(origin, token, 'Morning quiz');
  const demoQuiz = await createActivity(origin, token, 'Demo trail');
  const { gameStatusUrl } = await launchActivity(origin, token, quiz);
  const game = await gameOf(page.request, token, gameStatusUrl);
  const demo = await page.request.post(`/v1/templates/${demoQuiz.id}/demo_game`, {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(demo.status()).toBe(201);
  // A team on a phone, to see what the controls do to the game.
  const joined = await page.request.post(`/v1/play/${game.code}/teams`, {
    data: { name: 'The Owls' },
  });
  expect(joined.status()).toBe(201);
  const { token: teamToken } = (await joined.json()) as { token: string };

  await page.goto('/activities');
  const row = activityRow(page, quiz.name);
  await expect(row.getByTestId('status')).toHaveText('Live', { timeout: SYNC_TIMEOUT });
  const controls = row.getByRole('button', { name: `Game controls of ${quiz.name}` });
  await expect(controls).toBeVisible({ timeout: SYNC_TIMEOUT });
  // The demo is not a row: it is under "Recent demos".
  await expect(activityRow(page, demoQuiz.name).getByTestId('status')).toHaveText('Ready');

  // The menu, for a look.
  await controls.click();
  const menu = page.getByRole('menu', { name: `Game controls of ${quiz.name}` });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Pause',
    'Extend by 15 min',
    'Extend by 30 min',
    'Extend by 1 h',
    'Announce…',
    'End now…',
  ]);
  await page.screenshot({ path: `${SHOTS}/activities-controls.png` });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Pause: the phones see the game paused; the row says so.
  await choose(page, quiz, 'Pause');
  await expect(row.getByTestId('game-paused')).toHaveText('Paused');
  await expect.poll(() => publicPhase(page.request, game.code)).toBe('paused');
  await expect(row.getByTestId('status')).toHaveText('Live');

  // Resume.
  await choose(page, quiz, 'Resume');
  await expect(row.getByTestId('game-paused')).toHaveCount(0);
  await expect.poll(() => publicPhase(page.request, game.code)).toBe('open');

  // FREE: a launch is valid for the current day, so more time past midnight is refused, with
  // the server's own message beside the controls.
  await choose(page, quiz, 'Extend by 1 h');
  const notice = page.getByTestId('game-controls-notice');
  await expect(notice.getByRole('alert')).toContainText('needs the PRO subscription');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();

  // Within the day it works: the end (moved meanwhile on another screen) moves 15 minutes on.
  const soon = new Date(Date.now() + 5 * 60_000);
  soon.setSeconds(0, 0);
  const moved = await page.request.patch(`/v1/games/${game.gameId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { endsAt: soon.toISOString() },
  });
  expect(moved.status()).toBe(200);
  await choose(page, quiz, 'Extend by 15 min');
  await expect
    .poll(async () => Date.parse((await gameOf(page.request, token, gameStatusUrl)).endsAt))
    .toBe(soon.getTime() + 15 * 60_000);

  // Announce: a phone's state has it.
  await choose(page, quiz, 'Announce…');
  const announce = page.getByRole('dialog', { name: 'Announce to every team' });
  await announce.getByLabel('Message').fill('Prizes at the bar after the last round!');
  await announce.getByRole('button', { name: 'Send to every phone' }).click();
  await expect(announce).toBeHidden();
  await expect(notice).toContainText('Sent to every phone.');
  const me = await page.request.get(`/v1/play/${game.code}/me`, {
    headers: { teamtoken: teamToken },
  });
  const state = (await me.json()) as { announcements: { text: string }[] };
  expect(state.announcements.map((a) => a.text)).toContain(
    'Prizes at the bar after the last round!',
  );
  await page.keyboard.press('Escape');

  // End now asks first; "Keep playing" keeps it running.
  await choose(page, quiz, 'End now…');
  let confirm = page.getByRole('dialog', { name: 'End the game now?' });
  await expect(confirm).toContainText('Teams can no longer answer');
  await expect(confirm).toContainText('The results stay');
  await confirm.getByRole('button', { name: 'Keep playing' }).click();
  await expect(confirm).toBeHidden();
  expect(await publicPhase(page.request, game.code)).toBe('open');

  await choose(page, quiz, 'End now…');
  confirm = page.getByRole('dialog', { name: 'End the game now?' });
  await confirm.getByRole('button', { name: 'End now' }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(() => publicPhase(page.request, game.code)).toBe('ended');
  // A team played it: the activity is complete, and its controls are gone.
  await expect(row.getByTestId('status')).toHaveText('Complete', { timeout: SYNC_TIMEOUT });
  await expect(controls).toHaveCount(0);

  // The demo run, with its statistics a click away.
  const demos = page.getByRole('region', { name: 'Recent demos' });
  await expect(demos).toBeVisible();
  const run = demos.getByTestId('demo-run').filter({ hasText: demoQuiz.name });
  await expect(run).toHaveCount(1);
  await expect(run.getByRole('cell').nth(3)).toHaveText('Running');
  await run.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/activities-demos.png` });
  const [statistics] = await Promise.all([
    page.waitForEvent('popup'),
    run.getByRole('link', { name: new RegExp(`^Statistics of the ${demoQuiz.name} demo`) }).click(),
  ]);
  await expect(statistics).toHaveURL(/\/live\/[^/]+\/statistics\?key=/);
  await expect(statistics).toHaveTitle(new RegExp(`^Statistics – ${demoQuiz.name}`));
  await statistics.close();
});
