/**
 * Game control (docs/games.md "Game control"): the organiser ends, pauses, resumes and
 * moves the end of a game, as its signed-in owner or with its screen key; the phones and live
 * screens hear of it at once; another organiser's game is 404; FREE cannot extend past the day.
 * And late answers: made before the end, delivered after it within the grace period, they count.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { startTestServer, type TestServer } from './support/testServer';
import { expectErrorMessage, json, signUp, type Caller } from './support/clients';
import { gameCalls } from './support/games';
import { openEventStream } from './support/sse';
import { multipartBody } from './support/multipart';
import { games } from '../../server/db/schema';
import { PLAN_MESSAGES } from '../../server/services/games/publishing';
import { CONTROL_MESSAGES } from '../../server/services/games/control';
import { PLAY_MESSAGES } from '../../server/services/games/players';
import { gameCacheOf } from '../../server/services/games/gameCache';
import type {
  GameControl,
  PlayerState,
  PublicGame,
  Scoreboard,
  Statistics,
} from '../../src/domain/games';
import type { GameStatus } from '../../src/domain/schemas';

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

const { request, launched, joined, answer, proUser, start, statusOf, validTemplate } = gameCalls(
  () => server,
);

type Action = 'end' | 'pause' | 'resume';

const control = (gameId: string, action: Action, auth: { caller?: Caller; key?: string }) =>
  request({
    method: 'POST',
    url: `/v1/games/${gameId}/${action}${auth.key ? `?key=${encodeURIComponent(auth.key)}` : ''}`,
    headers: auth.caller?.headers ?? {},
  });

const changeEnd = (gameId: string, caller: Caller, endsAt: Date | string) =>
  request({
    method: 'PATCH',
    url: `/v1/games/${gameId}`,
    headers: caller.headers,
    payload: { endsAt: typeof endsAt === 'string' ? endsAt : endsAt.toISOString() },
  });

const publicGame = async (code: string) =>
  json<PublicGame>(await request({ method: 'GET', url: `/v1/play/${code}` }));

const screenKeyOf = (status: GameStatus) => new URL(status.scoreboardUrl!).searchParams.get('key')!;

describe('end now (POST /games/{id}/end)', () => {
  it('ends a running game at once: phones see it ended, answers and joins are refused with 410', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const team = await joined(game.code, 'Owls');
    const before = Date.now();
    const ended = await control(game.gameId, 'end', { caller: user });
    expect(ended.statusCode, ended.body).toBe(200);
    const body = json<GameControl>(ended);
    expect(body).toMatchObject({ id: game.gameId, phase: 'ended', pausedAt: null });
    expect(Date.parse(body.endsAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.endsAt)).toBeLessThanOrEqual(Date.now());
    expect((await publicGame(game.code)).phase).toBe('ended');
    const late = await answer(game.code, team.token, {
      stepId: game.template.steps[0]!.id,
      text: 'Paris',
    });
    expect(late.statusCode).toBe(410);
    expect(expectErrorMessage(late)).toBe(PLAY_MESSAGES.ended);
    const joining = await request({
      method: 'POST',
      url: `/v1/play/${game.code}/teams`,
      payload: { name: 'Latecomers' },
    });
    expect(joining.statusCode).toBe(410);
    // Ending again changes nothing: the same end is answered.
    const again = await control(game.gameId, 'end', { caller: user });
    expect(again.statusCode).toBe(200);
    expect(json<GameControl>(again).endsAt).toBe(body.endsAt);
    // The game status (SPEC §7) reports the new end too.
    const status = await statusOf(user, `templates/${game.template.id}/games/${game.gameId}`);
    expect(status.endsAt).toBe(body.endsAt);
  });

  it('calls off a scheduled game before its start: it reads as ended, not upcoming', async () => {
    const user = await proUser();
    const template = await validTemplate(user);
    const startsAt = new Date(Date.now() + 2 * 24 * 3600_000);
    const response = await start(user, template.id, 'publish', {
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3600_000).toISOString(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const gameId = json<{ gameStatusUrl: string }>(response).gameStatusUrl.split('/games/')[1]!;
    const ended = await control(gameId, 'end', { caller: user });
    expect(ended.statusCode, ended.body).toBe(200);
    const body = json<GameControl>(ended);
    expect(body.phase).toBe('ended');
    expect(Date.parse(body.startsAt)).toBeLessThanOrEqual(Date.parse(body.endsAt));
  });

  it("answers 404 for another organiser's game and for a wrong key, and works with the screen key", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const game = await launched(owner);
    for (const action of ['end', 'pause', 'resume'] as const) {
      const refused = await control(game.gameId, action, { caller: other });
      expect(refused.statusCode).toBe(404);
      expectErrorMessage(refused);
      expect((await control(game.gameId, action, { key: 'not-the-key' })).statusCode).toBe(404);
    }
    const patched = await changeEnd(game.gameId, other, new Date(Date.now() + 60_000));
    expect(patched.statusCode).toBe(404);
    expect((await publicGame(game.code)).phase).toBe('open');
    const withKey = await control(game.gameId, 'end', { key: screenKeyOf(game.status) });
    expect(withKey.statusCode, withKey.body).toBe(200);
    expect(json<GameControl>(withKey).phase).toBe('ended');
  });
});

describe('pause and resume', () => {
  it('a paused game refuses answers with 409 and a clear message, takes new teams, and takes answers again after Resume', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const team = await joined(game.code, 'Owls');
    const [capital] = game.template.steps;
    const paused = await control(game.gameId, 'pause', { caller: user });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(json<GameControl>(paused)).toMatchObject({ phase: 'paused' });
    const shown = await publicGame(game.code);
    expect(shown.phase).toBe('paused');
    expect(shown.pausedAt).toBe(json<GameControl>(paused).pausedAt);
    const refused = await answer(game.code, team.token, { stepId: capital!.id, text: 'Paris' });
    expect(refused.statusCode).toBe(409);
    expect(expectErrorMessage(refused)).toBe(PLAY_MESSAGES.paused);
    // Pausing twice is one pause: the first pause's time stands.
    const twice = await control(game.gameId, 'pause', { caller: user });
    expect(json<GameControl>(twice).pausedAt).toBe(json<GameControl>(paused).pausedAt);
    await joined(game.code, 'Foxes');

    const resumed = await control(game.gameId, 'resume', { caller: user });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(json<GameControl>(resumed)).toMatchObject({ phase: 'open', pausedAt: null });
    const accepted = await answer(game.code, team.token, { stepId: capital!.id, text: 'Paris' });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses to pause a game that has not started (409) or has ended (410)', async () => {
    const user = await proUser();
    const template = await validTemplate(user);
    const startsAt = new Date(Date.now() + 24 * 3600_000);
    const scheduled = await start(user, template.id, 'publish', {
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3600_000).toISOString(),
    });
    const upcomingId = json<{ gameStatusUrl: string }>(scheduled).gameStatusUrl.split(
      '/games/',
    )[1]!;
    const early = await control(upcomingId, 'pause', { caller: user });
    expect(early.statusCode).toBe(409);
    expect(expectErrorMessage(early)).toBe(CONTROL_MESSAGES.notStarted);

    const game = await launched(user);
    await control(game.gameId, 'end', { caller: user });
    for (const action of ['pause', 'resume'] as const) {
      const late = await control(game.gameId, action, { caller: user });
      expect(late.statusCode).toBe(410);
      expect(expectErrorMessage(late)).toBe(CONTROL_MESSAGES.ended);
    }
  });

  it('tells every phone and live screen at once, and the next scoreboard carries the new phase', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const team = await joined(game.code, 'Owls');
    const key = screenKeyOf(game.status);
    const phone = await openEventStream(
      `${baseUrl}/v1/play/${game.code}/events?team=${team.team.id}`,
    );
    const screen = await openEventStream(`${baseUrl}/v1/games/${game.gameId}/events?key=${key}`);
    try {
      await phone.waitFor((e) => e.event === 'scoreboard');
      await screen.waitFor((e) => e.event === 'scoreboard');
      const boardsBefore = screen.received.length;
      await control(game.gameId, 'pause', { caller: user });
      const told = await phone.waitFor((e) => e.event === 'game');
      expect(told.data).toMatchObject({ id: game.gameId, phase: 'paused' });
      expect((await screen.waitFor((e) => e.event === 'game')).data).toMatchObject({
        phase: 'paused',
      });
      const board = await screen.waitFor(
        (e) => e.event === 'scoreboard' && screen.received.indexOf(e) >= boardsBefore,
      );
      expect((board.data as Scoreboard).game.phase).toBe('paused');
    } finally {
      phone.close();
      screen.close();
    }
  });

  it('a call that changes nothing (Resume while open, a second Pause or Resume) tells no phone', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const team = await joined(game.code, 'Owls');
    const phone = await openEventStream(
      `${baseUrl}/v1/play/${game.code}/events?team=${team.team.id}`,
    );
    try {
      await phone.waitFor((e) => e.event === 'scoreboard');
      for (const action of ['resume', 'pause', 'pause', 'resume', 'resume', 'end'] as const) {
        expect((await control(game.gameId, action, { caller: user })).statusCode).toBe(200);
      }
      // Events arrive in order: once the end is told, any event of the no-ops before it is in.
      await phone.waitFor((e) => e.event === 'game' && (e.data as GameControl).phase === 'ended');
      const told = phone.received
        .filter((e) => e.event === 'game')
        .map((e) => (e.data as GameControl).phase);
      expect(told).toEqual(['paused', 'open', 'ended']);
    } finally {
      phone.close();
    }
  });
});

describe('moving the end (PATCH /games/{id} {endsAt})', () => {
  it('FREE: shortens within the day; extending past the day is 403 with the SPEC message', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const dayEnd = new Date(game.status.endsAt!);
    const earlier = new Date(Math.min(dayEnd.getTime() - 60_000, Date.now() + 30 * 60_000));
    const shortened = await changeEnd(game.gameId, user, earlier);
    expect(shortened.statusCode, shortened.body).toBe(200);
    expect(json<GameControl>(shortened)).toMatchObject({
      phase: 'open',
      endsAt: earlier.toISOString(),
    });
    expect((await publicGame(game.code)).endsAt).toBe(earlier.toISOString());
    // Back to the day's end is allowed; an hour past it is not.
    expect((await changeEnd(game.gameId, user, dayEnd)).statusCode).toBe(200);
    const tooLate = await changeEnd(game.gameId, user, new Date(dayEnd.getTime() + 3600_000));
    expect(tooLate.statusCode).toBe(403);
    expect(expectErrorMessage(tooLate)).toBe(PLAN_MESSAGES.futureOrMultiDay);
    expect((await publicGame(game.code)).endsAt).toBe(dayEnd.toISOString());
  });

  it('PRO: extends a launch into the next days', async () => {
    const user = await proUser();
    const game = await launched(user);
    const later = new Date(Date.parse(game.status.endsAt!) + 2 * 24 * 3600_000);
    const extended = await changeEnd(game.gameId, user, later);
    expect(extended.statusCode, extended.body).toBe(200);
    expect(json<GameControl>(extended).endsAt).toBe(later.toISOString());
  });

  it('refuses an end in the past, before the start, or past a year (400), a longer demo (403) and an ended game (410), changing nothing', async () => {
    const user = await proUser();
    const game = await launched(user);
    const past = await changeEnd(game.gameId, user, new Date(Date.now() - 60_000));
    expect(past.statusCode).toBe(400);
    expect(expectErrorMessage(past)).toBe(CONTROL_MESSAGES.endPassed);
    const farAway = await changeEnd(game.gameId, user, new Date(Date.now() + 400 * 24 * 3600_000));
    expect(farAway.statusCode).toBe(400);
    expect(expectErrorMessage(farAway)).toBe(CONTROL_MESSAGES.tooLong);
    for (const bad of ['tomorrow', '']) {
      const malformed = await changeEnd(game.gameId, user, bad);
      expect(malformed.statusCode).toBe(400);
      expectErrorMessage(malformed);
    }
    const extra = await request({
      method: 'PATCH',
      url: `/v1/games/${game.gameId}`,
      headers: user.headers,
      payload: { endsAt: new Date(Date.now() + 60_000).toISOString(), startsAt: 'x' },
    });
    expect(extra.statusCode).toBe(400);
    expect((await publicGame(game.code)).endsAt).toBe(game.status.endsAt);

    const demo = await launched(user, 'demo_game');
    const longer = await changeEnd(demo.gameId, user, new Date(Date.now() + 3600_000));
    expect(longer.statusCode).toBe(403);
    expect(expectErrorMessage(longer)).toBe(CONTROL_MESSAGES.demoTooLong);

    await control(game.gameId, 'end', { caller: user });
    const revived = await changeEnd(game.gameId, user, new Date(Date.now() + 3600_000));
    expect(revived.statusCode).toBe(410);
    expect((await publicGame(game.code)).phase).toBe('ended');
  });
});

describe('late answers (docs/games.md "Late answers")', () => {
  const iso = (ms: number) => new Date(ms).toISOString();

  async function endedGame() {
    const user = await signUp(server);
    const game = await launched(user);
    const team = await joined(game.code, 'Basement');
    const beforeEnd = Date.now(); // after the start, before the end
    const ended = json<GameControl>(await control(game.gameId, 'end', { caller: user }));
    return { user, game, team, beforeEnd, endsAt: Date.parse(ended.endsAt) };
  }

  it('an answer made before the end and delivered after it counts and is marked late in the statistics', async () => {
    const { game, team, beforeEnd } = await endedGame();
    const [capital] = game.template.steps;
    const late = await answer(game.code, team.token, {
      stepId: capital!.id,
      text: 'Paris',
      answeredAt: iso(beforeEnd),
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(json<{ score: number }>(late).score).toBe(10);
    const stats = json<Statistics>(
      await request({
        method: 'GET',
        url: `/v1/games/${game.gameId}/statistics?key=${screenKeyOf(game.status)}`,
      }),
    );
    expect(stats.submissions.find((s) => s.stepId === capital!.id)).toMatchObject({
      late: true,
      points: 10,
    });
    const csv = await request({
      method: 'GET',
      url: `/v1/games/${game.gameId}/statistics.csv?key=${screenKeyOf(game.status)}`,
    });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const lateColumn = lines[0]!.split(',').indexOf('Late');
    const row = lines.find((line) => line.startsWith('Basement,10,1,'));
    expect(row?.split(',')[lateColumn], 'the CSV marks it late').toBe('true');
  });

  it('an answer made after the end, one without answeredAt, or one before the start is 410', async () => {
    const { game, team, endsAt } = await endedGame();
    const [capital, planets] = game.template.steps;
    const afterEnd = await answer(game.code, team.token, {
      stepId: capital!.id,
      text: 'Paris',
      answeredAt: iso(endsAt + 1_000),
    });
    expect(afterEnd.statusCode).toBe(410);
    expect(expectErrorMessage(afterEnd)).toBe(PLAY_MESSAGES.ended);
    const unsaid = await answer(game.code, team.token, { stepId: capital!.id, text: 'Paris' });
    expect(unsaid.statusCode).toBe(410);
    const beforeStart = await answer(game.code, team.token, {
      stepId: planets!.id,
      answerId: planets!.answers[0]!.id,
      answeredAt: iso(Date.parse(game.status.startsAt!) - 60_000),
    });
    expect(beforeStart.statusCode).toBe(410);
  });

  it('after the grace period of 15 minutes even an answer made before the end is 410', async () => {
    const { game, team } = await endedGame();
    const longAgo = Date.now() - 20 * 60_000;
    await server.database.db
      .update(games)
      .set({ startsAt: new Date(longAgo - 3_600_000), endsAt: new Date(longAgo) })
      .where(eq(games.id, game.gameId));
    gameCacheOf(server.database.db).clear(); // written behind the server's back: no cached copy may hide it
    const tooLate = await answer(game.code, team.token, {
      stepId: game.template.steps[0]!.id,
      text: 'Paris',
      answeredAt: iso(longAgo - 60_000),
    });
    expect(tooLate.statusCode).toBe(410);
  });

  it('a photo taken before the end and uploaded after it counts (answeredAt as a multipart field); a malformed answeredAt is 400', async () => {
    const { game, team, beforeEnd } = await endedGame();
    const photoStep = game.template.steps.find((s) => s.type === 'photoChallenge')!;
    const send = (answeredAt: string) => {
      const body = multipartBody(
        [{ field: 'media', filename: 'team.png', contentType: 'image/png', bytes: PNG_BYTES }],
        { stepId: photoStep.id, clientId: randomUUID(), answeredAt },
      );
      return request({
        method: 'POST',
        url: `/v1/play/${game.code}/answers/media`,
        headers: { teamtoken: team.token, ...body.headers },
        payload: body.payload,
      });
    };
    const malformed = await send('just before the end');
    expect(malformed.statusCode).toBe(400);
    expectErrorMessage(malformed);
    const late = await send(iso(beforeEnd));
    expect(late.statusCode, late.body).toBe(200);
    expect(json<{ score: number }>(late).score).toBe(photoStep.points);
  });

  it('an answer made before a pause and delivered during it counts', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const team = await joined(game.code, 'Tunnel');
    const beforePause = Date.now();
    await control(game.gameId, 'pause', { caller: user });
    const delivered = await answer(game.code, team.token, {
      stepId: game.template.steps[0]!.id,
      text: 'Paris',
      answeredAt: iso(beforePause),
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
  });
});

describe('announcements (docs/games.md "Announcements")', () => {
  const announce = (gameId: string, auth: { caller?: Caller; key?: string }, text: unknown) =>
    request({
      method: 'POST',
      url: `/v1/games/${gameId}/announcements${auth.key ? `?key=${encodeURIComponent(auth.key)}` : ''}`,
      headers: auth.caller?.headers ?? {},
      payload: { text },
    });

  it('reaches every phone at once on its stream, and a phone that was away finds the latest in its state', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const owls = await joined(game.code, 'Owls');
    const foxes = await joined(game.code, 'Foxes');
    const phone = await openEventStream(
      `${baseUrl}/v1/play/${game.code}/events?team=${owls.team.id}`,
    );
    try {
      await phone.waitFor((e) => e.event === 'scoreboard');
      const sent = await announce(game.gameId, { key: screenKeyOf(game.status) }, '  Lunch!  ');
      expect(sent.statusCode, sent.body).toBe(201);
      const announcement = json<{ id: string; text: string; createdAt: string }>(sent);
      expect(announcement.text).toBe('Lunch!');
      const heard = await phone.waitFor((e) => e.event === 'announcement');
      expect(heard.data).toEqual(announcement);
    } finally {
      phone.close();
    }
    for (const n of [2, 3, 4, 5, 6]) await announce(game.gameId, { caller: user }, `Round ${n}`);
    const state = json<PlayerState>(
      await request({
        method: 'GET',
        url: `/v1/play/${game.code}/me`,
        headers: { teamtoken: foxes.token },
      }),
    );
    expect(state.announcements.map((a) => a.text)).toEqual([
      'Round 6',
      'Round 5',
      'Round 4',
      'Round 3',
      'Round 2',
    ]);
  });

  it("refuses an empty, over-long or control-character text (400) and another organiser's game (404), storing nothing", async () => {
    const user = await signUp(server);
    const other = await signUp(server);
    const game = await launched(user);
    const team = await joined(game.code, 'Owls');
    for (const text of ['   ', 'x'.repeat(281), 'nul\u0000here', 42]) {
      const refused = await announce(game.gameId, { caller: user }, text);
      expect(refused.statusCode).toBe(400);
      expectErrorMessage(refused);
    }
    expect((await announce(game.gameId, { caller: other }, 'Hello')).statusCode).toBe(404);
    const state = json<PlayerState>(
      await request({
        method: 'GET',
        url: `/v1/play/${game.code}/me`,
        headers: { teamtoken: team.token },
      }),
    );
    expect(state.announcements).toEqual([]);
  });
});
