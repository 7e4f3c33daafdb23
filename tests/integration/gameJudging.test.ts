/**
 * Judging every kind of submission (docs/games.md "Judging"):
 * `PATCH /v1/games/{gameId}/submissions/{id} {points?, rejected?, hidden?}` for free text,
 * multiple choice, challenges and photos, with the owner's sign-in or the screen key; `hidden`
 * keeps a submission off what the room's screens receive (`?view=presentation`), while the
 * statistics and the CSV keep it, and it moves no points.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer, type TestServer } from './support/testServer';
import { createTemplate, expectErrorMessage, json, signUp, type Caller } from './support/clients';
import { quizSteps } from '../fixtures/quiz';
import { gameCalls } from './support/games';
import { openEventStream } from './support/sse';
import { multipartBody } from './support/multipart';
import type { Scoreboard, Statistics, Submission } from '../../src/domain/games';
import type { GameStatus, Step } from '../../src/domain/schemas';

let server: TestServer;
let baseUrl: string;
let PNG_BYTES: Uint8Array;

beforeAll(async () => {
  PNG_BYTES = new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#6465C7' } })
      .png()
      .toBuffer(),
  );
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => server.close());

const { request, launched, joined, answer } = gameCalls(() => server);

const screenKeyOf = (status: GameStatus) => new URL(status.scoreboardUrl!).searchParams.get('key')!;

/** The quiz's tasks, with a free-text question a typo can miss: "Warszawa" for "Warsaw". */
const steps = (): Step[] =>
  quizSteps({
    capital: {
      name: 'Capital of Poland',
      text: 'What is the capital of Poland?',
      answers: [{ id: randomUUID(), value: 'Warsaw', correct: true }],
    },
  });

/** Who calls: the owner (or another organiser) signed in, or the screen key. */
interface Auth {
  caller?: Caller;
  key?: string;
}
const withAuth = (path: string, auth: Auth, query = '') => {
  const params = [auth.key ? `key=${encodeURIComponent(auth.key)}` : '', query].filter(Boolean);
  return {
    url: `${path}${params.length > 0 ? `?${params.join('&')}` : ''}`,
    headers: auth.caller?.headers ?? {},
  };
};

const judge = (gameId: string, submissionId: string, auth: Auth, payload: unknown) =>
  request({
    method: 'PATCH',
    ...withAuth(`/v1/games/${gameId}/submissions/${submissionId}`, auth),
    payload: payload as object,
  });

