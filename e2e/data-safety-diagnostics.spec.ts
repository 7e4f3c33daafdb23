/**
 * Diagnostics that survive restarts, and "Copy report", in the built app:
 * after a push, "Last push" still shows its time after a reload and after every tab closed
 * (the SharedWorker, and the engine in it, start afresh); "Copy report" puts a plain-text
 * report on the clipboard, and shows it to copy by hand when the clipboard is refused.
 */
import { expect, test, type Page } from '@playwright/test';

const SHOTS = 'test-results/screens';

/** Errors the page or its scripts log: the panel must run without any. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function openPanel(page: Page) {
  await page.goto('/diagnostics');
  // A full start of the app (its database, a new worker): slower than one step on a busy machine.
  await expect(page.getByRole('heading', { name: 'Sync diagnostics', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId('worker-mode')).toContainText('Shared worker');
  await expect(page.getByTestId('connection-state')).toHaveText('Online');
}

const lastPush = (page: Page) => page.locator('[data-fact="Last push"]');

/** A blank activity made in the builder is pushed by the engine; answers the push's time. */
async function pushSomething(page: Page): Promise<string> {
  await page.goto('/builder');
  await expect(page).toHaveURL(/\/builder\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/')[2] ?? '';
  await openPanel(page);
  const row = page.getByTestId('documents-panel').locator(`[data-document-id="${id}"]`);
  await expect(row.locator('[data-state]')).toHaveAttribute('data-state', 'synced');
  const time = lastPush(page).locator('time');
  await expect(time).toBeVisible();
  const at = await time.getAttribute('datetime');
  expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  return at!;
}

test('"Last push" keeps its time after a reload and after every tab closed', async ({
  page,
  context,
}) => {
  // The app and its worker start three times over: more than one test's usual time.
  test.slow();
  const errors = collectErrors(page);
  const pushedAt = await pushSomething(page);

  await page.reload();
  await expect(page.getByTestId('connection-state')).toHaveText('Online');
  await expect(lastPush(page).locator('time')).toHaveAttribute('datetime', pushedAt);
  await expect(lastPush(page)).not.toContainText('Never');
  expect(errors).toEqual([]);

  // Every tab closed: the SharedWorker goes, and the next tab starts a new one.
  for (const open of context.pages()) await open.close();
  const next = await context.newPage();
  const nextErrors = collectErrors(next);
  await openPanel(next);
  await expect(lastPush(next).locator('time')).toHaveAttribute('datetime', pushedAt);
  await expect(lastPush(next)).not.toContainText('Never');
  await next.screenshot({ path: `${SHOTS}/diagnostics-after-restart.png` });
  expect(nextErrors).toEqual([]);
});

test('"Copy report" puts a plain-text support report on the clipboard, from the keyboard too', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow(); // the app starts twice (builder, then diagnostics)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const errors = collectErrors(page);
  const pushedAt = await pushSomething(page);
  const anonId = (await context.cookies()).find((c) => c.name === 'wgAnonId')?.value ?? '';
  expect(anonId).toMatch(/^[0-9a-f-]{36}$/);

  const button = page.getByRole('button', { name: 'Copy report' });
  await expect(button).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/diagnostics-copy-report.png` });
  await button.focus();
  await page.keyboard.press('Enter');
  const copied = page.getByRole('button', { name: 'Copied' });
  await expect(copied).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'copied' })).toHaveText(
    'Support report copied to the clipboard.',
  );
  await page.screenshot({ path: `${SHOTS}/diagnostics-copy-report-copied.png` });

  const report = await page.evaluate(() => navigator.clipboard.readText());
  expect(report).toMatch(/^Teamtrail support report\nCreated: \d{4}-\d{2}-\d{2}T/);
  expect(report).toMatch(/\nApp version: \d+\.\d+\.\d+/);
  expect(report).toContain('Sync worker: shared worker (one engine for every tab)');
  expect(report).toContain('- Connection: online');
  expect(report).toContain(`- Last push: ${pushedAt} (`);
  expect(report).toMatch(/\n- Last pull: \d{4}-/);
  expect(report).toContain('- Live updates (event stream): ');
  expect(report).toContain('Recent failures: none');
  expect(report).toContain('Conflict log: empty');
  expect(report).toContain('- Local templates: 1 (1 synced)');
  expect(report).toMatch(/\n- Storage used: [\d.]+ [KMG]?B of /);
  // The guest's id is cut to its first block; nothing like a credential is in it.
  expect(report).toContain(`- Syncing for: Guest ${anonId.split('-')[0]}…`);
  expect(report).not.toContain(anonId);
  expect(report).not.toMatch(/bearer|token|authorization/i);

  // The confirmation goes by itself, and the button can copy again.
  await expect(button).toBeVisible();
  expect(errors).toEqual([]);
});

test('when the clipboard is refused, the report opens to be copied by hand', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator.clipboard, 'writeText', {
      value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    });
  });
  const errors = collectErrors(page);
  await openPanel(page);

  await page.getByRole('button', { name: 'Copy report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy the report' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('did not let Teamtrail use the clipboard');
  const text = dialog.getByRole('textbox', { name: 'Support report' });
  await expect(text).toBeFocused();
  await expect(text).toHaveValue(/^Teamtrail support report\n/);
  await expect(text).toHaveValue(/- Connection: online/);
  await page.screenshot({ path: `${SHOTS}/diagnostics-copy-report-by-hand.png` });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Copy report' })).toBeFocused();
  expect(errors).toEqual([]);
});
