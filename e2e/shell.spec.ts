/**
 * The app shell in the built app (SPEC §1, §2.1, §2.2): the sidebar layout on a desktop, the
 * desktop-only notice on a phone, the 404 page for an unknown path.
 */
import { expect, test } from '@playwright/test';

test.describe('on a desktop (1440x900)', () => {
  test('the shell renders with the sidebar, the guest navigation and the upgrade panel', async ({
    page,
  }) => {
    await page.goto('/');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('img', { name: 'Teamtrail' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Guests see only the items that do not require sign-in.
    await expect(nav.getByRole('link')).toHaveText(['Dashboard']);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sidebar.getByRole('link', { name: 'Sign In / Up' })).toHaveAttribute(
      'href',
      '/sign-in?from=%2F',
    );
    await expect(
      sidebar.getByText(
        'Sign up to a FREE account to save, test, and deliver your first activity.',
      ),
    ).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'View plans' })).toBeVisible();
    // The index is the Dashboard (SPEC §2.3), inside the shell.
    await expect(
      page.getByRole('heading', { name: 'Welcome to Teamtrail', level: 1 }),
    ).toBeVisible();
    await expect(page.getByTestId('desktop-only-notice')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/shell-1440.png' });
  });

  test('the sidebar is reached by keyboard', async ({ page }) => {
    await page.goto('/diagnostics');
    await expect(page.getByRole('heading', { name: 'Sync diagnostics', level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Teamtrail dashboard' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the desktop-only notice shows instead of the app', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Teamtrail is only supported on desktop at this time' }),
    ).toBeVisible();
    await expect(page.getByText('preferably Google Chrome')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/desktop-only-390.png' });
  });
});
