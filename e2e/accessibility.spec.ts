/**
 * An accessibility check (axe-core with Playwright) on every screen: no serious or critical
 * violations. Every screen of the organiser app outside the builder, for a guest and
 * for a signed-in user, and the dialogs the Dashboard opens.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';

// axe is injected as a script; the app's content security policy allows only its own.
test.use({ bypassCSP: true });

async function expectNoSeriousViolations(page: Page, screen: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** Signs a fresh organiser up through the server and keeps the session on the device. */
async function signedIn(page: Page) {
  const response = await page.request.post('/v1/auth/sign-up', {
    data: {
      name: 'Axe Organiser',
      email: `axe-${randomUUID().slice(0, 8)}@example.com`,
      password: 'correct horse battery staple',
    },
  });
  expect(response.ok()).toBe(true);
  const session = (await response.json()) as { token: string; user: unknown };
  await page.addInitScript((stored) => {
    localStorage.setItem('teamtrail.session', JSON.stringify(stored));
  }, session);
}

const GUEST_SCREENS: { path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/',
    ready: (page) => expect(page.getByTestId('tile-create')).toBeVisible(),
  },
  {
    path: '/sign-in',
    ready: (page) => expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible(),
  },
  {
    path: '/sign-up',
    ready: (page) => expect(page.getByRole('button', { name: 'Create account' })).toBeVisible(),
  },
  {
    path: '/diagnostics',
    ready: (page) =>
      expect(page.getByRole('heading', { name: 'Sync diagnostics', level: 1 })).toBeVisible(),
  },
  {
    path: '/pricing',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    path: '/contact',
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    path: '/activity/type',
    ready: (page) => expect(page.getByText('Where will your activity take place')).toBeVisible(),
  },
  {
    path: '/no/such/page',
    ready: (page) => expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible(),
  },
];

test.describe('a guest', () => {
  for (const screen of GUEST_SCREENS) {
    test(`${screen.path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(screen.path);
      await screen.ready(page);
      await expectNoSeriousViolations(page, screen.path);
    });
  }

  test('the Dashboard dialogs have no serious or critical violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Play a demo/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'Play Demo dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: /Welcome video/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'video dialog');
  });
});

test.describe('a signed-in organiser', () => {
  test.beforeEach(async ({ page }) => signedIn(page));

  test('/templates has no serious or critical violations', async ({ page }) => {
    await page.goto('/templates');
    await expect(page.getByRole('heading', { name: 'Template Library', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose Template' }).first()).toBeVisible();
    await expectNoSeriousViolations(page, '/templates');
  });

  test('/activities has no serious or critical violations', async ({ page }) => {
    await page.goto('/activities');
    await expect(page.getByRole('heading', { name: 'My Activities', level: 1 })).toBeVisible();
    await expect(page.getByText("You haven't created any activities yet")).toBeVisible();
    await expectNoSeriousViolations(page, '/activities (empty)');
  });

  test('/profile has no serious or critical violations', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByText('Axe Organiser').first()).toBeVisible();
    await expectNoSeriousViolations(page, '/profile');
  });
});

test.describe('the Activity Builder (axe on every builder screen)', () => {
  test('overview, styling, theme, colours, tasks, locations and order', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/builder');
    await expect(page).toHaveURL(/\/builder\/[\w-]+$/);
    const base = new URL(page.url()).pathname;
    await expect(page.getByRole('button', { name: 'Test Activity' })).toBeVisible();
    await expectNoSeriousViolations(page, base);
    for (const screen of [
      'styling',
      'styling/theme',
      'styling/header',
      'styling/question',
      'styling/selfie',
      'tasks',
      'locations',
      'order',
    ]) {
      await page.goto(`${base}/${screen}`);
      await expect(page.getByRole('heading').first()).toBeVisible();
      // Not while a screen still waits for its local data (the layouts' loader).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoSeriousViolations(page, `${base}/${screen}`);
    }
  });
});
