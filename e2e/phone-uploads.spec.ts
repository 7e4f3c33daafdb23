/**
 * Game day on a phone (390x844), on the built app and the real server:
 * - uploads from phones never block answers: a large video upload is held back on its way to
 *   the server; meanwhile the team answers the next question, and that answer reaches the server
 *   (the organiser's statistics count it) while the upload is still going, shown on the task
 *   list with its progress; then the upload completes and is counted too;
 * - phones show the final rank: the organiser ends the game and the phone says its place among
 *   every team, its score and the top three.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Step } from '../src/domain/schemas';
import { quizTasks } from '../tests/fixtures/quiz';
import { joinOnPhone, organiserGame, PHONE } from './support/game';
import { slowUploads } from './support/slowUploads';

const id = () => randomUUID();

/** A video challenge first, then two questions: the answer after the upload is a question. */
function steps() {
  const { capital, planet } = quizTasks();
  const song: Step = {
    id: id(),
    name: 'Team song',
    type: 'videoChallenge',
    text: 'Film your team singing its song.',
    answers: [],
    media: null,
    points: 10,
    locked: false,
  };
  return [song, capital, planet];
}

/** Another team, playing through the API (a phone elsewhere). */
async function teamThroughApi(
  request: APIRequestContext,
  code: string,
  name: string,
  answers: { stepId: string; text?: string; answerId?: string }[],
) {
  const joined = await request.post(`/v1/play/${code}/teams`, { data: { name } });
  expect(joined.status()).toBe(201);
  const { token } = (await joined.json()) as { token: string };
  for (const answer of answers) {
    const sent = await request.post(`/v1/play/${code}/answers`, {
      headers: { TeamToken: token },
      data: { clientId: id(), ...answer },
    });
    expect(sent.status()).toBe(200);
  }
}

/** A video as large as a phone's: an MP4's `ftyp` box, then 16 MB of movie data. */
function largeVideo(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomavc1', 16, 'latin1');
  const size = 16 * 1024 * 1024;
  const mdat = Buffer.alloc(size, 7);
  mdat.writeUInt32BE(size, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}

test('a phone answers the next question while its large video is still uploading; both are counted; at the end it shows its final rank', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const tasks = steps();
  const organiser = await organiserGame(browser, baseURL!, { steps: tasks });
  const [, capital, planet] = tasks;
  const jupiter = planet!.answers.find((a) => a.value === 'Jupiter')!;
  const statistics = async () => {
    const response = await organiser.context.request.get(
      `/v1/games/${organiser.gameId}/statistics`,
      { headers: organiser.headers },
    );
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      teams: { team: { name: string; score: number }; answered: number }[];
    };
    return body.teams.find((t) => t.team.name === 'The Owls') ?? null;
  };

  // The phone reaches the server through a slow connection that holds its upload back.
  const connection = await slowUploads(baseURL!);
  const phoneContext = await browser.newContext({ ...PHONE, baseURL: connection.origin });
  const phone = await phoneContext.newPage();
  try {
    await teamThroughApi(organiser.context.request, organiser.code, 'The Foxes', [
      { stepId: capital!.id, text: 'Paris' },
      { stepId: planet!.id, answerId: jupiter.id },
    ]);
    await teamThroughApi(organiser.context.request, organiser.code, 'The Bees', []);
    await joinOnPhone(phone, organiser.code, 'The Owls');

    await phone.getByText('Team song').click();
    await phone.locator('input[type="file"]').setInputFiles({
      name: 'song.mp4',
      mimeType: 'video/mp4',
      buffer: largeVideo(),
    });
    await phone.getByRole('button', { name: 'Send video' }).click();
    await connection.started;
    // Part of the video is out: the phone shows how far it got.
    const bar = phone.getByRole('progressbar', { name: 'Uploading…' });
    await expect(bar).toHaveAttribute('aria-valuenow', /^[1-9]\d?$/);
    await phone.screenshot({ path: testInfo.outputPath('phone-upload-task.png') });

    // The team carries on: the next question, answered while the video is still on its way.
    await phone.getByRole('button', { name: 'Next task' }).click();
    await expect(phone.getByRole('heading', { name: 'Capital city' })).toBeVisible();
    await phone.getByRole('textbox').fill('Paris');
    await phone.getByRole('button', { name: 'Send answer' }).click();
    await expect(phone.getByText('Correct!')).toBeVisible();

    // The organiser counts the answer already; the video is not there yet.
    await expect.poll(async () => (await statistics())?.answered).toBe(1);
    expect((await statistics())?.team.score).toBe(10);

    await phone.getByRole('button', { name: 'Back to tasks' }).click();
    const songRow = phone.getByRole('link', { name: /Team song/ });
    await expect(songRow).toContainText(/Uploading [1-9]\d?%/);
    await expect(phone.getByRole('link', { name: /Capital city/ })).toContainText(
      'Answered · 10 points',
    );
    await phone.screenshot({ path: testInfo.outputPath('phone-upload.png') });

    // The upload goes through, once, and counts.
    connection.release();
    await expect(songRow).toContainText('Answered · 10 points');
    await expect.poll(async () => (await statistics())?.answered).toBe(2);
    expect((await statistics())?.team.score).toBe(20);
    expect(connection.uploads()).toBe(1);

    // The organiser ends the game: the phone shows where the team finished.
    const ended = await organiser.context.request.post(`/v1/games/${organiser.gameId}/end`, {
      headers: organiser.headers,
    });
    expect(ended.status()).toBe(200);
    await expect(phone.getByRole('heading', { name: 'You finished 2nd of 3' })).toBeVisible();
    const final = phone.getByRole('region', { name: 'You finished 2nd of 3' });
    await expect(final).toContainText('20 points');
    await expect(final.getByRole('listitem')).toHaveText([
      /The Foxes.*30/,
      /The Owls.*Your team.*20/,
      /The Bees.*0/,
    ]);
    await phone.screenshot({ path: testInfo.outputPath('phone-final-rank.png') });
  } finally {
    await phoneContext.close();
    await organiser.context.close();
    await connection.close();
  }
});
