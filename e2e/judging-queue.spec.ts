/**
 * The judging queue in Chromium on the built app and the real server: a phone answers
 * a free-text question wrongly ("Paryż" for "Paris") and sends a photo; the organiser re-marks
 * the answer from the statistics screen's Judging tab with the keyboard alone (J to the row, A to
 * approve), goes back to the photo (K) and hides it (H), and the open presentation screen drops
 * it without a reload.
 */
import { expect, test } from '@playwright/test';
import { pngBuffer } from './support/builder';
import { joinOnPhone, organiserDemo, PHONE } from './support/game';

test('the organiser re-marks a wrong answer and hides a photo from the Judging tab with the keyboard; the presentation drops the photo', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const organiser = await organiserDemo(browser, baseURL!);
  const phoneContext = await browser.newContext({ ...PHONE, baseURL });
  const phone = await phoneContext.newPage();
  try {
    await joinOnPhone(phone, organiser.code, 'The Owls');
    await phone.getByText('Capital city').click();
    await phone.getByRole('textbox').fill('Paryż');
    await phone.getByRole('button', { name: 'Send answer' }).click();
    await phone.getByRole('button', { name: 'Back to tasks' }).click();
    await phone.getByText('Team photo').click();
    await phone.locator('input[type="file"]').setInputFiles({
      name: 'team.png',
      mimeType: 'image/png',
      buffer: pngBuffer(64, 48, [40, 90, 200]),
    });
    await phone.getByRole('button', { name: 'Send photo' }).click();
    await phone.getByRole('button', { name: 'Back to tasks' }).click();
    await expect(phone.getByRole('listitem').filter({ hasText: 'Team photo' })).toContainText(
      '30 points',
    );

    // The presentation shows the photo as it came in.
    const presentation = await organiser.context.newPage();
    await presentation.goto(organiser.statisticsPath.replace('/statistics', '/presentation'));
    const photoOnScreen = presentation.getByRole('img', {
      name: 'Photo by The Owls for “Team photo”',
    });
    await expect(photoOnScreen).toBeVisible();

    const statistics = await organiser.context.newPage();
    await statistics.goto(organiser.statisticsPath);
    await expect(statistics.getByTestId('figure-points')).toHaveText('30');
    await statistics.getByRole('tab', { name: /^Judging/ }).click();
    const queue = statistics.getByRole('list', { name: /^Submissions: to review/ });
    const photoRow = queue.getByRole('article', { name: /photo by The Owls/ });
    const answerRow = queue.getByRole('article', { name: /answer by The Owls/ });
    await expect(answerRow).toContainText('“Paryż”');
    await expect(answerRow).toContainText('Wrong');
    await expect(statistics.getByText(/^Keys:/)).toContainText('approve');

    // Keyboard only from here: nothing has the focus, J starts at the newest (the photo), J
    // again goes to the answer, A approves it for the task's 10 points.
    await statistics.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await statistics.keyboard.press('j');
    await expect(photoRow).toBeFocused();
    await statistics.keyboard.press('j');
    await expect(answerRow).toBeFocused();
    await statistics.keyboard.press('a');
    await expect(statistics.getByTestId('figure-points')).toHaveText('40');
    // Judged, it stays in its place (rows never move under the keys); K goes back to the photo,
    // and H hides it.
    await expect(answerRow).toContainText('Judged');
    await expect(answerRow).toBeFocused();
    await statistics.keyboard.press('k');
    await expect(photoRow).toBeFocused();
    await statistics.keyboard.press('h');
    await expect(photoRow).toContainText('Hidden');
    await expect(statistics.getByRole('radio', { name: /^Hidden \(1\)/ })).toBeAttached();
    // Hidden still counts.
    await expect(statistics.getByTestId('figure-points')).toHaveText('40');

    // The presentation drops the photo at once, without a reload.
    await expect(photoOnScreen).toHaveCount(0);
    await expect(presentation.getByText('No photos or videos yet')).toBeVisible();

    // The re-marked answer counts on the Teams tab too.
    await statistics.getByRole('tab', { name: /^Teams/ }).click();
    await expect(statistics.getByTestId('team-score')).toHaveText('40');
  } finally {
    await phoneContext.close();
    await organiser.context.close();
  }
});
