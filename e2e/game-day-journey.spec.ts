/**
 * The game-day journey, in Chromium on the built app and the real server: a launched
 * game named "Łódź quiz — 東京"; three phones join, one of them behind a network the test cuts
 * (a TCP proxy, as a basement loses it: no `offline` event, connections just fail). The cut-off
 * phone answers; the organiser pauses, announces, resumes, renames a team, re-marks a text answer
 * in the judging queue, gives a bonus, and a team moves to a second phone; then the organiser
 * ends the game. The cut-off phone's answer, made before the end, arrives afterwards and counts
 * (marked late); the scoreboard shows the podium; every phone shows its final rank; the CSV and
 * the zip download under the game's own name. ("Play a demo" joining the sample game is in
 * e2e/dashboard-dialogs.spec.ts.)
 */
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { joinOnPhone, organiserGame, PHONE } from './support/game';
import { startNetworkCut, type NetworkCut } from './support/networkCut';

const GAME_NAME = 'Łódź quiz — 東京';
/** Screenshots of the control room and the podium, to look at (not compared). */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';

async function answerCapital(phone: Page, answer: string) {
  await phone.getByText('Capital city').click();
  await phone.getByRole('textbox').fill(answer);
  await phone.getByRole('button', { name: 'Send answer' }).click();
  await expect(phone.getByRole('button', { name: 'Back to tasks' })).toBeVisible();
  await phone.getByRole('button', { name: 'Back to tasks' }).click();
}

