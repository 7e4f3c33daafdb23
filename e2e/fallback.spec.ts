/**
 * SPEC §2.10 in the built app: an unhandled rendering error shows the fallback screen, word for
 * word, with the support contacts. The error is made real by serving a screen's chunk whose
 * component throws while rendering.
 */
import { expect, test } from '@playwright/test';

// A chunk served by the service worker would bypass page.route.
test.use({ serviceWorkers: 'block' });

test('a screen that throws while rendering shows the fallback error screen', async ({ page }) => {
  await page.route(/\/assets\/PricingPage-[\w-]+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'export function PricingPage() { throw new Error("A rendering error for the test"); }',
    }),
  );
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: "It's not you, it's us!" })).toBeVisible();
  await expect(
    page.getByText(
      'We have received a notification of this error and our developers are looking into it.',
    ),
  ).toBeVisible();
  await expect(
    page.getByText(
      'If you need help from our user service team, please do not hesitate to contact us:',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Call Us' })).toHaveAttribute('href', /^tel:\+/);
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    /^mailto:.+\?subject=Teamtrail%20Error$/,
  );
  // The error was reported (to the console here; to Sentry when it is configured).
  expect(errors.join('\n')).toContain('A rendering error for the test');
});
