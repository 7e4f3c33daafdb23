/**
 * A focused field follows the document. Tab B's Name field has focus while tab A
 * renames the activity: B shows A's name (it has no text of its own being written), and B's next
 * keystroke edits A's name instead of silently writing B's stale one over it.
 */
import { expect } from '@playwright/test';
import { builderTest as test } from './support/builder';

test('a focused name field in a second tab shows a rename made in the first, and typing edits it', async ({
  context,
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/builder');
  await expect(page).toHaveURL(/\/builder\/[0-9a-f-]{36}/);
  const url = page.url();
  const nameInA = page.getByLabel(/^Name/);
  await nameInA.fill('Quiz night');
  await expect(page.getByText(/saved on this device|All changes synced/i).first()).toBeVisible();

  const tabB = await context.newPage();
  await tabB.goto(url);
  const nameInB = tabB.getByLabel(/^Name/);
  await expect(nameInB).toHaveValue('Quiz night');
  await nameInB.focus();

  await nameInA.fill('Quiz night in Leeds');
  await expect(nameInB).toHaveValue('Quiz night in Leeds');
  await expect(nameInB).toBeFocused();

  await nameInB.press('End');
  await nameInB.pressSequentially('!');
  await expect(nameInB).toHaveValue('Quiz night in Leeds!');
  await expect(nameInA).toHaveValue('Quiz night in Leeds!');
});
