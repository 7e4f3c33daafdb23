/**
 * Game control in Chromium on the built app and the real server: the organiser pauses
 * the game from the statistics screen's Game controls; a phone in the middle of typing an answer
 * shows the pause at once (through its event stream), keeps what was typed and cannot send it;
 * Resume lets it send; an announcement shows on the phone at once; End now asks first, then
 * every phone shows the game ended.
 */
import { expect, test } from '@playwright/test';
import { joinOnPhone, organiserDemo, PHONE } from './support/game';

test('the organiser pauses, resumes and ends the game from the statistics screen; the phone follows at once', async ({
  browser,
  baseURL,
}) => {
  const organiser = await organiserDemo(browser, baseURL!);
  const statistics = await organiser.context.newPage();
  const phoneContext = await browser.newContext({ ...PHONE, baseURL });
  const phone = await phoneContext.newPage();
  try {
    await joinOnPhone(phone, organiser.code, 'The Owls');
    await phone.getByText('Capital city').click();
    await phone.getByRole('textbox').fill('Par');

    await statistics.goto(organiser.statisticsPath);
    const controls = statistics.getByRole('region', { name: 'Game controls' });
    await expect(controls.getByTestId('game-status')).toHaveText(/^Running\. Ends /);
    await controls.getByRole('button', { name: 'Pause' }).click();
    await expect(controls.getByRole('button', { name: 'Resume' })).toBeVisible();
    await expect(controls.getByTestId('game-status')).toHaveText(
      /^Paused at .*teams cannot answer/,
    );

    // The phone hears of the pause without reloading: the answer waits, what was typed stays.
    await expect(
      phone.getByText('The organiser has paused the game.', { exact: false }),
    ).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Send answer' })).toBeDisabled();
    await expect(phone.getByRole('textbox')).toHaveValue('Par');

    await controls.getByRole('button', { name: 'Resume' }).click();
    await expect(controls.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(
      phone.getByText('The organiser has paused the game.', { exact: false }),
    ).toHaveCount(0);
    await phone.getByRole('textbox').fill('Paris');
    await phone.getByRole('button', { name: 'Send answer' }).click();
    await expect(phone.getByRole('button', { name: 'Back to tasks' })).toBeVisible();

    // An announcement reaches the phone at once, above the task it is on.
    await controls.getByRole('button', { name: 'Announce' }).click();
    const announce = statistics.getByRole('dialog', { name: 'Announce to every team' });
    await announce.getByLabel('Message').fill('Prizes at the bar after the last round!');
    await announce.getByRole('button', { name: 'Send to every phone' }).click();
    await expect(controls.getByTestId('announcement-sent')).toBeVisible();
    const banner = phone.getByRole('status', { name: 'Announcement' });
    await expect(banner).toContainText('Prizes at the bar after the last round!');
    await banner.getByRole('button', { name: 'Got it' }).click();
    await expect(banner).toBeHidden();

    // End now asks first; keeping the game changes nothing.
    await controls.getByRole('button', { name: 'End now' }).click();
    const confirm = statistics.getByRole('dialog', { name: 'End the game now?' });
    await confirm.getByRole('button', { name: 'Keep playing' }).click();
    await expect(confirm).toBeHidden();
    await expect(controls.getByTestId('game-status')).toHaveText(/^Running\./);
    await controls.getByRole('button', { name: 'End now' }).click();
    await confirm.getByRole('button', { name: 'End now' }).click();
    await expect(controls).toBeHidden();
    await expect(statistics.getByText('Final results')).toBeVisible();

    await phone.getByRole('button', { name: 'Back to tasks' }).click();
    await expect(phone.getByText('This activity has ended. Thanks for playing!')).toBeVisible();
  } finally {
    await phoneContext.close();
    await organiser.context.close();
  }
});
