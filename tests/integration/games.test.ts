/**
 * Games on the server (docs/games.md; SPEC §4, §6, §7, §8, §9): demo, launch and
 * schedule with the plan limits (403) and the template rules (422), snapshot isolation, expiry of
 * demos, joining by code (wrong codes, full games, name clashes), scoring of every task type,
 * resends and second answers, forged team tokens, rejoining, the live screens behind their key,
 * judging, the CSV and zip exports, My Activities rows, and the live scoreboard stream.
 */
import { gameCacheOf } from '../../server/services/games/gameCache';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { startTestServer, type TestServer } from './support/testServer';
import { createTemplate, expectErrorMessage, guest, json, signUp } from './support/clients';
import { multipartBody } from './support/multipart';
import { openEventStream } from './support/sse';
import { gameCalls } from './support/games';
import { games, submissions, teams } from '../../server/db/schema';
import { setUserPlan, setUserRestricted } from '../../server/services/users';
import { MESSAGES } from '../../src/domain/messages';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  type AnswerResult,
  type PlayerState,
  type PublicGame,
  type Scoreboard,
  type Statistics,
  type Submission,
} from '../../src/domain/games';
import type { ActivityRow, Template } from '../../src/domain/schemas';

const id = () => randomUUID();

let server: TestServer;
let baseUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => server.close());

const request = (options: Parameters<TestServer['request']>[0]) => server.request(options);

const { validTemplate, statusOf, start, launched, join, joined, answer, proUser } = gameCalls(
  () => server,
);

async function gameCount(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(games);
  return row!.n;
}

async function png(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#6465C7' } })
      .png()
      .toBuffer(),
  );
}

