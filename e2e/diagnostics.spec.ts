/**
 * The sync diagnostics panel in the built app: the SharedWorker starts and syncs, a template
 * made on the server reaches the local database, the export holds no credentials, and "Reset
 * local data" asks before deleting and really starts afresh.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';

/** Errors the page or its scripts log: the panel must run without any. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function guestAnonId(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'wgAnonId');
  expect(cookie?.value, 'the app keeps the guest id in the wgAnonId cookie').toMatch(
    /^[0-9a-f-]{36}$/,
  );
  return cookie!.value;
}

/** Creates a template for this page's guest on the server, as another device of theirs would. */
async function createOnServer(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/v1/templates', {
    headers: { anonid: await guestAnonId(page) },
    data: { name },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function openPanel(page: Page) {
  await page.goto('/diagnostics');
  await expect(page.getByRole('heading', { name: 'Sync diagnostics', level: 1 })).toBeVisible();
  // The engine has started in the SharedWorker and reached the server.
  await expect(page.getByTestId('worker-mode')).toContainText('Shared worker');
  await expect(page.getByTestId('connection-state')).toHaveText('Online');
  // The first pull has filled the read-only lists.
  await expect(page.getByTestId('cached-counts')).toContainText(/^[1-9]\d* library templates/);
}

function collectKeys(value: unknown, keys: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => collectKeys(item, keys));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      keys.push(key);
      collectKeys(inner, keys);
    }
  }
  return keys;
}

test('the sidebar links a guest to the panel', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Sync diagnostics' })
    .click();
  await expect(page).toHaveURL(/\/diagnostics$/);
  await expect(page.getByRole('heading', { name: 'Sync diagnostics', level: 1 })).toBeVisible();
});

test('the panel shows the worker online, syncs on demand and lists a pulled template', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPanel(page);
  await expect(page.getByTestId('documents-panel')).toContainText('No templates on this device');

  const id = await createOnServer(page, 'Diagnostics e2e quiz');
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('sync-now-finished')).toBeVisible();

  const row = page.getByTestId('documents-panel').locator(`[data-document-id="${id}"]`);
  await expect(row).toContainText('Diagnostics e2e quiz');
  await expect(row.locator('[data-state]')).toHaveAttribute('data-state', 'synced');
  await expect(page.getByTestId('push-queue-panel')).toContainText('Nothing waiting');
  expect(errors).toEqual([]);
});

test('"Export diagnostics" downloads the documents without any credentials', async ({ page }) => {
  const errors = collectErrors(page);
  await openPanel(page);
  const id = await createOnServer(page, 'Exported quiz');
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(
    page.getByTestId('documents-panel').locator(`[data-document-id="${id}"]`),
  ).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export diagnostics' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^teamtrail-diagnostics-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.json$/,
  );
  const text = await readFile(await download.path(), 'utf8');
  const report = JSON.parse(text) as {
    documents: Array<{ id: string; state: string }>;
    worker: string;
  };

  expect(Array.isArray(report.documents)).toBe(true);
  expect(report.documents).toContainEqual(expect.objectContaining({ id, state: 'synced' }));
  expect(report.worker).toBe('shared-worker');
  expect(collectKeys(report).filter((key) => /authorization|token/i.test(key))).toEqual([]);
  expect(text).not.toMatch(/bearer\s/i);
  expect(errors).toEqual([]);
});

test('"Reset local data" asks first, can be cancelled, and deletes this owner\'s local copy, which the server then refills', async ({
  page,
}) => {
  const errors = collectErrors(page);
  // A blank activity made in the builder is pushed: "Last push" is remembered in the local
  // database (sync/statusMemory.ts), so it shows whether that database was really deleted.
  await page.goto('/builder');
  await expect(page).toHaveURL(/\/builder\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/')[2] ?? '';
  await openPanel(page);
  const row = page.getByTestId('documents-panel').locator(`[data-document-id="${id}"]`);
  await expect(row.locator('[data-state]')).toHaveAttribute('data-state', 'synced');
  const lastPush = page.locator('[data-fact="Last push"]');
  await expect(lastPush.locator('time')).toBeVisible();

  await page.getByRole('button', { name: 'Reset local data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset local data?' });
  await expect(dialog).toBeVisible();
  // Everything is on the server: a plain confirmation, no acknowledgement needed.
  await expect(dialog).toContainText('Everything on this device has reached the server');
  await expect(dialog.getByRole('button', { name: 'Delete local data' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  // Confirmed: the local database is deleted and the page reloads with an empty one, which the
  // engine fills again from the server (nothing of this owner's is lost).
  await page.getByRole('button', { name: 'Reset local data' }).click();
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Delete local data' }).click();
  await reloaded;
  await expect(page.getByTestId('connection-state')).toHaveText('Online');
  await expect(page.getByTestId('cached-counts')).toContainText(/^[1-9]\d* library templates/);
  await expect(lastPush).toContainText('Never');
  await expect(row.locator('[data-state]')).toHaveAttribute('data-state', 'synced');
  expect(errors).toEqual([]);
});
