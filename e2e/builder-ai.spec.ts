/**
 * SPEC §2.8 "Generate with AI" in the built app with the real server and its built-in
 * generator: a guest copies a library activity with locked tasks (SPEC §6), generates tasks on
 * the Edit Tasks screen, and the locked tasks keep their place and content on this device and,
 * once synced, on the server; a refused request offers "Try again?" with the topics kept; offline
 * the button says it needs the internet.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Step } from '../src/domain/schemas';
import { seriousViolations } from './support/axe';
import { guestAnonId, serverTemplate } from './support/builder';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';
/** The library's "Data Protection Essentials" (server/seed/library/data-protection-essentials.ts). */
const LIBRARY_ID = '2cc55b92-e172-4d8b-8c30-9cc374d1f858';
/** Where its locked tasks are ("Report a breach" and "Lost laptop"). */
const LOCKED_POSITIONS = [3, 4];
const TOPICS_LABEL =
  'Enter the topics you would like our AI Assistant to use... Be as descriptive as possible';
const DONE = 'Tasks generated and applied to activity.';
/** The sync worker pushes a new copy, then the client polls after 5 s. */
const GENERATION_TIMEOUT = 45_000;
const SYNC_TIMEOUT = 30_000;
/** The sync worker may be backing off after a busy moment of the machine: give it a minute. */
const PUSH_TIMEOUT = 60_000;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/builder-ai-${name}.png` });
const cardLabels = (page: Page) =>
  page
    .getByTestId('task-card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));

/**
 * A guest's copy of a library activity with locked tasks. The library screen needs an account
 * (SPEC §2.1), so the guest copies it through the API, as the app's own copy call does; the sync
 * worker brings the copy to the page.
 */
async function copyLibraryActivity(page: Page): Promise<string> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Teamtrail' })).toBeVisible();
  await expect
    .poll(async () => (await guestAnonId(page).catch(() => '')).length)
    .toBeGreaterThan(0);
  const response = await page.request.post(`/v1/templates/${LIBRARY_ID}/copy`, {
    headers: { anonid: await guestAnonId(page) },
    data: {},
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await page.goto(`/builder/${id}/tasks`);
  await expect(page.getByTestId('task-card').first()).toBeVisible({ timeout: SYNC_TIMEOUT });
  return id;
}

test.describe('SPEC §2.8 Generate with AI', () => {
  // axe's script is injected into the page.
  test.use({ bypassCSP: true });
  test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  test('locked tasks survive AI generation', async ({ page }) => {
    test.setTimeout(180_000);
    const id = await copyLibraryActivity(page);
    const generate = page.getByRole('button', { name: 'Generate with AI' });
    await expect(generate).toHaveAttribute('data-tour', 'generate-ai');
    const before = await cardLabels(page);
    expect(before.length).toBeGreaterThanOrEqual(10);
    for (const at of LOCKED_POSITIONS) {
      await expect(
        page
          .getByTestId('task-card')
          .nth(at)
          .getByRole('img', { name: /This is a locked task/ }),
      ).toBeVisible();
    }
    await shot(page, '0-tasks-header');

    // Step 1: topics.
    await generate.click();
    const dialog = page.getByRole('dialog', { name: 'Generate with AI' });
    await expect(
      dialog.getByText('Continuing will overwrite any current unlocked tasks'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Generate tasks' })).toBeDisabled();
    await shot(page, '1-topics-empty');
    await dialog
      .getByLabel(TOPICS_LABEL)
      .fill('Cyber security at work: phishing emails, strong passwords and locking your screen.');
    await expect(dialog.getByText('82 / 1000')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Generate tasks' })).toBeEnabled();
    await shot(page, '1-topics');
    expect(await seriousViolations(page)).toEqual([]);

    // Steps 2 and 3: thinking while the copy reaches the server, the request is made and polled.
    // The built-in generator is done in milliseconds and the server pushes that at once, so the
    // status the page asks for says "still running" until these steps have been looked at.
    let released = false;
    await page.route('**/v1/ai_content_requests/*', (route) =>
      released || route.request().method() !== 'GET'
        ? route.continue()
        : route.fulfill({ json: { completedAt: null, template: null, notice: null } }),
    );
    await dialog.getByRole('button', { name: 'Generate tasks' }).click();
    await expect(dialog.getByText('Thinking', { exact: true })).toBeVisible();
    await expect(dialog.getByText('This operation may take some time. Please wait')).toBeVisible();
    await shot(page, '2-thinking');
    await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible({
      timeout: GENERATION_TIMEOUT,
    });
    await shot(page, '3-polling');
    // The next 5 s poll finds the result.
    released = true;

    // Step 4: done.
    await expect(dialog.getByText(DONE)).toBeVisible({ timeout: GENERATION_TIMEOUT });
    await shot(page, '4-done');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();

    const after = await cardLabels(page);
    expect(after).toHaveLength(before.length);
    after.forEach((label, index) => {
      if (LOCKED_POSITIONS.includes(index)) expect(label).toBe(before[index]);
      else expect(label).not.toBe(before[index]);
    });
    await shot(page, '5-tasks-after');

    // The edit reaches the server like any other.
    const syncIndicator = page.getByTestId('sync-indicator');
    await expect(syncIndicator).toHaveAttribute('data-tone', 'synced', { timeout: PUSH_TIMEOUT });
    const server = await serverTemplate(page, id);
    expect(
      server?.steps.map((s: Step) => `Task ${server.steps.indexOf(s) + 1}: ${s.name}`),
    ).toEqual(after);
    for (const at of LOCKED_POSITIONS) expect(server?.steps[at]?.locked).toBe(true);
    expect(server?.steps.filter((s) => s.locked)).toHaveLength(LOCKED_POSITIONS.length);

    // And a reload shows the same tasks.
    await page.reload();
    await expect(page.getByTestId('task-card').first()).toBeVisible();
    expect(await cardLabels(page)).toEqual(after);
  });

  test('a refused request offers "Try again?" with the topics kept; offline the button needs the internet', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await copyLibraryActivity(page);
    await page.route('**/v1/ai_content_requests', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          errorMessage: 'The generated content or template contains incomplete data.',
        }),
      }),
    );
    await page.getByRole('button', { name: 'Generate with AI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate with AI' });
    await dialog.getByLabel(TOPICS_LABEL).fill('Password hygiene');
    await dialog.getByRole('button', { name: 'Generate tasks' }).click();
    await expect(
      dialog.getByText('The generated content or template contains incomplete data.'),
    ).toBeVisible({ timeout: GENERATION_TIMEOUT });
    await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await shot(page, '6-error');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Try again?' }).click();
    await expect(dialog.getByLabel(TOPICS_LABEL)).toHaveValue('Password hygiene');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await context.setOffline(true);
    const generate = page.getByRole('button', { name: 'Generate with AI' });
    await expect(generate).toHaveAttribute('aria-disabled', 'true');
    await generate.hover();
    await expect(
      page.getByText(
        'You are offline. Generating tasks with AI needs the internet: try again once you are back online.',
      ),
    ).toBeVisible();
    await shot(page, '7-offline-button');
    await generate.click({ force: true });
    await expect(dialog).toBeHidden();
    await context.setOffline(false);
    await expect(generate).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('closing the dialog while it polls keeps the result, with a notification', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await copyLibraryActivity(page);
    const before = await cardLabels(page);
    // The built-in generator is done in milliseconds and the server pushes that at once
    // (docs/ai.md "Finished: the push"): the status the page asks for says "still running" until
    // the dialog is closed, so that the organiser closes it while it polls, as this rule needs.
    let dialogClosed = false;
    await page.route('**/v1/ai_content_requests/*', (route) =>
      dialogClosed || route.request().method() !== 'GET'
        ? route.continue()
        : route.fulfill({ json: { completedAt: null, template: null, notice: null } }),
    );
    await page.getByRole('button', { name: 'Generate with AI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate with AI' });
    await dialog.getByLabel(TOPICS_LABEL).fill('Phishing and passwords');
    await dialog.getByRole('button', { name: 'Generate tasks' }).click();
    await dialog
      .getByRole('button', { name: 'Close', exact: true })
      .click({ timeout: GENERATION_TIMEOUT });
    await expect(dialog).toBeHidden();
    dialogClosed = true;

    const notice = page.getByTestId('generate-ai-notice');
    await expect(notice).toContainText(DONE, { timeout: GENERATION_TIMEOUT });
    await shot(page, '8-notice');
    const after = await cardLabels(page);
    for (const at of LOCKED_POSITIONS) expect(after[at]).toBe(before[at]);
    expect(after.filter((label, index) => label !== before[index])).toHaveLength(
      before.length - LOCKED_POSITIONS.length,
    );
  });
});
