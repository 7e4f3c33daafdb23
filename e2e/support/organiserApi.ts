/**
 * An organiser's set-up for the My Activities journeys: sign up in the browser, then make
 * activities straight through the API with the same account (as another device of theirs would),
 * and, on a test's own API server, move the account to the PRO plan with the operator command.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { quizTasks } from '../../tests/fixtures/quiz';
import type { ApiServer } from './apiServer';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PASSWORD = 'correct horse battery staple';

export const freshEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** Signs up through /sign-up and comes back to `from`; answers the account's bearer token. */
export async function signUpInBrowser(
  page: Page,
  {
    origin = '',
    from,
    name = 'Olive Organiser',
    email = freshEmail('organiser'),
  }: {
    origin?: string;
    from: string;
    name?: string;
    email?: string;
  },
): Promise<{ email: string; token: string }> {
  await page.goto(`${origin}/sign-up?from=${encodeURIComponent(from)}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page
    .getByLabel(/^Password/)
    .and(page.locator('input'))
    .fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(cameBackTo(from));
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('teamtrail.session') ?? '{}') as { token?: string }).token,
  );
  if (!token) throw new Error('The browser kept no session after sign-up.');
  return { email, token };
}

/** Signs in through /sign-in and comes back to `from`. */
export async function signInInBrowser(
  page: Page,
  { origin = '', from, email }: { origin?: string; from: string; email: string },
) {
  await page.goto(`${origin}/sign-in?from=${encodeURIComponent(from)}`);
  await page.getByLabel('E-mail').fill(email);
  await page
    .getByLabel(/^Password/)
    .and(page.locator('input'))
    .fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(cameBackTo(from));
}

/**
 * Whether the page is back at `from` after signing in or up, or at a screen that `from` itself
 * opens at once: "/builder" goes on to "/builder/{id}" within milliseconds, too fast for a check
 * that polls for "/builder" itself.
 */
function cameBackTo(from: string): (url: URL) => boolean {
  return (url) => {
    const here = url.pathname + url.search;
    return (
      here === from || (from !== '/' && !from.includes('?') && url.pathname.startsWith(`${from}/`))
    );
  };
}

export async function signUpThroughApi(origin: string, email = freshEmail('organiser')) {
  const response = await fetch(`${origin}/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, name: 'Olive Organiser' }),
  });
  if (response.status !== 201)
    throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { email, token };
}

async function call<T>(origin: string, token: string, method: string, path: string, body?: object) {
  const response = await fetch(`${origin}/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Two tasks of the sample quiz that pass SPEC §5: a template made of them is ready to launch. */
function readySteps() {
  const { capital, highFives } = quizTasks();
  return [capital, highFives];
}

export interface Activity {
  id: string;
  name: string;
}

/** A template: ready to launch (two valid tasks) or a draft (a name only, "unpublished"). */
export async function createActivity(
  origin: string,
  token: string,
  name: string,
  { ready = true, duration = 30 }: { ready?: boolean; duration?: number } = {},
): Promise<Activity> {
  const body = ready ? { name, steps: readySteps(), duration } : { name, duration };
  const template = await call<{ id: string }>(origin, token, 'POST', '/templates', body);
  return { id: template.id, name };
}

/** "Play": live for the rest of the day. */
export const launchActivity = (origin: string, token: string, activity: Activity) =>
  call<{ gameStatusUrl: string }>(origin, token, 'POST', `/templates/${activity.id}/publish`, {});

/** "End now" from the game controls, for the game a launch or schedule answered. */
export const endLaunchedGame = (origin: string, token: string, gameStatusUrl: string) =>
  call<{ phase: string }>(
    origin,
    token,
    'POST',
    `/games/${encodeURIComponent(gameStatusUrl.split('/games/')[1]!)}/end`,
  );

export const scheduleActivity = (
  origin: string,
  token: string,
  activity: Activity,
  window: { name: string; startsAt: Date; endsAt: Date },
) =>
  call<{ gameStatusUrl: string }>(origin, token, 'POST', `/templates/${activity.id}/publish`, {
    name: window.name,
    startsAt: window.startsAt.toISOString(),
    endsAt: window.endsAt.toISOString(),
  });

/**
 * Moves an account to PRO with `npm run admin` (server/admin.ts). The embedded database allows
 * one process, so the test's own API server is stopped meanwhile and started again.
 */
export async function makePro(api: ApiServer, email: string) {
  await api.stop();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/admin.ts', 'plan', email, 'pro'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: api.dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`admin plan pro failed (${code}): ${output}`)),
    );
  });
  await api.start();
}
