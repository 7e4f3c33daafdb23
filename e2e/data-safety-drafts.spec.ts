/**
 * No edit window, in the built app in Chromium: what an organiser types in
 * the builder is on the device at once. Text typed into a task (its name, question, an answer,
 * its points) or into the activity's name and description is there after a reload made 0 ms
 * after the last keystroke (the task fields used to wait 300 ms before being written, and a
 * reload in that window lost them without a warning). While a typed value is not in IndexedDB
 * yet, the leave-page guard is armed, and once it is, it is not.
 *
 * A reload while a write is still in flight asks "Leave site?" (that is the guard); the tests
 * answer it as an organiser in a hurry would: leave. What the page's leaving cut short is then
 * written back from the tab's draft journal (src/features/builder/draftJournal.ts).
 */
import { expect, type Page } from '@playwright/test';
import { builderTest as test, firstTask, leavingIsWarned } from './support/builder';

/** Opens the builder as a guest on a blank activity (one empty multiple-choice task). */
async function openBlankActivity(page: Page): Promise<string> {
  await page.goto('/builder');
  await expect(page).toHaveURL(/\/builder\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}

test.describe('no edit window: builder edits are on the device at once', () => {
  // Each test starts its own API server (embedded PGlite), which counts against its time.
  test.describe.configure({ timeout: 120_000 });
  test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

  test.beforeEach(({ page }) => {
    page.on('dialog', (dialog) => void dialog.accept());
  });

  test('a task’s name, question, answer and points typed 0 ms before a reload are there after it', async ({
    page,
  }) => {
    const id = await openBlankActivity(page);
    await page.goto(`/builder/${id}/tasks`);
    const fields = [
      { label: 'Task name', typed: 'Borrowed chairs' },
      { label: 'Question', typed: 'Which shop lent the founders their chairs?' },
      { label: 'Answer 1', typed: 'The bakery on Mill Street' },
      { label: 'Points', typed: '35' },
    ];
    for (const { label, typed } of fields) {
      await test.step(`${label}: typed, then reloaded at once`, async () => {
        const input = (await firstTask(page)).getByLabel(label, { exact: true });
        await input.click();
        await input.press('ControlOrMeta+a');
        await page.keyboard.type(typed);
        // No wait of any kind between the last keystroke and the reload.
        await page.reload();
        await expect((await firstTask(page)).getByLabel(label, { exact: true })).toHaveValue(typed);
      });
    }
  });

  test('the activity’s name and description typed 0 ms before a reload are there after it', async ({
    page,
  }) => {
    await openBlankActivity(page);
    for (const { label, typed } of [
      { label: /^Name/, typed: 'Friday team quiz' },
      { label: /^Description/, typed: 'Ten questions and challenges for Friday.' },
    ]) {
      const input = page.getByLabel(label);
      await input.click();
      await input.press('ControlOrMeta+a');
      await page.keyboard.type(typed);
      await page.reload();
      await expect(page.getByLabel(label)).toHaveValue(typed);
    }
  });

  test('the leave-page guard is armed while a typed question is not on the device yet, and not once it is', async ({
    page,
  }) => {
    const id = await openBlankActivity(page);
    await page.goto(`/builder/${id}/tasks`);
    const question = (await firstTask(page)).getByLabel('Question', { exact: true });
    await expect(question).toHaveValue('');
    expect(await leavingIsWarned(page)).toBe(false);

    const typed = 'What is the capital of France?';
    // Typing and asking to leave in one task of the page: the write cannot have landed between.
    const warnedWhileTyping = await question.evaluate((field: HTMLTextAreaElement, text) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
      setValue?.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      const leaving = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(leaving);
      return leaving.defaultPrevented;
    }, typed);
    expect(warnedWhileTyping).toBe(true);

    // Written: nothing to lose, no warning; and the text is on the device.
    await expect.poll(() => leavingIsWarned(page)).toBe(false);
    await page.reload();
    await expect((await firstTask(page)).getByLabel('Question', { exact: true })).toHaveValue(
      typed,
    );
  });
});
