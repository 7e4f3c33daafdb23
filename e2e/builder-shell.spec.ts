/**
 * The Activity Builder's entry, chrome and Create Account blocker in the built app (SPEC §2.8):
 * a guest opens /builder, a blank copy is made on the device, the URL is replaced and the
 * wglastTemplateId cookie set; the overview shows and saves the name; leaving the builder is
 * stopped by the Create Account dialog, and closing it lets the navigation proceed.
 */
import { expect, test } from '@playwright/test';

const SHOTS = 'test-results/screens';

test('a guest starts a blank activity, names it, and is asked to create an account on leaving', async ({
  page,
  context,
}) => {
  await page.goto('/builder');
  await expect(page).toHaveURL(/\/builder\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/')[2] ?? '';
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'wglastTemplateId')?.value)
    .toBe(id);

  // The overview of the blank copy: its one task still needs its details.
  const tasks = page.getByTestId('overview-section-tasks');
  await expect(tasks).toHaveAttribute('title', 'One or more tasks are invalid');
  await expect(page.getByTestId('overview-section-styling')).toHaveAttribute(
    'title',
    'No issues found with styling',
  );
  await expect(page.getByTestId('template-type')).toHaveText('Type: Indoor');
  await expect(page.getByRole('button', { name: 'Test Activity' })).toBeDisabled();
  await expect(page.getByRole('img', { name: 'Phone preview of the activity' })).toBeVisible();

  const name = page.getByLabel(/^Name/);
  await expect(name).toHaveValue('Untitled activity');
  await name.fill('');
  await expect(page.getByText('An activity name is required')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/builder-overview-empty-name.png` });
  await name.fill('Team onboarding quiz');
  await expect(page.getByText('An activity name is required')).toHaveCount(0);
  await page.getByLabel('Description').fill('A quick quiz for the first day.');
  await page.screenshot({ path: `${SHOTS}/builder-overview.png` });

  // The name is on the device: a reload shows it.
  await page.reload();
  await expect(page.getByLabel(/^Name/)).toHaveValue('Team onboarding quiz');

  // /builder again opens the remembered activity, not a new blank one.
  await page.goto('/builder');
  await expect(page).toHaveURL(new RegExp(`/builder/${id}$`));

  // The locations placeholder, the tabs (a quiz has Styling and Tasks only).
  await page.goto(`/builder/${id}/order`);
  await expect(page.getByText('[locations initial preview]')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Styling', 'Tasks']);
  await page.screenshot({ path: `${SHOTS}/builder-order.png` });
  await page.goto(`/builder/${id}/locations`);
  await expect(page.getByTestId('locations-placeholder')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/builder-locations.png` });
  await page.getByRole('link', { name: 'Back to Overview' }).click();
  await expect(page).toHaveURL(new RegExp(`/builder/${id}/overview$`));

  // Leaving for "/" is stopped by the Create Account dialog.
  await page.getByTestId('builder-logo').click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText("Don't lose your work - create your FREE account now."),
  ).toBeVisible();
  await expect(dialog.getByText('No credit card needed')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute(
    'href',
    '/sign-up?from=%2F',
  );
  await expect(page).toHaveURL(new RegExp(`/builder/${id}/overview$`));
  await page.screenshot({ path: `${SHOTS}/builder-blocker.png` });

  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Teamtrail', level: 1 })).toBeVisible();
});

test('an activity that is not on this device shows a way back', async ({ page }) => {
  await page.goto('/builder/6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f');
  await expect(
    page.getByRole('heading', { name: 'This activity is not on this device' }),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/builder-not-found.png` });
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
});
