/**
 * A guest from the AI wizard to the builder (SPEC §1: guests run the wizard and open the builder,
 * and are asked for a free account before leaving it): a signed-out visitor runs the wizard with
 * the server's built-in generator, opens the generated tasks from the demo's account gate, edits
 * a task name, is stopped by the Create Account blocker on leaving, signs up from it, and finds
 * the edited activity still there as the new user's.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { firstTask, leavingIsWarned, taskCards } from './support/builder';

// 3 s before asking, 5 s polls and a 2 s redirect (SPEC §9).
test.setTimeout(90_000);
const FLOW_TIMEOUT = 20_000;
const SHOTS = 'test-results/screens';

test('a guest from wizard to builder', async ({ page }) => {
  await page.goto('/activity');
  await page.getByRole('button', { name: 'Indoor' }).click();
  await page.getByRole('button', { name: '10 Tasks' }).click();
  await page
    .getByLabel('AI Assistant Prompt')
    .fill('Food hygiene, our values of craft and kindness, and the history of our bakery.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByPlaceholder('E.g New starter onboarding').fill('Bakery onboarding');
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  // The wizard runs by itself to the demo's account gate.
  await expect(page).toHaveURL(/\/activity\/[^/]+\/demo\/create$/, { timeout: 2 * FLOW_TIMEOUT });
  const templateId = new URL(page.url()).pathname.split('/')[2] ?? '';
  await expect(
    page.getByText('To create your demo activity you need a FREE account.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in / Sign up' })).toBeVisible();
  await expect(
    page.getByText('Not ready yet? Look through and edit the tasks first.'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/guest-demo-gate.png` });

  // The secondary way on: the generated tasks in the builder, read from this device.
  await page.getByRole('link', { name: 'Open in the Activity Builder' }).click();
  await expect(page).toHaveURL(new RegExp(`/builder/${templateId}/tasks$`));
  await expect(page.getByRole('heading', { name: 'Edit Tasks' })).toBeVisible();
  await expect(taskCards(page)).toHaveCount(10);
  await expect(page.getByLabel(/^Name/)).toHaveValue('Bakery onboarding');

  // The guest edits a task name; it is kept on the device.
  const card = await firstTask(page);
  const taskName = card.getByLabel('Task name');
  await expect(taskName).not.toHaveValue('');
  await taskName.fill('Our founding year');
  await taskName.blur();
  await expect.poll(() => leavingIsWarned(page)).toBe(false);
  await page.reload();
  await expect(taskCards(page).first()).toContainText('Our founding year');

  // Leaving the builder is stopped by the Create Account blocker (SPEC §2.8).
  await page.getByTestId('builder-logo').click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText("Don't lose your work - create your FREE account now."),
  ).toBeVisible();
  await expect(dialog.getByText('No credit card needed')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/sign-in?from=%2F',
  );
  await expect(page).toHaveURL(new RegExp(`/builder/${templateId}/tasks$`));
  await page.screenshot({ path: `${SHOTS}/guest-builder-blocker.png` });

  // Signing up from the blocker keeps the guest's work: it becomes the new user's.
  await dialog.getByRole('link', { name: 'Sign up for free' }).click();
  await expect(page).toHaveURL(/\/sign-up\?from=%2F$/);
  await page.getByLabel('Your name').fill('Gwen Guest');
  await page.getByLabel('E-mail').fill(`guest-${randomUUID().slice(0, 8)}@example.com`);
  await page
    .getByLabel(/^Password/)
    .and(page.locator('input'))
    .fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account: Gwen Guest' })).toBeVisible();

  await page.goto(`/builder/${templateId}/tasks`);
  await expect(taskCards(page)).toHaveCount(10);
  await expect(taskCards(page).first()).toContainText('Our founding year');
  // Signed in now: leaving is no longer stopped.
  await page.getByTestId('builder-logo').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Create Account' })).toHaveCount(0);
});