test('game day: control, moderation, a late answer, the podium, final ranks and exports under a non-Latin name', async ({
  browser,
  baseURL,
}) => {
  // Four phones, an organiser and two downloads in one browser, on a 2-core machine.
  test.setTimeout(300_000);
  const organiser = await organiserGame(browser, baseURL!, {
    launchName: GAME_NAME,
    viewport: { width: 1440, height: 900 },
  });
  const network: NetworkCut = await startNetworkCut(baseURL!);
  const phones = await Promise.all(
    [baseURL!, baseURL!, network.origin, baseURL!].map((origin) =>
      browser.newContext({ ...PHONE, baseURL: origin }),
    ),
  );
  const [owls, bees, comets, owlsSecond] = await Promise.all(phones.map((c) => c.newPage()));
  const statistics = await organiser.context.newPage();
  try {
    await joinOnPhone(owls!, organiser.code, 'The Owls');
    await joinOnPhone(bees!, organiser.code, 'Bees');
    await joinOnPhone(comets!, organiser.code, 'Comets');

    await answerCapital(owls!, 'Paree'); // wrong as typed; the organiser re-marks it below
    await answerCapital(bees!, 'Paris');

    // Comets lose the network in the basement and answer there: the answer waits on the phone.
    network.cut();
    await comets!.getByText('Capital city').click();
    await comets!.getByRole('textbox').fill('Paris');
    await comets!.getByRole('button', { name: 'Send answer' }).click();

    await statistics.goto(organiser.statisticsPath);
    const controls = statistics.getByRole('region', { name: 'Game controls' });
    await controls.getByRole('button', { name: 'Pause' }).click();
    await expect(
      owls!.getByText('The organiser has paused the game.', { exact: false }),
    ).toBeVisible();
    await controls.getByRole('button', { name: 'Announce' }).click();
    const announce = statistics.getByRole('dialog', { name: 'Announce to every team' });
    await announce.getByLabel('Message').fill('Last round: meet at the fountain!');
    await announce.getByRole('button', { name: 'Send to every phone' }).click();
    await expect(bees!.getByRole('status', { name: 'Announcement' })).toContainText(
      'meet at the fountain',
    );
    await controls.getByRole('button', { name: 'Resume' }).click();
    await expect(
      owls!.getByText('The organiser has paused the game.', { exact: false }),
    ).toHaveCount(0);

    // Rename Bees, from the Teams tab.
    await statistics.getByRole('button', { name: 'Actions for Bees' }).click();
    await statistics.getByRole('menuitem', { name: 'Rename…' }).click();
    const rename = statistics.getByRole('dialog', { name: 'Rename Bees' });
    await rename.getByLabel('Team name').fill('Busy Bees');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(statistics.getByRole('rowheader', { name: 'Busy Bees' })).toBeVisible();

    // A bonus for The Owls.
    await statistics.getByRole('button', { name: 'Actions for The Owls' }).click();
    await statistics.getByRole('menuitem', { name: 'Bonus or penalty…' }).click();
    const bonus = statistics.getByRole('dialog', { name: 'Bonus or penalty for The Owls' });
    await bonus.getByRole('textbox', { name: 'Points' }).fill('5');
    await bonus.getByLabel('Reason').fill('Best team costume');
    await bonus.getByRole('button', { name: 'Save' }).click();
    await expect(bonus).toBeHidden();

    await statistics.screenshot({ path: `${SHOTS}/control-room-1440.png` });

    // Re-mark "Paree" as right, from the judging queue.
    await statistics.getByRole('tab', { name: /Judging/ }).click();
    const paree = statistics.getByRole('article', { name: /The Owls.*Capital city/ });
    await paree.getByRole('button', { name: /Approve/ }).click();
    await expect(paree).toContainText('10 points');
    await statistics.getByRole('tab', { name: /Teams/ }).click();
    const owlsRow = statistics.getByRole('row', { name: /The Owls/ });
    await expect(owlsRow.getByTestId('team-score')).toHaveText('15'); // 10 re-marked + 5 bonus

    // The Owls' phone battery is low: the team moves to a second phone.
    await owls!.getByRole('button', { name: 'Use another phone' }).click();
    const teamCode = (await owls!.locator('.pl-rejoin-code').innerText()).replace(
      /^Team code:\s*/,
      '',
    );
    await owls!.getByRole('button', { name: 'Done' }).click();
    await owlsSecond!.goto('/play');
    await owlsSecond!
      .getByLabel('Activity code')
      .fill(`${organiser.code.slice(0, 4)} ${organiser.code.slice(4)}`);
    await owlsSecond!.getByRole('button', { name: 'Join', exact: true }).click();
    await owlsSecond!.getByRole('button', { name: 'Continue as an existing team' }).click();
    await owlsSecond!.getByLabel('Team code').fill(teamCode);
    await owlsSecond!.getByRole('button', { name: 'Continue as this team' }).click();
    await expect(owlsSecond!.getByText('The Owls')).toBeVisible();

    // The end.
    await controls.getByRole('button', { name: 'End now' }).click();
    await statistics
      .getByRole('dialog', { name: 'End the game now?' })
      .getByRole('button', { name: 'End now' })
      .click();
    await expect(statistics.getByText('Final results')).toBeVisible();

    // Back online after the end, with no `online` event: the answer made before the end counts.
    network.restore();
    await expect(comets!.getByText('Correct!')).toBeVisible({ timeout: 60_000 });
    await comets!.getByRole('button', { name: 'Back to tasks' }).click();
    await expect(comets!.getByText('This activity has ended', { exact: false })).toBeVisible();
    await statistics.reload();
    const cometsRow = statistics.getByRole('row', { name: /Comets/ });
    await expect(cometsRow.getByTestId('team-score')).toHaveText('10', { timeout: 30_000 });

    // The podium on the scoreboard, and each phone's final rank.
    const scoreboard = await organiser.context.newPage();
    await scoreboard.goto(organiser.scoreboardPath);
    const podium = scoreboard.getByTestId('podium');
    await expect(podium).toBeVisible();
    await expect(podium.getByRole('listitem', { name: '1st: The Owls, 15 points' })).toBeVisible();
    await scoreboard.screenshot({ path: `${SHOTS}/podium-1440.png`, animations: 'disabled' });
    await owls!.screenshot({ path: `${SHOTS}/phone-final-rank-390.png` });
    // Equal scores share the place.
    await expect(
      podium.getByRole('listitem', { name: '2nd: Busy Bees, Comets, 10 points' }),
    ).toBeVisible();
    await expect(owls!.getByText(/finished 1st of 3/i)).toBeVisible();
    await expect(bees!.getByText(/finished 2nd of 3/i)).toBeVisible();
    await expect(comets!.getByText(/finished 2nd of 3/i)).toBeVisible();

    // Exports under the game's own name.
    const [csv] = await Promise.all([
      statistics.waitForEvent('download'),
      statistics.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toContain(GAME_NAME);
    const csvText = await readFile((await csv.path())!, 'utf8');
    expect(csvText).toContain('Busy Bees');
    expect(csvText).toContain('Best team costume');
    const csvLines = csvText.split(/\r?\n/);
    expect(csvLines[0]).toMatch(/,Late,Hidden$/);
    // The Comets' answer: made before the end, delivered after it, counted and marked late.
    expect(csvLines.find((line) => line.startsWith('Comets,'))).toMatch(
      /^Comets,10,1,Capital city,freeText,Paris,true,10,false,,[^,]+,true,false$/,
    );
    expect(csvLines.find((line) => line.startsWith('The Owls,15,1,'))).toContain(',Paree,');
    const [zip] = await Promise.all([
      statistics.waitForEvent('download'),
      statistics.getByRole('link', { name: 'Download photos and videos' }).click(),
    ]);
    expect(zip.suggestedFilename()).toContain(GAME_NAME);
    expect((await readFile((await zip.path())!)).subarray(0, 2).toString()).toBe('PK');
  } finally {
    await Promise.all(phones.map((c) => c.close()));
    await organiser.context.close();
    await network.close();
  }
});