async function statisticsOf(gameId: string, auth: Auth, view?: 'presentation') {
  const response = await request({
    method: 'GET',
    ...withAuth(`/v1/games/${gameId}/statistics`, auth, view ? `view=${view}` : ''),
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<Statistics>(response);
}

async function scoreOf(gameId: string, key: string, team: string) {
  const board = json<Scoreboard>(
    await request({ method: 'GET', url: `/v1/games/${gameId}/scoreboard?key=${key}` }),
  );
  return board.rows.find((r) => r.name === team)?.score;
}

async function csvRowsOf(gameId: string, key: string) {
  const response = await request({
    method: 'GET',
    url: `/v1/games/${gameId}/statistics.csv?key=${key}`,
  });
  expect(response.statusCode).toBe(200);
  return response.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}

async function taskPhoto(code: string, token: string, stepId: string) {
  const body = multipartBody(
    [{ field: 'media', filename: 'x.png', contentType: 'image/png', bytes: PNG_BYTES }],
    { stepId, clientId: randomUUID() },
  );
  const response = await request({
    method: 'POST',
    url: `/v1/play/${code}/answers/media`,
    headers: { teamtoken: token, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * A game the Owls played: "Warszawa" (wrong, 0), Jupiter (right, 20), a photo (50) and the high
 * fives marked done (30): 100 points.
 */
async function playedGame() {
  const user = await signUp(server);
  const template = await createTemplate(server, user, {
    name: 'Judged quiz',
    steps: steps(),
    duration: 30,
  });
  const game = await launched(user, 'publish', template);
  const key = screenKeyOf(game.status);
  const owls = await joined(game.code, 'Owls');
  const [capital, planets, selfie, highFives] = template.steps;
  const jupiter = planets!.answers.find((a) => a.value === 'Jupiter')!;
  for (const payload of [
    { stepId: capital!.id, text: 'Warszawa' },
    { stepId: planets!.id, answerId: jupiter.id },
    { stepId: highFives!.id, done: true },
  ]) {
    const response = await answer(game.code, owls.token, payload);
    expect(response.statusCode, response.body).toBe(200);
  }
  await taskPhoto(game.code, owls.token, selfie!.id);
  const stats = await statisticsOf(game.gameId, { key });
  const of = (step: Step) => stats.submissions.find((s) => s.stepId === step.id)!;
  return {
    user,
    key,
    game,
    owls,
    capital: of(capital!),
    planets: of(planets!),
    photo: of(selfie!),
    highFives: of(highFives!),
  };
}

describe('hidden (PATCH /games/{id}/submissions/{id} {hidden})', () => {
  it('the owner hides a photo and shows it again; the points stay as they are', async () => {
    const { user, key, game, photo } = await playedGame();
    expect(photo.hidden).toBe(false);
    const hidden = await judge(game.gameId, photo.id, { caller: user }, { hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(json<Submission>(hidden)).toMatchObject({
      id: photo.id,
      hidden: true,
      rejected: false,
      adjustedPoints: null,
      points: 50,
    });
    expect(await scoreOf(game.gameId, key, 'Owls')).toBe(100);
    const shown = await judge(game.gameId, photo.id, { caller: user }, { hidden: false });
    expect(json<Submission>(shown).hidden).toBe(false);
  });

  it('the screen key hides a submission as well', async () => {
    const { key, game, capital } = await playedGame();
    const response = await judge(game.gameId, capital.id, { key }, { hidden: true });
    expect(response.statusCode, response.body).toBe(200);
    const stats = await statisticsOf(game.gameId, { key });
    expect(stats.submissions.find((s) => s.id === capital.id)?.hidden).toBe(true);
  });

  it('hiding leaves the other judging as it was (rejected, adjusted points)', async () => {
    const { key, game, photo } = await playedGame();
    await judge(game.gameId, photo.id, { key }, { points: 35 });
    await judge(game.gameId, photo.id, { key }, { rejected: true });
    const hidden = json<Submission>(await judge(game.gameId, photo.id, { key }, { hidden: true }));
    expect(hidden).toMatchObject({ hidden: true, rejected: true, adjustedPoints: 35 });
    expect(await scoreOf(game.gameId, key, 'Owls')).toBe(50);
  });

  it('another organiser’s game is 404, signed in or with a wrong key, and nothing changes', async () => {
    const { key, game, photo } = await playedGame();
    const stranger = await signUp(server);
    const signedIn = await judge(game.gameId, photo.id, { caller: stranger }, { hidden: true });
    expect(signedIn.statusCode).toBe(404);
    expectErrorMessage(signedIn);
    const wrongKey = await judge(game.gameId, photo.id, { key: `${key}x` }, { hidden: true });
    expect(wrongKey.statusCode).toBe(404);
    // Another game's submission through one's own game is no submission of it.
    const other = await playedGame();
    const crossed = await judge(other.game.gameId, photo.id, { key: other.key }, { hidden: true });
    expect(crossed.statusCode).toBe(404);
    const stats = await statisticsOf(game.gameId, { key });
    expect(stats.submissions.find((s) => s.id === photo.id)?.hidden).toBe(false);
  });

  it('an empty body is 400 with an errorMessage that names hidden too', async () => {
    const { key, game, photo } = await playedGame();
    const response = await judge(game.gameId, photo.id, { key }, {});
    expect(response.statusCode).toBe(400);
    expect(expectErrorMessage(response)).toMatch(/hidden/);
    const notBoolean = await judge(game.gameId, photo.id, { key }, { hidden: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expectErrorMessage(notBoolean);
  });
});

describe('the presentation never receives a hidden submission', () => {
  it('absent from the presentation’s statistics, present in the organiser’s statistics and the CSV', async () => {
    const { key, game, photo, capital } = await playedGame();
    await judge(game.gameId, photo.id, { key }, { hidden: true });
    await judge(game.gameId, capital.id, { key }, { hidden: true });

    const presentation = await statisticsOf(game.gameId, { key }, 'presentation');
    const listed = presentation.submissions.map((s) => s.id);
    expect(listed).not.toContain(photo.id);
    expect(listed).not.toContain(capital.id);
    expect(JSON.stringify(presentation)).not.toContain(photo.mediaUrl!);
    // Nor the hidden answer's text, in the answers per task.
    expect(JSON.stringify(presentation)).not.toContain('Warszawa');
    // Hidden still counts: the scores are whole.
    expect(presentation.teams.find((t) => t.team.name === 'Owls')?.team.score).toBe(100);

    const organiser = await statisticsOf(game.gameId, { key });
    expect(organiser.submissions.filter((s) => s.hidden).map((s) => s.id)).toEqual(
      expect.arrayContaining([photo.id, capital.id]),
    );

    const [header, ...rows] = await csvRowsOf(game.gameId, key);
    const columns = header!.split(',');
    const hiddenColumn = columns.indexOf('Hidden');
    expect(hiddenColumn).toBe(columns.length - 1);
    const cells = rows.map((r) => r.split(','));
    const byTask = new Map(cells.map((c) => [c[3], c[hiddenColumn]]));
    expect(byTask.get('Team photo')).toBe('true');
    expect(byTask.get('Capital of Poland')).toBe('true');
    expect(byTask.get('Largest planet')).toBe('false');
  });

  it('a rejected photo is left out of the presentation’s statistics too', async () => {
    const { key, game, photo } = await playedGame();
    await judge(game.gameId, photo.id, { key }, { rejected: true });
    const presentation = await statisticsOf(game.gameId, { key }, 'presentation');
    expect(presentation.submissions.map((s) => s.id)).not.toContain(photo.id);
  });

  it('the presentation’s event stream says only "withdrawn" {id}; the organiser’s carries the submission', async () => {
    const { key, game, photo } = await playedGame();
    const room = await openEventStream(
      `${baseUrl}/v1/games/${game.gameId}/events?key=${encodeURIComponent(key)}&view=presentation`,
    );
    const organiser = await openEventStream(
      `${baseUrl}/v1/games/${game.gameId}/events?key=${encodeURIComponent(key)}`,
    );
    try {
      await room.waitFor((e) => e.event === 'scoreboard');
      await organiser.waitFor((e) => e.event === 'scoreboard');
      expect((await judge(game.gameId, photo.id, { key }, { hidden: true })).statusCode).toBe(200);
      const withdrawn = await room.waitFor((e) => e.event === 'withdrawn');
      expect(withdrawn.data).toEqual({ id: photo.id });
      const told = await organiser.waitFor((e) => e.event === 'submission');
      expect(told.data).toMatchObject({ id: photo.id, hidden: true });
      expect(JSON.stringify(room.received)).not.toContain(photo.mediaUrl!);

      // Shown again: the room hears of the submission again, and reads it back.
      expect((await judge(game.gameId, photo.id, { key }, { hidden: false })).statusCode).toBe(200);
      const back = await room.waitFor((e) => e.event === 'submission');
      expect(back.data).toMatchObject({ id: photo.id, hidden: false });
    } finally {
      room.close();
      organiser.close();
    }
  });
});

describe('judging every task type', () => {
  it('re-marking a free-text answer ("Warszawa" for "Warsaw") with points moves the team’s score', async () => {
    const { key, game, capital } = await playedGame();
    expect(capital).toMatchObject({ answer: 'Warszawa', correct: false, points: 0 });
    expect(await scoreOf(game.gameId, key, 'Owls')).toBe(100);
    const remarked = await judge(game.gameId, capital.id, { key }, { points: 10 });
    expect(remarked.statusCode, remarked.body).toBe(200);
    expect(json<Submission>(remarked)).toMatchObject({ adjustedPoints: 10, hidden: false });
    expect(await scoreOf(game.gameId, key, 'Owls')).toBe(110);
    const stats = await statisticsOf(game.gameId, { key });
    expect(stats.teams.find((t) => t.team.name === 'Owls')?.team.score).toBe(110);
    // Back to the original points: the score follows.
    await judge(game.gameId, capital.id, { key }, { points: null });
    expect(await scoreOf(game.gameId, key, 'Owls')).toBe(100);
  });

  it('a multiple-choice answer can be rejected and restored', async () => {
    const { key, game, planets } = await playedGame();
    await judge(game.gameId, planets.id, { key }, { rejected: true });
    expect(await scoreOf(game.gameId, key, 'Owls')).toBe(80);
    await judge(game.gameId, planets.id, { key }, { rejected: false });
    expect(await scoreOf(game.gameId, key, 'Owls')).toBe(100);
  });

  it('judging a standard challenge (kind "done"): rejected counts 0, points replace its own', async () => {
    const { key, game, highFives } = await playedGame();
    expect(highFives).toMatchObject({ kind: 'done', points: 30, correct: null });
    const rejected = json<Submission>(
      await judge(game.gameId, highFives.id, { key }, { rejected: true }),
    );
    expect(rejected).toMatchObject({ kind: 'done', rejected: true });
    expect(await scoreOf(game.gameId, key, 'Owls')).toBe(70);
    await judge(game.gameId, highFives.id, { key }, { rejected: false, points: 15 });
    expect(await scoreOf(game.gameId, key, 'Owls')).toBe(85);
  });
});

describe('an answer names its submission (POST /play/{code}/answers answers {id, entry, score})', () => {
  it('the id is the one the judging call takes, and a resend of the same answer gets the same id', async () => {
    const user = await signUp(server);
    const template = await createTemplate(server, user, { name: 'Ids', steps: steps() });
    const game = await launched(user, 'publish', template);
    const owls = await joined(game.code, 'Owls');
    const payload = { clientId: randomUUID(), stepId: template.steps[0]!.id, text: 'Warszawa' };
    const first = await answer(game.code, owls.token, payload);
    expect(first.statusCode, first.body).toBe(200);
    const { id } = json<{ id: string }>(first);
    const again = await answer(game.code, owls.token, payload);
    expect(json<{ id: string }>(again).id).toBe(id);
    const remarked = await judge(game.gameId, id, { caller: user }, { points: 10 });
    expect(remarked.statusCode, remarked.body).toBe(200);
    expect(json<Submission>(remarked)).toMatchObject({
      id,
      answer: 'Warszawa',
      adjustedPoints: 10,
    });
  });
});
