/**
 * Data safety in the built app, as people share and lose browsers (docs/sync.md, "One local
 * database per owner", "The guest's identity"):
 * - two accounts on one browser: nothing of one is shown to, or written by, the other, and each
 *   gets their own last activity back from "Activity Builder";
 * - sign-out with changes that have not reached the server warns, and can wait for sync;
 * - the organiser's activity reaches the server by itself after the network comes back without
 *   the browser saying so (a cut between browser and server, e2e/support/networkCut.ts).
 */
import { expect, type Page } from '@playwright/test';
import { builderTest } from './support/builder';
import { onboardingDoneState } from './support/onboarding';
import { PASSWORD, freshEmail, signInInBrowser, signUpInBrowser } from './support/organiserApi';

/** The built app behind a network the test can cut. */
const test = builderTest.extend({
  baseURL: async ({ network }, use) => use(network.origin),
  storageState: async ({ network }, use) => use(onboardingDoneState(network.origin)),
});

const ACTIVITY_URL = /\/builder\/([0-9a-f-]{36})(\?|$)/;

async function openedActivityId(page: Page): Promise<string> {
  await expect(page).toHaveURL(ACTIVITY_URL);
  return ACTIVITY_URL.exec(page.url())![1]!;
}

async function nameActivity(page: Page, name: string) {
  const field = page.getByLabel(/^Name/);
  await field.fill(name);
  await expect(field).toHaveValue(name);
}

async function signOutFromDashboard(page: Page) {
  await page.getByRole('link', { name: 'Teamtrail dashboard' }).first().click();
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
}

/** Signs out with everything on the server (no question asked), and waits until it is done. */
async function signOutSynced(page: Page) {
  await signOutFromDashboard(page);
  await expect(page.getByRole('link', { name: 'Sign In / Up' }).first()).toBeVisible();
}

test('two accounts on one browser never see or touch each other’s activities, and each gets their own back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const first = freshEmail('first');
  const second = freshEmail('second');

  let firstActivity = '';
  await test.step('the first organiser builds and syncs an activity, then signs out', async () => {
    await page.goto('/');
    await signUpInBrowser(page, { from: '/builder', email: first, name: 'First Organiser' });
    firstActivity = await openedActivityId(page);
    await nameActivity(page, 'First organiser’s plan');
    await expect(page.getByText('All changes synced')).toBeVisible({ timeout: 30_000 });
    // Everything had reached the server: no question asked.
    await signOutSynced(page);
  });

  let secondActivity = '';
  await test.step('the second organiser gets a blank activity of their own, not the first one’s', async () => {
    await signUpInBrowser(page, { from: '/builder', email: second, name: 'Second Organiser' });
    secondActivity = await openedActivityId(page);
    expect(secondActivity).not.toBe(firstActivity);
    await expect(page.getByLabel(/^Name/)).not.toHaveValue('First organiser’s plan');
    await nameActivity(page, 'Second organiser’s plan');
    await expect(page.getByText('All changes synced')).toBeVisible({ timeout: 30_000 });
  });

  await test.step('the first one’s activity cannot be opened, nor seen in diagnostics', async () => {
    await page.goto(`/builder/${firstActivity}`);
    await expect(page.getByText('This activity is not on this device')).toBeVisible();
    await expect(page.getByLabel(/^Name/)).toHaveCount(0);
    await page.goto('/diagnostics');
    await expect(page.getByText('Second organiser’s plan').first()).toBeVisible();
    await expect(page.getByText('First organiser’s plan')).toHaveCount(0);
  });

  await test.step('back on the browser, the first organiser gets their own activity back', async () => {
    await signOutSynced(page);
    await signInInBrowser(page, { from: '/builder', email: first });
    expect(await openedActivityId(page)).toBe(firstActivity);
    await expect(page.getByLabel(/^Name/)).toHaveValue('First organiser’s plan');
  });
});

test('signing out with changes that have not reached the server warns, and can wait for sync', async ({
  page,
  network,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const { email } = await signUpInBrowser(page, { from: '/builder' });
  const activity = await openedActivityId(page);
  await expect(page.getByText('All changes synced')).toBeVisible({ timeout: 30_000 });
  // The dashboard's code is fetched once while online (as the service worker would hold it).
  await page.getByRole('link', { name: 'Teamtrail dashboard' }).first().click();
  await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel(/^Name/)).toBeVisible();

  network.cut();
  await nameActivity(page, 'Edited while the network was down');
  await signOutFromDashboard(page);
  const dialog = page.getByRole('dialog', { name: 'Some changes are not on the server yet' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('sign-out-unsynced')).toContainText('Changes to 1 activity');

  await test.step('waiting while offline explains why it cannot finish, and stays signed in', async () => {
    await dialog.getByRole('button', { name: 'Wait for sync' }).click();
    await expect(dialog.getByRole('status')).toContainText('cannot be reached', {
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
  });

  await test.step('once the network is back, waiting signs out after the change reached the server', async () => {
    network.restore();
    await dialog.getByRole('button', { name: 'Wait for sync' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Sign In / Up' }).first()).toBeVisible();
  });

  // Signed out now (the session is over): the check signs in afresh through the API.
  const signIn = await page.request.post('/v1/auth/sign-in', {
    data: { email, password: PASSWORD },
  });
  const { token } = (await signIn.json()) as { token: string };
  const server = await page.request.get(`/v1/templates/${activity}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(server.status()).toBe(200);
  expect(((await server.json()) as { name: string }).name).toBe(
    'Edited while the network was down',
  );
});
