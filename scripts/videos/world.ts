/**
 * What the scenes need on the server before recording: an organiser's account, and a demo game
 * of a short quiz that the phone joins in the welcome video. Made through the API (SPEC §7), as
 * the launch dialog would, so that no scene depends on a screen just to set up its data.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';

export interface Account {
  readonly email: string;
  readonly password: string;
  readonly name: string;
}

export interface World {
  readonly origin: string;
  readonly account: Account;
  /** The demo game's Activity Code, as the phone types it. */
  readonly demoCode: string;
  /** /live/{gameId}/scoreboard?key=… of the demo. */
  readonly scoreboardPath: string;
  /** Whether this build has the Activity Builder: /builder is not a 404. */
  builderReady: boolean;
  /** Whether the library lists a blank template to choose. */
  libraryHasBlank: boolean;
}

const DEMO_NAME = 'Friday team quiz';

function demoSteps() {
  const id = () => randomUUID();
  return [
    {
      id: id(),
      name: 'Capital city',
      type: 'freeText',
      text: 'What is the capital of France?',
      answers: [{ id: id(), value: 'Paris', correct: true }],
      media: null,
      points: 10,
      locked: false,
    },
    {
      id: id(),
      name: 'Largest planet',
      type: 'multipleChoice',
      text: 'Which planet is the largest in our solar system?',
      answers: [
        { id: id(), value: 'Mars', correct: false },
        { id: id(), value: 'Jupiter', correct: true },
        { id: id(), value: 'Venus', correct: false },
        { id: id(), value: 'Saturn', correct: false },
      ],
      media: null,
      points: 20,
      locked: false,
    },
    {
      id: id(),
      name: 'Team selfie',
      type: 'standardChallenge',
      text: 'Line up from tallest to shortest and show the organiser.',
      answers: [],
      media: null,
      points: 30,
      locked: false,
    },
  ];
}

async function call<T>(
  origin: string,
  method: string,
  pathname: string,
  body?: unknown,
  token?: string,
) {
  const response = await fetch(origin + pathname, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export async function prepareWorld(origin: string): Promise<World> {
  const account: Account = {
    email: `video-organiser-${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct horse battery staple',
    name: 'Olive Organiser',
  };
  const { token } = await call<{ token: string }>(origin, 'POST', '/v1/auth/sign-up', account);
  const template = await call<{ id: string }>(
    origin,
    'POST',
    '/v1/templates',
    { name: DEMO_NAME, steps: demoSteps() },
    token,
  );
  const demo = await call<{ gameStatusUrl: string }>(
    origin,
    'POST',
    `/v1/templates/${template.id}/demo_game`,
    {},
    token,
  );
  const statusPath = new URL(demo.gameStatusUrl, origin).pathname;
  const status = await call<{ code: string; scoreboardUrl: string }>(
    origin,
    'GET',
    statusPath,
    undefined,
    token,
  );
  const scoreboard = new URL(status.scoreboardUrl, origin);
  return {
    origin,
    account,
    demoCode: status.code,
    scoreboardPath: scoreboard.pathname + scoreboard.search,
    builderReady: false,
    libraryHasBlank: false,
  };
}

/**
 * Signs in through the app's own sign-in page and opens each screen the scenes use once, so that
 * their data is in the local database and their code in the cache; finds out what this build
 * has. The page stays open: the browser's sync worker lives on between the scenes.
 */
export async function setUpBrowser(page: Page, world: World): Promise<void> {
  const visible = (locator: Locator, timeout: number) =>
    locator
      .first()
      .waitFor({ state: 'visible', timeout })
      .then(() => true)
      .catch(() => false);
  await page.goto(`${world.origin}/sign-in`);
  await page.getByLabel('E-mail').fill(world.account.email);
  await page
    .getByLabel(/^Password/)
    .and(page.locator('input'))
    .fill(world.account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  await page.goto(`${world.origin}/builder`);
  const notFound = page.getByRole('heading', { name: 'Page not found' });
  world.builderReady = !(await visible(notFound, 3_000));

  await page.goto(`${world.origin}/templates`);
  if (await visible(page.getByRole('article'), 30_000)) {
    world.libraryHasBlank = await visible(page.getByRole('article', { name: /blank/i }), 500);
  }
  await page.goto(world.origin + world.scoreboardPath);
  await visible(page.getByText(/Ranking|Scoreboard/i), 10_000);
  await page.goto(`${world.origin}/play`);
  await visible(page.getByLabel('Activity code'), 10_000);
  await page.goto(`${world.origin}/`);
}
