/**
 * The game journey in Chromium, on the built app and the real server: an organiser makes a
 * demo of their activity (through the API, not the organiser's launch dialog), two
 * phones join it by code and play, the organiser's scoreboard sees their scores change live, and
 * the statistics page exports a CSV that holds their answers.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { pngBuffer } from './support/builder';
import { joinOnPhone, organiserDemo, PHONE } from './support/game';

/** Sends the answer, sees the result, and goes back to the task list. */
async function send(page: Page) {
  await page.getByRole('button', { name: 'Send answer' }).click();
  await page.getByRole('button', { name: 'Back to tasks' }).click();
}

async function answerFreeText(page: Page, taskName: string, answer: string) {
  await page.getByText(taskName).click();
  await page.getByRole('textbox').fill(answer);
  await send(page);
}

async function answerChoice(page: Page, taskName: string, choice: string) {
  await page.getByText(taskName).click();
  await page.getByText(choice, { exact: true }).click();
  await send(page);
}

test('two phones join a demo by code and play; the scoreboard follows them; the statistics export their answers as CSV', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const organiser = await organiserDemo(browser, baseURL!);
  const scoreboard = await organiser.context.newPage();
  await scoreboard.setViewportSize({ width: 1440, height: 900 });
  await scoreboard.goto(organiser.scoreboardPath);
  await expect(scoreboard.getByRole('heading', { name: 'Friday team quiz' })).toBeVisible();

  const owlsContext = await browser.newContext({ baseURL, ...PHONE });
  const foxesContext = await browser.newContext({ baseURL, ...PHONE });
  // The Owls' phone never refreshes on focus here: what it learns during the journey it learns
  // from the server's push (a judged photo below).
  await owlsContext.addInitScript(() => {
    const swallow = (event: Event) => event.stopImmediatePropagation();
    window.addEventListener('focus', swallow, true);
    document.addEventListener('visibilitychange', swallow, true);
  });
  const owls = await owlsContext.newPage();
  const foxes = await foxesContext.newPage();
  await joinOnPhone(owls, organiser.code, 'The Owls');
  await joinOnPhone(foxes, organiser.code, 'The Foxes');

  // Both teams are on the organiser's scoreboard as they join.
  const owlsRow = scoreboard.getByRole('listitem').filter({ hasText: 'The Owls' });
  const foxesRow = scoreboard.getByRole('listitem').filter({ hasText: 'The Foxes' });
  await expect(owlsRow).toBeVisible();
  await expect(foxesRow).toBeVisible();

  await answerFreeText(owls, 'Capital city', 'paris');
  await expect(owls.getByText('Answered · 10 points')).toBeVisible();
  await expect(owlsRow).toContainText('10');

  await answerChoice(foxes, 'Largest planet', 'Jupiter');
  await expect(foxesRow).toContainText('20');
  await answerFreeText(foxes, 'Capital city', 'Lyon');
  await expect(foxesRow).toContainText('2 tasks answered');

  // The Owls send a team photo; the organiser rejects it on the statistics page, and the Owls'
  // phone shows it at once, without a reload.
  await owls.getByText('Team photo').click();
  await owls.locator('input[type="file"]').setInputFiles({
    name: 'team.png',
    mimeType: 'image/png',
    buffer: pngBuffer(64, 48, [40, 90, 200]),
  });
  await owls.getByRole('button', { name: 'Send photo' }).click();
  await owls.getByRole('button', { name: 'Back to tasks' }).click();
  const owlsPhoto = owls.getByRole('listitem').filter({ hasText: 'Team photo' });
  await expect(owlsPhoto).toContainText('Answered · 30 points');
  await expect(owlsRow).toContainText('40');

  const statistics = await organiser.context.newPage();
  await statistics.goto(organiser.statisticsPath);
  await statistics.getByRole('tab', { name: /Photos and videos/ }).click();
  await statistics.getByRole('button', { name: /^Reject/ }).click();
  await expect(owlsPhoto).toContainText('Answered · 0 points');
  await expect(owlsRow).toContainText('10');

  // The statistics page exports the answers.
  const downloading = statistics.waitForEvent('download');
  await statistics.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain('The Owls,10,1,Capital city,freeText,paris,true,10');
  expect(csv).toContain('The Foxes,20,2,Largest planet,multipleChoice,Jupiter,true,20');
  expect(csv).toContain('The Foxes,20,1,Capital city,freeText,Lyon,false,0');

  await owlsContext.close();
  await foxesContext.close();
  await organiser.context.close();
});