describe('demo, launch and schedule (SPEC §7, §6)', () => {
  it('makes a demo that is valid for 10 minutes, with a code, a QR code and the status of SPEC §7', async () => {
    const user = await signUp(server);
    const before = Date.now();
    const { status } = await launched(user, 'demo_game');
    expect(status.code).toHaveLength(CODE_LENGTH);
    expect([...status.code!].every((ch) => CODE_ALPHABET.includes(ch))).toBe(true);
    expect(status.qrCodeUrl).toBe(`/v1/qr/${status.code}.png`);
    const minutes = (Date.parse(status.endsAt!) - Date.parse(status.startsAt!)) / 60_000;
    expect(minutes).toBe(10);
    expect(Date.parse(status.publishedAt!)).toBeGreaterThanOrEqual(before - 1000);
    const qr = await request({ method: 'GET', url: status.qrCodeUrl! });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.rawPayload.subarray(0, 4).toString('hex')).toBe('89504e47');
  });

  it('makes a launch that is live for the rest of the day', async () => {
    const user = await signUp(server);
    const { status } = await launched(user);
    const ends = new Date(status.endsAt!);
    expect([ends.getHours(), ends.getMinutes()]).toEqual([0, 0]);
    expect(ends.getTime()).toBeGreaterThan(Date.now());
    expect(ends.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });

  it("makes a launch last the rest of the organiser's day in their time zone (X-Time-Zone)", async () => {
    const user = await signUp(server);
    const template = await validTemplate(user);
    const response = await request({
      method: 'POST',
      url: `/v1/templates/${template.id}/publish`,
      headers: { ...user.headers, 'x-time-zone': 'Pacific/Kiritimati' },
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(201);
    const status = await statusOf(user, json<{ gameStatusUrl: string }>(response).gameStatusUrl);
    // Kiritimati is UTC+14 all year: its midnight is 10:00 UTC.
    const ends = new Date(status.endsAt!);
    expect([ends.getUTCHours(), ends.getUTCMinutes()]).toEqual([10, 0]);
    expect(ends.getTime()).toBeGreaterThan(Date.now());
    expect(ends.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    // An unknown zone is ignored: the server's own day (a FREE user launches once a day: another).
    const other = await signUp(server);
    const unknown = await request({
      method: 'POST',
      url: `/v1/templates/${(await validTemplate(other)).id}/publish`,
      headers: { ...other.headers, 'x-time-zone': 'Mars/Olympus_Mons' },
      payload: {},
    });
    expect(unknown.statusCode, unknown.body).toBe(201);
    const local = new Date(
      (await statusOf(other, json<{ gameStatusUrl: string }>(unknown).gameStatusUrl)).endsAt!,
    );
    expect([local.getHours(), local.getMinutes()]).toEqual([0, 0]);
  });

  it('refuses guests with 401: demos and launches need an account', async () => {
    const visitor = guest();
    const template = await validTemplate(visitor);
    for (const kind of ['demo_game', 'publish'] as const) {
      const response = await start(visitor, template.id, kind);
      expect(response.statusCode).toBe(401);
      expectErrorMessage(response);
    }
  });

  it('refuses an incomplete template with 422 and the SPEC §8 messages, writing nothing', async () => {
    const user = await signUp(server);
    const incomplete = await createTemplate(server, user, { name: 'Half done' });
    const before = await gameCount();
    const launch = await start(user, incomplete.id, 'publish');
    expect(launch.statusCode).toBe(422);
    expect(expectErrorMessage(launch)).toBe(MESSAGES.launch.incompleteTasks);
    const demo = await start(user, incomplete.id, 'demo_game');
    expect(demo.statusCode).toBe(422);
    expect(expectErrorMessage(demo)).toBe(MESSAGES.demo.incompleteData);
    expect(await gameCount()).toBe(before);
  });

  it('gives FREE one live activity at a time: the second launch is 403 with the FREE message', async () => {
    const user = await signUp(server);
    await launched(user);
    const second = await validTemplate(user, 'Second quiz');
    const before = await gameCount();
    const response = await start(user, second.id, 'publish');
    expect(response.statusCode).toBe(403);
    expect(expectErrorMessage(response)).toBe(MESSAGES.launch.freeLiveLimit);
    expect(await gameCount()).toBe(before);
    // Demos are tests: they do not count.
    expect((await start(user, second.id, 'demo_game')).statusCode).toBe(201);
  });

  it('gives FREE one launch a day, even after the first has ended', async () => {
    const user = await signUp(server);
    const { gameId, template } = await launched(user);
    await server.database.db
      .update(games)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(games.id, gameId));
    const response = await start(user, template.id, 'publish');
    expect(response.statusCode).toBe(403);
    expect(expectErrorMessage(response)).toMatch(/one activity a day/);
  });

  it('lets PRO launch several activities and schedule them for later days', async () => {
    const user = await proUser();
    await launched(user);
    await launched(user);
    const t = await validTemplate(user);
    const startsAt = new Date(Date.now() + 3 * 24 * 3600_000);
    const endsAt = new Date(startsAt.getTime() + 2 * 3600_000);
    const response = await start(user, t.id, 'publish', {
      name: 'Friday session',
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const status = await statusOf(user, json<{ gameStatusUrl: string }>(response).gameStatusUrl);
    expect(status.startsAt).toBe(startsAt.toISOString());
    expect(status.endsAt).toBe(endsAt.toISOString());
  });

  it('refuses a future-dated schedule on FREE (PRO needed) and any schedule for a restricted user', async () => {
    const free = await signUp(server);
    const t = await validTemplate(free);
    const startsAt = new Date(Date.now() + 2 * 24 * 3600_000);
    const window = {
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3600_000).toISOString(),
    };
    const response = await start(free, t.id, 'publish', window);
    expect(response.statusCode).toBe(403);
    expect(expectErrorMessage(response)).toMatch(/PRO/);

    const restricted = await proUser();
    await setUserRestricted(server.database.db, restricted.userId!, true);
    const r = await validTemplate(restricted);
    const refused = await start(restricted, r.id, 'publish', window);
    expect(refused.statusCode).toBe(403);
    expectErrorMessage(refused);
  });

  it.each([
    ['end before start', { startsAt: 2, endsAt: 1 }, MESSAGES.schedule.endBeforeStart],
    [
      'shorter than the run time',
      { startsAt: 2, endsAt: 2.1 },
      MESSAGES.schedule.runTimeNotCovered,
    ],
    ['in the past', { startsAt: -5, endsAt: 3 }, MESSAGES.schedule.inThePast],
  ])('refuses a schedule %s with the SPEC §5 message (400)', async (_label, hours, message) => {
    const user = await proUser();
    const t = await validTemplate(user);
    const at = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
    const response = await start(user, t.id, 'publish', {
      startsAt: at(hours.startsAt),
      endsAt: at(hours.endsAt),
    });
    expect(response.statusCode).toBe(400);
    expect(expectErrorMessage(response)).toBe(message);
  });

  it("keeps to SPEC's scheduling window of one year: a year ahead is taken, the year 9999 is 400", async () => {
    const user = await proUser();
    const t = await validTemplate(user);
    const day = 24 * 3600_000;
    const inAYear = new Date(Date.now() + 365 * day);
    const taken = await start(user, t.id, 'publish', {
      startsAt: inAYear.toISOString(),
      endsAt: new Date(inAYear.getTime() + 2 * 3600_000).toISOString(),
    });
    expect(taken.statusCode, taken.body).toBe(201);
    for (const [startsAt, endsAt] of [
      ['9999-01-01T10:00:00.000Z', '9999-01-01T12:00:00.000Z'],
      [new Date(Date.now() + day).toISOString(), '9999-01-01T12:00:00.000Z'],
    ]) {
      const refused = await start(user, t.id, 'publish', { startsAt, endsAt });
      expect(refused.statusCode).toBe(400);
      expect(expectErrorMessage(refused)).toMatch(/at most one year ahead/);
    }
  });

  it('refuses a schedule with only one of startsAt and endsAt', async () => {
    const user = await proUser();
    const t = await validTemplate(user);
    const response = await start(user, t.id, 'publish', {
      startsAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for another organiser’s template and game status', async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const { template, gameId } = await launched(owner, 'demo_game');
    expect((await start(other, template.id, 'demo_game')).statusCode).toBe(404);
    const peek = await request({
      method: 'GET',
      url: `/v1/templates/${template.id}/games/${gameId}`,
      headers: other.headers,
    });
    expect(peek.statusCode).toBe(404);
  });
});

describe('snapshots: later edits never touch a live game', () => {
  it('keeps playing the tasks as they were at launch', async () => {
    const user = await signUp(server);
    const { template, code } = await launched(user);
    const steps = template.steps.map((s, i) =>
      i === 0 ? { ...s, text: 'Changed after launch?' } : s,
    );
    const patch = await request({
      method: 'PATCH',
      url: `/v1/templates/${template.id}`,
      headers: { ...user.headers, 'if-match': `"${template.revision}"` },
      payload: { steps },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const { token } = await joined(code);
    const me = json<PlayerState>(
      await request({ method: 'GET', url: `/v1/play/${code}/me`, headers: { teamtoken: token } }),
    );
    expect(me.steps[0]!.text).toBe('What is the capital of France?');
  });
});

describe('joining by code', () => {
  it('finds a game whatever the case and spacing of the typed code', async () => {
    const user = await signUp(server);
    const { code } = await launched(user, 'demo_game');
    const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`;
    const response = await request({ method: 'GET', url: `/v1/play/${encodeURIComponent(typed)}` });
    expect(response.statusCode).toBe(200);
    const game = json<PublicGame>(response);
    expect(game).toMatchObject({
      code,
      phase: 'open',
      demo: true,
      stepsCount: 4,
      teamsCount: 0,
      maxTeams: 3,
    });
  });

  it.each(['ZZZZZZZZ', 'abc', '0O1IL000', '../../etc'])(
    'answers 404 with a clear message for the code %s',
    async (code) => {
      const response = await request({
        method: 'GET',
        url: `/v1/play/${encodeURIComponent(code)}`,
      });
      expect(response.statusCode).toBe(404);
      expect(expectErrorMessage(response)).toMatch(/no activity with this code/);
    },
  );

  it('lets 3 teams join a FREE game and refuses the 4th with 403', async () => {
    const user = await signUp(server);
    const { code } = await launched(user, 'demo_game');
    for (const name of ['Owls', 'Foxes', 'Bears']) await joined(code, name);
    const fourth = await join(code, 'Hares');
    expect(fourth.statusCode).toBe(403);
    expect(expectErrorMessage(fourth)).toMatch(/full/);
  });

  it('an upgrade to PRO lifts the team limit of a game already running: the 4th team joins', async () => {
    const user = await signUp(server);
    const { code } = await launched(user);
    for (const name of ['Owls', 'Foxes', 'Bears']) await joined(code, name);
    expect((await join(code, 'Hares')).statusCode).toBe(403);
    await setUserPlan(server.database.db, user.userId!, 'PRO');
    const fourth = await join(code, 'Hares');
    expect(fourth.statusCode, fourth.body).toBe(201);
    const game = json<PublicGame>(await request({ method: 'GET', url: `/v1/play/${code}` }));
    expect(game.maxTeams).toBeNull();
    // A downgrade does not shut out teams of a game already running.
    await setUserPlan(server.database.db, user.userId!, 'FREE');
    expect((await join(code, 'Stoats')).statusCode).toBe(201);
  });

  it('has no team limit on PRO', async () => {
    const user = await proUser();
    const { code } = await launched(user, 'demo_game');
    for (let i = 0; i < 5; i++) await joined(code, `Team ${i}`);
  });

  it('refuses a name another team has (any case), and empty or over-long names', async () => {
    const user = await signUp(server);
    const { code } = await launched(user, 'demo_game');
    await joined(code, 'The Owls');
    const clash = await join(code, '  the   OWLS ');
    expect(clash.statusCode).toBe(409);
    expect((await join(code, '   ')).statusCode).toBe(400);
    expect((await join(code, 'x'.repeat(41))).statusCode).toBe(400);
  });

  it('refuses joining before a scheduled game starts (409) and after a game ends (410)', async () => {
    const user = await proUser();
    const t = await validTemplate(user);
    const startsAt = new Date(Date.now() + 24 * 3600_000);
    const response = await start(user, t.id, 'publish', {
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3600_000).toISOString(),
    });
    const status = await statusOf(user, json<{ gameStatusUrl: string }>(response).gameStatusUrl);
    const early = await join(status.code!, 'Early birds');
    expect(early.statusCode).toBe(409);
    expect(expectErrorMessage(early)).toMatch(/not started/);

    const demo = await launched(user, 'demo_game');
    await server.database.db
      .update(games)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(games.id, demo.gameId));
    gameCacheOf(server.database.db).clear(); // written behind the server's back: no cached copy may hide it
    const late = await join(demo.code, 'Latecomers');
    expect(late.statusCode).toBe(410);
  });

  it('rejoins as the same team with the token kept on the phone, and refuses forged tokens', async () => {
    const user = await signUp(server);
    const { code } = await launched(user, 'demo_game');
    const other = await launched(await signUp(server), 'demo_game');
    const { token, team } = await joined(code, 'Rejoiners');
    const me = await request({
      method: 'GET',
      url: `/v1/play/${code}/me`,
      headers: { teamtoken: token },
    });
    expect(json<PlayerState>(me).team.id).toBe(team.id);
    for (const headers of [{}, { teamtoken: 'forged' }, { teamtoken: `${token}x` }]) {
      expect(
        (await request({ method: 'GET', url: `/v1/play/${code}/me`, headers })).statusCode,
      ).toBe(401);
    }
    // A real token of another game is no key to this one.
    expect(
      (
        await request({
          method: 'GET',
          url: `/v1/play/${other.code}/me`,
          headers: { teamtoken: token },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('never shows players which answer is right', async () => {
    const user = await signUp(server);
    const { code } = await launched(user, 'demo_game');
    const { token } = await joined(code);
    const me = await request({
      method: 'GET',
      url: `/v1/play/${code}/me`,
      headers: { teamtoken: token },
    });
    expect(me.body).not.toContain('correct');
    expect(me.body).not.toContain('Paris');
    const state = json<PlayerState>(me);
    expect(state.steps[1]!.answers.map((a) => a.value)).toEqual(['Mars', 'Jupiter', 'Venus']);
  });
});

describe('rate limits', () => {
  it('limits code look-ups and joins per address (PLAY_RATE_LIMIT_PER_MINUTE), so codes cannot be guessed', async () => {
    const limited = await startTestServer({ env: { PLAY_RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(
          (await limited.request({ method: 'GET', url: '/v1/play/ZZZZ2345' })).statusCode,
        );
      }
      expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
      expect(statuses[5]).toBe(429);
      const refused = await limited.request({ method: 'GET', url: '/v1/play/ZZZZ2345' });
      expect(expectErrorMessage(refused)).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});

describe('answers and scoring', () => {
  async function playing() {
    const user = await signUp(server);
    const game = await launched(user, 'demo_game');
    const team = await joined(game.code);
    return { user, ...game, ...team };
  }

  it('scores free text case-insensitively and multiple choice by the chosen answer', async () => {
    const { code, token, template } = await playing();
    const [capital, planets] = template.steps;
    const free = await answer(code, token, { stepId: capital!.id, text: '  pARIS ' });
    expect(json<AnswerResult>(free)).toMatchObject({
      entry: { correct: true, points: 10 },
      score: 10,
    });
    const wrong = planets!.answers.find((a) => !a.correct)!;
    const mc = await answer(code, token, { stepId: planets!.id, answerId: wrong.id });
    expect(json<AnswerResult>(mc)).toMatchObject({
      entry: { correct: false, points: 0 },
      score: 10,
    });
  });

  it('answers a resend (same clientId) with the first result and refuses a second answer with 409', async () => {
    const { code, token, template } = await playing();
    const stepId = template.steps[0]!.id;
    const clientId = id();
    const first = await answer(code, token, { stepId, clientId, text: 'Paris' });
    const resend = await answer(code, token, { stepId, clientId, text: 'Paris' });
    expect(resend.statusCode).toBe(200);
    expect(json<AnswerResult>(resend)).toEqual(json<AnswerResult>(first));
    const second = await answer(code, token, { stepId, text: 'Lyon' });
    expect(second.statusCode).toBe(409);
    expect(expectErrorMessage(second)).toMatch(/already answered/);
    const [row] = await server.database.db
      .select({ n: count() })
      .from(submissions)
      .where(eq(submissions.stepId, stepId));
    expect(row!.n).toBe(1);
  });

  it('scores a pass as 0 and a standard challenge done as its points', async () => {
    const { code, token, template } = await playing();
    const pass = await answer(code, token, { stepId: template.steps[0]!.id, pass: true });
    expect(json<AnswerResult>(pass).entry).toMatchObject({ kind: 'pass', points: 0 });
    const done = await answer(code, token, { stepId: template.steps[3]!.id, done: true });
    expect(json<AnswerResult>(done)).toMatchObject({
      entry: { kind: 'done', points: 30 },
      score: 30,
    });
  });

  it.each([
    ['an unknown task', () => ({ stepId: id(), text: 'x' }), 404],
    [
      'text for a multiple-choice task',
      (t: Template) => ({ stepId: t.steps[1]!.id, text: 'Jupiter' }),
      400,
    ],
    [
      'an answer id from another task',
      (t: Template) => ({ stepId: t.steps[1]!.id, answerId: t.steps[0]!.answers[0]!.id }),
      400,
    ],
    [
      'an answer and a pass at once',
      (t: Template) => ({ stepId: t.steps[0]!.id, text: 'Paris', pass: true }),
      400,
    ],
    [
      'a photo challenge answered without a photo',
      (t: Template) => ({ stepId: t.steps[2]!.id, done: true }),
      400,
    ],
    [
      'an unexpected field',
      (t: Template) => ({ stepId: t.steps[0]!.id, text: 'Paris', points: 1000 }),
      400,
    ],
  ])('refuses %s and writes nothing', async (_label, body, status) => {
    const { code, token, template } = await playing();
    const response = await answer(code, token, body(template));
    expect(response.statusCode).toBe(status);
    expectErrorMessage(response);
    const [row] = await server.database.db
      .select({ n: count() })
      .from(submissions)
      .where(eq(submissions.gameId, await statusGameId(code)));
    expect(row!.n).toBe(0);
  });

  it('refuses answers after the game has ended with 410', async () => {
    const { code, token, template, gameId } = await playing();
    await server.database.db
      .update(games)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(games.id, gameId));
    gameCacheOf(server.database.db).clear(); // written behind the server's back: no cached copy may hide it
    const response = await answer(code, token, { stepId: template.steps[0]!.id, text: 'Paris' });
    expect(response.statusCode).toBe(410);
  });

  it('takes a photo for a photo challenge, and refuses other files', async () => {
    const { code, token, template } = await playing();
    const stepId = template.steps[2]!.id;
    const wrong = multipartBody(
      [
        {
          field: 'media',
          filename: 'a.txt',
          contentType: 'text/plain',
          bytes: new TextEncoder().encode('not a photo'),
        },
      ],
      { stepId, clientId: id() },
    );
    const refused = await request({
      method: 'POST',
      url: `/v1/play/${code}/answers/media`,
      headers: { teamtoken: token, ...wrong.headers },
      payload: wrong.payload,
    });
    expect(refused.statusCode).toBe(415);
    expectErrorMessage(refused);
    const body = multipartBody(
      [{ field: 'media', filename: 'team.png', contentType: 'image/png', bytes: await png() }],
      { stepId, clientId: id() },
    );
    const response = await request({
      method: 'POST',
      url: `/v1/play/${code}/answers/media`,
      headers: { teamtoken: token, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = json<AnswerResult>(response);
    expect(result).toMatchObject({ entry: { kind: 'media', points: 50 }, score: 50 });
    const file = await request({ method: 'GET', url: result.entry.mediaUrl! });
    expect(file.statusCode).toBe(200);
  });

  it('refuses a photo over 10 MB with 413 and stores nothing', async () => {
    const { code, token, template, gameId } = await playing();
    const huge = new Uint8Array(10 * 1024 * 1024 + 1024);
    huge.set(await png());
    const body = multipartBody(
      [{ field: 'media', filename: 'huge.png', contentType: 'image/png', bytes: huge }],
      {
        stepId: template.steps[2]!.id,
        clientId: id(),
      },
    );
    const response = await request({
      method: 'POST',
      url: `/v1/play/${code}/answers/media`,
      headers: { teamtoken: token, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
    expectErrorMessage(response);
    const [row] = await server.database.db
      .select({ n: count() })
      .from(submissions)
      .where(eq(submissions.gameId, gameId));
    expect(row!.n).toBe(0);
  });

  it('takes a team photo', async () => {
    const { code, token } = await playing();
    const body = multipartBody([
      { field: 'photo', filename: 'us.png', contentType: 'image/png', bytes: await png() },
    ]);
    const response = await request({
      method: 'POST',
      url: `/v1/play/${code}/team/photo`,
      headers: { teamtoken: token, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ photoUrl: string }>(response).photoUrl).toMatch(/^\/uploads\/games\//);
  });
});

async function statusGameId(code: string): Promise<string> {
  const [game] = await server.database.db.select().from(games).where(eq(games.code, code));
  return game!.id;
}

describe('live screens, judging and exports', () => {
  async function playedGame() {
    const user = await signUp(server);
    const game = await launched(user);
    const owls = await joined(game.code, 'Owls');
    const foxes = await joined(game.code, 'Foxes');
    const [capital, planets, photo] = game.template.steps;
    await answer(game.code, owls.token, { stepId: capital!.id, text: 'paris' });
    await answer(game.code, foxes.token, { stepId: capital!.id, text: 'Lyon, "obviously"' });
    await answer(game.code, foxes.token, {
      stepId: planets!.id,
      answerId: planets!.answers.find((a) => a.correct)!.id,
    });
    const body = multipartBody(
      [{ field: 'media', filename: 'x.png', contentType: 'image/png', bytes: await png() }],
      { stepId: photo!.id, clientId: id() },
    );
    await request({
      method: 'POST',
      url: `/v1/play/${game.code}/answers/media`,
      headers: { teamtoken: owls.token, ...body.headers },
      payload: body.payload,
    });
    const rows = json<ActivityRow[]>(
      await request({ method: 'GET', url: '/v1/my_games', headers: user.headers }),
    );
    const row = rows.find((r) => r.id === game.template.id)!;
    return {
      user,
      ...game,
      owls,
      foxes,
      row,
      key: new URL(row.scoreboardUrl!).searchParams.get('key')!,
    };
  }

  it('shows the activity as live in My Activities, with its plays and live-screen links', async () => {
    const { row, gameId } = await playedGame();
    expect(row).toMatchObject({ status: 'live', plays: 2 });
    expect(row.scoreboardUrl).toMatch(new RegExp(`/live/${gameId}/scoreboard\\?key=`));
    expect(row.presentationUrl).toMatch(new RegExp(`/live/${gameId}/presentation\\?key=`));
    expect(row.statisticsUrl).toMatch(new RegExp(`/live/${gameId}/statistics\\?key=`));
    // The join info dialog (SPEC §2.9) reads the current instance's status from here.
    expect(row.gameStatusUrl).toMatch(new RegExp(`/v1/templates/${row.id}/games/${gameId}$`));
  });

  it('leaves the status alone for a demo (demos are tests)', async () => {
    const user = await signUp(server);
    const { template } = await launched(user, 'demo_game');
    const rows = json<ActivityRow[]>(
      await request({ method: 'GET', url: '/v1/my_games', headers: user.headers }),
    );
    expect(rows.find((r) => r.id === template.id)).toMatchObject({
      status: 'ready',
      plays: 0,
      scoreboardUrl: null,
    });
  });

  it('ranks teams on the scoreboard by score', async () => {
    const { gameId, key } = await playedGame();
    const board = json<Scoreboard>(
      await request({ method: 'GET', url: `/v1/games/${gameId}/scoreboard?key=${key}` }),
    );
    expect(board.rows.map((r) => [r.rank, r.name, r.score, r.answered])).toEqual([
      [1, 'Owls', 60, 2],
      [2, 'Foxes', 20, 2],
    ]);
  });

  it('keeps the live screens behind the key or the owner’s sign-in (404 otherwise)', async () => {
    const { gameId, key, user } = await playedGame();
    const stranger = await signUp(server);
    for (const screen of ['scoreboard', 'statistics', 'statistics.csv', 'media.zip']) {
      expect(
        (await request({ method: 'GET', url: `/v1/games/${gameId}/${screen}` })).statusCode,
      ).toBe(404);
      expect(
        (
          await request({
            method: 'GET',
            url: `/v1/games/${gameId}/${screen}?key=${key.slice(1)}x`,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await request({
            method: 'GET',
            url: `/v1/games/${gameId}/${screen}`,
            headers: stranger.headers,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await request({
            method: 'GET',
            url: `/v1/games/${gameId}/${screen}`,
            headers: user.headers,
          })
        ).statusCode,
      ).toBe(200);
    }
  });

  it('reports per task and per team, with the answers given', async () => {
    const { gameId, key, template } = await playedGame();
    const stats = json<Statistics>(
      await request({ method: 'GET', url: `/v1/games/${gameId}/statistics?key=${key}` }),
    );
    const capital = stats.steps.find((s) => s.step.id === template.steps[0]!.id)!;
    expect(capital).toMatchObject({ answered: 2, correct: 1, passed: 0 });
    expect(capital.answers).toEqual(
      expect.arrayContaining([
        { answer: 'paris', count: 1, correct: true },
        { answer: 'Lyon, "obviously"', count: 1, correct: false },
      ]),
    );
    expect(stats.teams.map((t) => [t.team.name, t.answered, t.correct])).toEqual([
      ['Owls', 2, 1],
      ['Foxes', 2, 1],
    ]);
  });

  it('lets the organiser reject a photo and adjust points; the score follows', async () => {
    const { gameId, key } = await playedGame();
    const stats = json<Statistics>(
      await request({ method: 'GET', url: `/v1/games/${gameId}/statistics?key=${key}` }),
    );
    const photo = stats.submissions.find((s) => s.kind === 'media')!;
    const judge = (payload: object, k = key) =>
      request({
        method: 'PATCH',
        url: `/v1/games/${gameId}/submissions/${photo.id}?key=${k}`,
        payload,
      });
    expect((await judge({ rejected: true }, 'wrong-key')).statusCode).toBe(404);
    const rejected = json<Submission>(await judge({ rejected: true }));
    expect(rejected).toMatchObject({ rejected: true });
    const score = async () =>
      json<Scoreboard>(
        await request({ method: 'GET', url: `/v1/games/${gameId}/scoreboard?key=${key}` }),
      ).rows.find((r) => r.name === 'Owls')!.score;
    expect(await score()).toBe(10);
    await judge({ rejected: false, points: 80 });
    expect(await score()).toBe(90);
    expect((await judge({})).statusCode).toBe(400);
    expect((await judge({ points: 5000 })).statusCode).toBe(400);
  });

  it("tells the judged team's phone at once, and no other team's", async () => {
    const { gameId, key, code, owls, foxes } = await playedGame();
    const stats = json<Statistics>(
      await request({ method: 'GET', url: `/v1/games/${gameId}/statistics?key=${key}` }),
    );
    const photo = stats.submissions.find((s) => s.kind === 'media')!;
    const owlsPhone = await openEventStream(
      `${baseUrl}/v1/play/${code}/events?team=${owls.team.id}`,
    );
    const foxesPhone = await openEventStream(
      `${baseUrl}/v1/play/${code}/events?team=${foxes.team.id}`,
    );
    try {
      await owlsPhone.waitFor((e) => e.event === 'scoreboard');
      await foxesPhone.waitFor((e) => e.event === 'scoreboard');
      const foxesBefore = foxesPhone.received.length;
      const judged = await request({
        method: 'PATCH',
        url: `/v1/games/${gameId}/submissions/${photo.id}?key=${key}`,
        payload: { rejected: true },
      });
      expect(judged.statusCode).toBe(200);
      const told = await owlsPhone.waitFor((e) => e.event === 'judged');
      expect(told.data).toEqual({ stepId: photo.stepId, rejected: true });
      // The Foxes' phone hears the new scores, not the Owls' judging.
      await foxesPhone.waitFor(
        (e) => e.event === 'scoreboard' && foxesPhone.received.indexOf(e) >= foxesBefore,
      );
      expect(foxesPhone.received.some((e) => e.event === 'judged')).toBe(false);
    } finally {
      owlsPhone.close();
      foxesPhone.close();
    }
  });

  it('a game named with non-Latin letters exports its CSV and zip, named in UTF-8 with an ASCII fallback (RFC 6266)', async () => {
    const user = await signUp(server);
    const game = await launched(user, 'publish', await validTemplate(user, 'Łódź quiz'));
    const csv = await request({
      method: 'GET',
      url: `/v1/games/${game.gameId}/statistics.csv`,
      headers: user.headers,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="Lodz quiz results.csv"; filename*=UTF-8''%C5%81%C3%B3d%C5%BA%20quiz%20results.csv`,
    );
    const zip = await request({
      method: 'GET',
      url: `/v1/games/${game.gameId}/media.zip`,
      headers: user.headers,
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toBe(
      `attachment; filename="Lodz quiz photos and videos.zip"; filename*=UTF-8''%C5%81%C3%B3d%C5%BA%20quiz%20photos%20and%20videos.zip`,
    );
  });

  it('exports a CSV with every answer, quoted safely', async () => {
    const { gameId, key } = await playedGame();
    const csv = await request({
      method: 'GET',
      url: `/v1/games/${gameId}/statistics.csv?key=${key}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename=".* results\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Team,Team score,Task number,Task,Type,Answer,Correct,Points,Rejected,Media,Submitted at,Late,Hidden',
    );
    const owlsCapital = lines.find((l) =>
      l.startsWith('Owls,60,1,Capital city,freeText,paris,true,10,false'),
    );
    expect(owlsCapital?.endsWith(',false,false'), 'answered in time, not hidden').toBe(true);
    expect(lines.some((l) => l.includes('"Lyon, ""obviously"""'))).toBe(true);
  });

  it('downloads the photos in a zip, in a folder per team', async () => {
    const { gameId, key } = await playedGame();
    const zip = await request({ method: 'GET', url: `/v1/games/${gameId}/media.zip?key=${key}` });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.rawPayload.toString('latin1')).toContain('Owls/03 Team photo.png');
  });
});

describe('the players’ scoreboard', () => {
  it('gives phones the top 20 rows and their own row, and live screens every row', async () => {
    const user = await proUser();
    const { code, gameId } = await launched(user, 'demo_game');
    const joinedTeams = [];
    for (let i = 0; i < 22; i++)
      joinedTeams.push(await joined(code, `Team ${String(i).padStart(2, '0')}`));
    const last = joinedTeams.at(-1)!.team;
    const top = json<Scoreboard>(
      await request({ method: 'GET', url: `/v1/play/${code}/scoreboard` }),
    );
    expect(top.rows).toHaveLength(20);
    const mine = json<Scoreboard>(
      await request({ method: 'GET', url: `/v1/play/${code}/scoreboard?team=${last.id}` }),
    );
    expect(mine.rows).toHaveLength(21);
    expect(mine.rows.at(-1)).toMatchObject({ teamId: last.id, rank: 1 });
    const full = json<Scoreboard>(
      await request({
        method: 'GET',
        url: `/v1/games/${gameId}/scoreboard`,
        headers: user.headers,
      }),
    );
    expect(full.rows).toHaveLength(22);
  });
});

describe('the live scoreboard stream', () => {
  it('sends the scoreboard at once and again within a second of an answer', async () => {
    const user = await signUp(server);
    const { code, template } = await launched(user, 'demo_game');
    const { token } = await joined(code, 'Streamers');
    const stream = await openEventStream(`${baseUrl}/v1/play/${code}/events`);
    try {
      await stream.waitFor((e) => e.event === 'scoreboard');
      const sentAt = Date.now();
      await answer(code, token, { stepId: template.steps[0]!.id, text: 'Paris' });
      const update = await stream.waitFor(
        (e) => e.event === 'scoreboard' && (e.data as Scoreboard).rows[0]?.score === 10,
      );
      expect(update).toBeDefined();
      expect(Date.now() - sentAt).toBeLessThan(5_000);
    } finally {
      stream.close();
    }
  });

  it('tells the live screens about new teams and submissions', async () => {
    const user = await signUp(server);
    const { code, gameId } = await launched(user, 'demo_game');
    const [game] = await server.database.db.select().from(games).where(eq(games.id, gameId));
    const stream = await openEventStream(
      `${baseUrl}/v1/games/${gameId}/events?key=${game!.screenKey}`,
    );
    try {
      const { token } = await joined(code, 'Newcomers');
      const team = await stream.waitFor((e) => e.event === 'team');
      expect((team.data as { name: string }).name).toBe('Newcomers');
      // A photo reaches the presentation as it comes in.
      const [game] = await server.database.db.select().from(games).where(eq(games.id, gameId));
      const photoStep = game!.snapshot.steps.find((s) => s.type === 'photoChallenge')!;
      const body = multipartBody(
        [{ field: 'media', filename: 'x.png', contentType: 'image/png', bytes: await png() }],
        { stepId: photoStep.id, clientId: id() },
      );
      const uploaded = await request({
        method: 'POST',
        url: `/v1/play/${code}/answers/media`,
        headers: { teamtoken: token, ...body.headers },
        payload: body.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const submission = await stream.waitFor((e) => e.event === 'submission');
      expect(submission.data).toMatchObject({
        teamName: 'Newcomers',
        kind: 'media',
        stepId: photoStep.id,
      });
    } finally {
      stream.close();
    }
    const refused = await fetch(`${baseUrl}/v1/games/${gameId}/events?key=nope`);
    expect(refused.status).toBe(404);
    const [row] = await server.database.db
      .select({ n: count() })
      .from(teams)
      .where(eq(teams.gameId, gameId));
    expect(row!.n).toBe(1);
  });
});
