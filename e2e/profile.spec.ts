/**
 * The profile in the built app: a new organiser opens it from the sidebar's account
 * button, sees their name, e-mail and the FREE plan with what it allows, and signs out from it.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';

test('a new organiser opens the profile from the account button and signs out from it', async ({
  page,
}) => {
  const email = `profile-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/sign-up');
  await page.getByLabel('Your name').fill('Priya Profile');
  await page.getByLabel('E-mail').fill(email);
  await page
    .getByLabel(/^Password/)
    .and(page.locator('input'))
    .fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();

  await page.getByRole('button', { name: 'Account: Priya Profile' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByRole('heading', { name: 'Priya Profile' })).toBeVisible();
  await expect(account.getByText(email)).toBeVisible();
  const plan = page.getByRole('region', { name: 'Free' });
  await expect(plan.getByTestId('profile-plan-badge')).toHaveText('FREE plan');
  await expect(plan.getByRole('listitem')).toContainText(['Up to 3 players per activity']);
  await expect(plan.getByRole('link', { name: 'View plans' })).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  // A guest cannot stay on a protected screen (SPEC §2.1): back to the Dashboard, signed out.
  await expect(page).toHaveURL(/\/$/);
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar.getByRole('link', { name: 'Sign In / Up' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account:/ })).toHaveCount(0);
});
