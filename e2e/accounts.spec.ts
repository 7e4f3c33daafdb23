/**
 * Accounts in the built app (SPEC §2.2, §4): a guest signs up from the sidebar and
 * comes back to where they were, signed in, with the navigation of a signed-in user; the session
 * survives a reload; signing out returns to the guest's navigation; a wrong password is shown next to the form.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';

test('a guest signs up, stays signed in across a reload, and signs out', async ({ page }) => {
  const email = `new-organiser-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/diagnostics');
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: 'Sign In / Up' }).click();
  await expect(page).toHaveURL(/\/sign-in\?from=%2Fdiagnostics$/);
  await page.getByRole('link', { name: 'Create a free account' }).click();

  await page.getByLabel('Your name').fill('Olive Organiser');
  await page.getByLabel('E-mail').fill(email);
  await page
    .getByLabel(/^Password/)
    .and(page.locator('input'))
    .fill('password');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The server's refusal is shown next to the password field.
  await expect(page.getByText(/too easy to guess/)).toBeVisible();
  await page
    .getByLabel(/^Password/)
    .and(page.locator('input'))
    .fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();

  // Back where they were, signed in (SPEC §2.2 ?from=).
  await expect(page).toHaveURL(/\/diagnostics$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'My Activities',
    'Template Library',
    'Activity Builder',
  ]);
  await expect(page.getByRole('button', { name: 'Account: Olive Organiser' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Account: Olive Organiser' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(nav.getByRole('link')).toHaveText(['Dashboard']);
  await expect(sidebar.getByRole('link', { name: 'Sign In / Up' })).toBeVisible();
});

test('a wrong password is refused with the server’s message', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(`nobody-${randomUUID().slice(0, 8)}@example.com`);
  await page
    .getByLabel(/^Password/)
    .and(page.locator('input'))
    .fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(/Could not sign in/);
  await expect(page).toHaveURL(/\/sign-in$/);
});
