/** Smoke journey: the built web app loads from the real server, and the API answers. */
import { expect, test } from '@playwright/test';

test('the Dashboard loads from the real server', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Teamtrail');
  await expect(page.getByRole('heading', { name: 'Welcome to Teamtrail', level: 1 })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/home-1440.png' });
});

test('the API answers: health, the library, and JSON errors', async ({ request }) => {
  const health = await request.get('/v1/health');
  expect(health.ok()).toBe(true);
  expect(await health.json()).toMatchObject({ ok: true, database: 'pglite' });

  const library = await request.get('/v1/templates/library');
  expect(library.ok()).toBe(true);
  expect((await library.json()).length).toBeGreaterThanOrEqual(12);
  expect(library.headers()['anonid']).toMatch(/^[0-9a-f-]{36}$/);

  const missing = await request.get('/v1/no-such-call');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toHaveProperty('errorMessage');
});

test('a reload on a client-side route serves the app, not a 404', async ({ page }) => {
  const response = await page.goto('/diagnostics');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Sync diagnostics' })).toBeVisible();
});

test('an unknown address shows the app\'s own "Page not found" with a way home', async ({
  page,
}) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { name: 'Teamtrail' })).toBeVisible();
});
