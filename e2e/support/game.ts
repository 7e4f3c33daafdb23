/**
 * A game as the browser tests set one up: an organiser's quiz and its demo, made through the API
 * as the launch dialog would, and a phone joining it by code.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { quizTasks } from '../../tests/fixtures/quiz';

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * The quiz the browser journeys play: the sample quiz's (tests/fixtures/quiz.ts) capital city,
 * largest planet and team photo, the photo at 30 points (the journeys' scores count on it).
 */
export function quiz() {
  const { capital, planet, photo } = quizTasks({ photo: { points: 30 } });
  return [capital, planet, photo];
}

export interface OrganiserGameOptions {
  /** The activity's tasks: the quiz above by default. */
  steps?: unknown[];
  /** Launch ("Play") under this name instead of making a demo. */
  launchName?: string;
  /** The organiser's browser window; the context's default when left out. */
  viewport?: { width: number; height: number };
}

/**
 * An organiser signs up and makes a game of an activity through the API, as the launch dialog
 * would: a demo by default, or a launch under `launchName`.
 */
export async function organiserGame(
  browser: Browser,
  baseURL: string,
  { steps = quiz(), launchName, viewport }: OrganiserGameOptions = {},
) {
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) });
  const email = `organiser-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await context.request.post('/v1/auth/sign-up', {
    data: { email, password: 'correct horse battery staple', name: 'Olive Organiser' },
  });
  expect(signUp.status()).toBe(201);
  const { token } = (await signUp.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const template = await context.request.post('/v1/templates', {
    headers,
    data: { name: 'Friday team quiz', steps },
  });
  expect(template.status()).toBe(201);
  const { id } = (await template.json()) as { id: string };
  const made =
    launchName === undefined
      ? await context.request.post(`/v1/templates/${id}/demo_game`, { headers, data: {} })
      : await context.request.post(`/v1/templates/${id}/publish`, {
          headers,
          data: { name: launchName },
        });
  expect(made.status(), await made.text()).toBe(201);
  const { gameStatusUrl } = (await made.json()) as { gameStatusUrl: string };
  const rest = gameStatusUrl.slice(gameStatusUrl.indexOf('templates/') + 'templates/'.length);
  const status = (await (
    await context.request.get(`/v1/templates/${rest}`, { headers })
  ).json()) as {
    code: string;
    scoreboardUrl: string;
    statisticsUrl: string;
  };
  const local = (url: string) => new URL(url).pathname + new URL(url).search;
  return {
    context,
    headers,
    steps,
    code: status.code,
    // /live/{gameId}/statistics?key=…
    gameId: new URL(status.statisticsUrl).pathname.split('/')[2]!,
    scoreboardPath: local(status.scoreboardUrl),
    statisticsPath: local(status.statisticsUrl),
  };
}

/** The organiser's demo of the quiz, made through the API as the launch dialog would. */
export const organiserDemo = (browser: Browser, baseURL: string) => organiserGame(browser, baseURL);

export async function joinOnPhone(page: Page, code: string, teamName: string) {
  await page.goto('/play');
  await page.getByLabel('Activity code').fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByText('Take your team photo')).toBeVisible();
  await page.getByPlaceholder('Tap to edit').fill(teamName);
  await page.getByRole('button', { name: 'Join the game' }).click();
  await expect(page.getByText(teamName)).toBeVisible();
}
