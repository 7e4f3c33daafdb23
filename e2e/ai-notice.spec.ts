/**
 * Fewer tasks of quality rather than off-topic filler, and the organiser is told (docs/ai.md
 * "When the text gives too little"), in the built app with the real server and its built-in
 * generator: a guest's thin topics in the wizard give a short activity whose notice shows on
 * /activity/complete and on the demo gate, and the builder's "Generate with AI" shows it too.
 * Each task says where it came from, and "Another task like this" replaces one, with Undo.
 */
import { expect, test } from '@playwright/test';

test.setTimeout(90_000);
const FLOW_TIMEOUT = 20_000;
const THIN_TOPICS = 'Our cycling club rides every Sunday at 8am.';
const FEWER = /^Your topics gave enough for \d+ of the (10|20) tasks you asked for\./;

test('thin topics give fewer tasks, and the wizard, the demo gate and the builder say so', async ({
  page,
}) => {
  await page.goto('/activity');
  await page.getByRole('button', { name: 'Indoor' }).click();
  await page.getByRole('button', { name: '10 Tasks' }).click();
  await page.getByLabel('AI Assistant Prompt').fill(THIN_TOPICS);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByPlaceholder('E.g New starter onboarding').fill('Cycling club');
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(page).toHaveURL(/\/activity\/complete$/, { timeout: FLOW_TIMEOUT });
  await expect(page.getByTestId('wizard-result-notice')).toHaveText(FEWER);
  const made = Number(
    /enough for (\d+) of/.exec((await page.getByTestId('wizard-result-notice').textContent())!)![1],
  );
  expect(made).toBeGreaterThan(0);
  expect(made).toBeLessThan(10);

  // On the demo gate too, beside the way to the tasks.
  await expect(page).toHaveURL(/\/demo\/create$/, { timeout: FLOW_TIMEOUT });
  await expect(page.getByTestId('wizard-result-notice')).toHaveText(FEWER);

  // The activity has just those tasks, all about the club.
  await page.getByRole('link', { name: 'Open in the Activity Builder' }).click();
  await expect(page).toHaveURL(/\/builder\/[^/]+\/tasks$/);
  await expect(page.getByTestId('task-card')).toHaveCount(made);

  // Each task says where it came from; "Another task like this" replaces one in place, with Undo.
  const first = page.getByTestId('task-card').first();
  await first.getByRole('button', { expanded: false }).first().click();
  const origin = first.getByTestId('task-origin');
  await expect(origin).toContainText(/^From (your text: “.+”|the question bank: .+)/);
  // The phone preview shows the open task's question.
  const question = page.getByTestId('task-preview-banner');
  const before = (await question.textContent())!;
  await origin.getByRole('button', { name: 'Another task like this' }).click();
  await expect(question).not.toHaveText(before);
  await expect(page.getByTestId('task-card').first().getByTestId('task-origin')).toBeVisible();
  await expect(page.getByTestId('task-card')).toHaveCount(made);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(question).toHaveText(before);

  // The builder's "Generate with AI" says it in its result.
  await page.getByRole('button', { name: 'Generate with AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate with AI' });
  await dialog.getByRole('textbox').fill(`${THIN_TOPICS} Helmets are compulsory on every ride.`);
  await dialog.getByRole('button', { name: /Generate/ }).click();
  await expect(dialog.getByText('Tasks generated and applied to activity.')).toBeVisible({
    timeout: FLOW_TIMEOUT,
  });
  await expect(dialog.getByTestId('generate-ai-result-notice')).toHaveText(FEWER);
});
