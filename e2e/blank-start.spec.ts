/**
 * No dead ends: a blank start after earlier builder use, in the built app with the
 * real server. "Activity Builder" reopens the last activity, so once an organiser has named one,
 * the Template Library's Blank card and the "Create new game" dialog's "Start blank" are the way
 * to a new, empty activity: each opens a new id with the blank template's name, and the earlier
 * activity stays in My Activities and opens as it was.
 */
import { expect, test, type Page } from '@playwright/test';
import { BLANK_TEMPLATE } from '../src/domain/blankTemplate';
import { seriousViolations } from './support/axe';
import { signUpInBrowser } from './support/organiserApi';

// axe's script is injected into the page, which the app's Content Security Policy would refuse.
test.use({ bypassCSP: true });

const BUILDER_URL = /\/builder\/([0-9a-f-]{36})(?:\/overview)?$/;
/** The sync worker pushes the new activity and pulls My Activities; give it a moment. */
const SYNC_TIMEOUT = 20_000;
const EARLIER_NAME = 'Earlier activity';

/** The id of the activity the builder has open, once it has replaced the URL. */
async function openedActivity(page: Page): Promise<string> {
  await expect(page).toHaveURL(BUILDER_URL);
  return BUILDER_URL.exec(new URL(page.url()).pathname)?.[1] ?? '';
}

const nameField = (page: Page) => page.getByLabel(/^Name/);

/** A new activity: the blank template's name, not the earlier activity's. */
async function expectNewBlankActivity(page: Page, notIds: string[]): Promise<string> {
  const id = await openedActivity(page);
  expect(notIds).not.toContain(id);
  await expect(nameField(page)).toHaveValue(BLANK_TEMPLATE.name);
  return id;
}

const activityRow = (page: Page, name: string) =>
  page.getByTestId('activity-row').filter({ has: page.getByText(name, { exact: true }) });

test('after earlier builder use, the library\'s Blank card and the dialog\'s "Start blank" each open a new blank activity, and the earlier one stays', async ({
  page,
}) => {
  await signUpInBrowser(page, { from: '/' });

  // The organiser has used the builder: an activity with a name of their own.
  await page.goto('/builder');
  const earlierId = await openedActivity(page);
  await nameField(page).fill(EARLIER_NAME);
  await page.reload();
  await expect(nameField(page)).toHaveValue(EARLIER_NAME);
  // "Activity Builder" reopens it (no blank start there).
  await page.getByRole('link', { name: 'Activity Builder' }).click();
  await expect(page).toHaveURL(new RegExp(`/builder/${earlierId}`));

  // The Template Library's Blank card, first in its grid.
  await page.getByRole('link', { name: 'Template Library' }).click();
  const blankCard = page.getByTestId('library-grid').locator('> *').first();
  await expect(blankCard.getByRole('heading', { name: 'Blank activity' })).toBeVisible();
  await blankCard.getByRole('button', { name: 'Start blank' }).click();
  const fromLibraryId = await expectNewBlankActivity(page, [earlierId]);

  // The earlier activity is still in My Activities, beside the new one.
  await page.getByRole('link', { name: 'My Activities' }).click();
  await expect(activityRow(page, EARLIER_NAME)).toBeVisible({ timeout: SYNC_TIMEOUT });

  // The "Create new game" dialog's "Start blank", with the keyboard.
  await page.getByRole('button', { name: 'Create new game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create new game' });
  const startBlank = dialog.getByRole('button', { name: 'Start blank' });
  await expect(startBlank).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'From a template' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'With AI' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  for (let presses = 0; presses < 6; presses++) {
    if (await startBlank.evaluate((button) => button === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(startBlank).toBeFocused();
  await page.keyboard.press('Enter');
  await expectNewBlankActivity(page, [earlierId, fromLibraryId]);

  // The earlier activity opens as it was.
  await page.goto(`/builder/${earlierId}`);
  await expect(nameField(page)).toHaveValue(EARLIER_NAME);
});
