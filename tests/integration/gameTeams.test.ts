/**
 * The organiser's calls on teams (docs/games.md "Teams: rename, remove, bonus and
 * penalty points"): rename a team under the joining rules, remove it (its phone is refused and
 * it leaves the scoreboard), and give it bonus or penalty points that move its score, the
 * scoreboard, the statistics and the CSV. Each call takes the screen key or the owner's sign-in;
 * another organiser's game, or another game's team, is 404. Ended games still take them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './support/testServer';
import { expectErrorMessage, json, signUp, type Caller } from './support/clients';
import { gameCalls } from './support/games';
import { openEventStream } from './support/sse';
import { scoreAdjustments, teams } from '../../server/db/schema';
import { PLAY_MESSAGES } from '../../server/services/games/players';
import { TEAM_MESSAGES } from '../../server/services/games/teams';
import {
  ADJUSTMENT_MESSAGES,
  TEAM_NAME_MESSAGES,
  type ScoreAdjustmentList,
  type ScoreAdjustmentResult,
  type Scoreboard,
  type Statistics,
  type Team,
} from '../../src/domain/games';
import type { GameStatus } from '../../src/domain/schemas';

let server: TestServer;
let baseUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => server.close());

const { request, launched, joined, answer, proUser } = gameCalls(() => server);

const screenKeyOf = (status: GameStatus) => new URL(status.scoreboardUrl!).searchParams.get('key')!;

/** Who calls: the owner (or another organiser) signed in, or the screen key. */
interface Auth {
  caller?: Caller;
  key?: string;
}
const withAuth = (path: string, auth: Auth) => ({
  url: `${path}${auth.key ? `?key=${encodeURIComponent(auth.key)}` : ''}`,
  headers: auth.caller?.headers ?? {},
});

const rename = (gameId: string, teamId: string, auth: Auth, payload: unknown) =>
  request({
    method: 'PATCH',
    ...withAuth(`/v1/games/${gameId}/teams/${teamId}`, auth),
    payload: payload as object,
  });

const remove = (gameId: string, teamId: string, auth: Auth) =>
  request({ method: 'DELETE', ...withAuth(`/v1/games/${gameId}/teams/${teamId}`, auth) });

const adjust = (gameId: string, teamId: string, auth: Auth, payload: unknown) =>
  request({
    method: 'POST',
    ...withAuth(`/v1/games/${gameId}/teams/${teamId}/adjustments`, auth),
    payload: payload as object,
  });

const adjustmentsOf = async (gameId: string, teamId: string, auth: Auth) => {
  const response = await request({
    method: 'GET',
    ...withAuth(`/v1/games/${gameId}/teams/${teamId}/adjustments`, auth),
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<ScoreAdjustmentList>(response).adjustments;
};

const scoreboardOf = async (gameId: string, key: string) =>
  json<Scoreboard>(
    await request({ method: 'GET', url: `/v1/games/${gameId}/scoreboard?key=${key}` }),
  );

const statisticsOf = async (gameId: string, key: string) =>
  json<Statistics>(
    await request({ method: 'GET', url: `/v1/games/${gameId}/statistics?key=${key}` }),
  );

const csvRowsOf = async (gameId: string, key: string) => {
  const response = await request({
    method: 'GET',
    url: `/v1/games/${gameId}/statistics.csv?key=${key}`,
  });
  expect(response.statusCode).toBe(200);
  return response.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
};

const endGame = async (gameId: string, caller: Caller) => {
  const ended = await request({
    method: 'POST',
    url: `/v1/games/${gameId}/end`,
    headers: caller.headers,
  });
  expect(ended.statusCode, ended.body).toBe(200);
};

const adjustmentRows = (teamId: string) =>
  server.database.db.select().from(scoreAdjustments).where(eq(scoreAdjustments.teamId, teamId));

describe('rename (PATCH /games/{id}/teams/{teamId})', () => {
  it('renames a team: the answer, the scoreboard and the live screens show the new name', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const key = screenKeyOf(game.status);
    const owls = await joined(game.code, 'Owls');
    const screen = await openEventStream(`${baseUrl}/v1/games/${game.gameId}/events?key=${key}`);
    try {
      await screen.waitFor((e) => e.event === 'scoreboard');
      const renamed = await rename(
        game.gameId,
        owls.team.id,
        { caller: user },
        {
          name: '  Night   Owls ',
        },
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
      // Spaces are trimmed and run together, as when joining.
      expect(json<Team>(renamed)).toMatchObject({ id: owls.team.id, name: 'Night Owls' });
      const told = await screen.waitFor((e) => e.event === 'team');
      expect(told.data).toMatchObject({ id: owls.team.id, name: 'Night Owls' });
    } finally {
      screen.close();
    }
    const board = await scoreboardOf(game.gameId, key);
    expect(board.rows.map((r) => r.name)).toEqual(['Night Owls']);
    // The phones' scoreboard shows it too.
    const played = await request({ method: 'GET', url: `/v1/play/${game.code}/scoreboard` });
    expect(json<Scoreboard>(played).rows.map((r) => r.name)).toEqual(['Night Owls']);
  });

  it("a name another team has (whatever the case) is 409 with joining's message; a team may change the case of its own", async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const owls = await joined(game.code, 'Owls');
    await joined(game.code, 'Foxes');
    const clash = await rename(game.gameId, owls.team.id, { caller: user }, { name: 'FOXES' });
    expect(clash.statusCode).toBe(409);
    expect(expectErrorMessage(clash)).toBe(PLAY_MESSAGES.nameTaken);
    const own = await rename(game.gameId, owls.team.id, { caller: user }, { name: 'OWLS' });
    expect(own.statusCode, own.body).toBe(200);
    expect(json<Team>(own).name).toBe('OWLS');
    // And the freed name "Owls" is now taken, whatever the case, for a newcomer.
    const joining = await request({
      method: 'POST',
      url: `/v1/play/${game.code}/teams`,
      payload: { name: 'owls' },
    });
    expect(joining.statusCode).toBe(409);
  });

  it('an empty or too long name, or a missing one, is 400 with a message, and changes nothing', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const owls = await joined(game.code, 'Owls');
    const empty = await rename(game.gameId, owls.team.id, { caller: user }, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(expectErrorMessage(empty)).toBe(TEAM_NAME_MESSAGES.empty);
    const long = await rename(
      game.gameId,
      owls.team.id,
      { caller: user },
      { name: 'x'.repeat(41) },
    );
    expect(long.statusCode).toBe(400);
    expect(expectErrorMessage(long)).toBe(TEAM_NAME_MESSAGES.tooLong);
    for (const payload of [{}, { name: 7 }, { name: 'Owls 2', extra: true }]) {
      const bad = await rename(game.gameId, owls.team.id, { caller: user }, payload);
      expect(bad.statusCode).toBe(400);
      expectErrorMessage(bad);
    }
    const [row] = await server.database.db.select().from(teams).where(eq(teams.id, owls.team.id));
    expect(row!.name).toBe('Owls');
  });
});

describe('access', () => {
  it("another organiser's game, a wrong key, another game's team and a missing team are 404, and nothing changes", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const game = await launched(owner);
    const owls = await joined(game.code, 'Owls');
    const elsewhere = await launched(other);
    const stranger = await joined(elsewhere.code, 'Strangers');

    for (const auth of [{ caller: other }, { key: 'not-the-key' }, {}] as Auth[]) {
      const renamed = await rename(game.gameId, owls.team.id, auth, { name: 'Hacked' });
      expect(renamed.statusCode).toBe(404);
      expectErrorMessage(renamed);
      expect((await remove(game.gameId, owls.team.id, auth)).statusCode).toBe(404);
      const adjusted = await adjust(game.gameId, owls.team.id, auth, { points: 5, reason: 'x' });
      expect(adjusted.statusCode).toBe(404);
      const listed = await request({
        method: 'GET',
        ...withAuth(`/v1/games/${game.gameId}/teams/${owls.team.id}/adjustments`, auth),
      });
      expect(listed.statusCode).toBe(404);
    }
    // The owner's game, but a team of another game or no team at all.
    for (const teamId of [stranger.team.id, randomUUID()]) {
      const renamed = await rename(game.gameId, teamId, { caller: owner }, { name: 'Mine now' });
      expect(renamed.statusCode).toBe(404);
      expect(expectErrorMessage(renamed)).toBe(TEAM_MESSAGES.unknownTeam);
      expect((await remove(game.gameId, teamId, { caller: owner })).statusCode).toBe(404);
      const adjusted = await adjust(
        game.gameId,
        teamId,
        { caller: owner },
        {
          points: 5,
          reason: 'x',
        },
      );
      expect(adjusted.statusCode).toBe(404);
      expect(expectErrorMessage(adjusted)).toBe(TEAM_MESSAGES.unknownTeam);
    }
    const rows = await server.database.db.select().from(teams).where(eq(teams.gameId, game.gameId));
    expect(rows.map((r) => [r.name, r.score])).toEqual([['Owls', 0]]);
    expect(await adjustmentRows(stranger.team.id)).toEqual([]);
    expect((await scoreboardOf(elsewhere.gameId, screenKeyOf(elsewhere.status))).rows).toEqual([
      expect.objectContaining({ name: 'Strangers', score: 0 }),
    ]);
  });

  it('the screen key works for every call, without signing in', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const key = screenKeyOf(game.status);
    const owls = await joined(game.code, 'Owls');
    const foxes = await joined(game.code, 'Foxes');
    expect(
      (await rename(game.gameId, owls.team.id, { key }, { name: 'Barn Owls' })).statusCode,
    ).toBe(200);
    const adjusted = await adjust(
      game.gameId,
      owls.team.id,
      { key },
      { points: 5, reason: 'Tidy' },
    );
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    expect(await adjustmentsOf(game.gameId, owls.team.id, { key })).toHaveLength(1);
    expect((await remove(game.gameId, foxes.team.id, { key })).statusCode).toBe(204);
    expect((await scoreboardOf(game.gameId, key)).rows.map((r) => [r.name, r.score])).toEqual([
      ['Barn Owls', 5],
    ]);
  });
});

describe('remove (DELETE /games/{id}/teams/{teamId})', () => {
  it('removes the team: 204; it leaves the scoreboard, statistics and CSV; its answers and adjustments go; its phone is refused (401)', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const key = screenKeyOf(game.status);
    const [capital, planets] = game.template.steps;
    const owls = await joined(game.code, 'Owls');
    const foxes = await joined(game.code, 'Foxes');
    const first = await answer(game.code, owls.token, { stepId: capital!.id, text: 'Paris' });
    expect(first.statusCode, first.body).toBe(200);
    await answer(game.code, foxes.token, { stepId: capital!.id, text: 'Lyon' });
    await adjust(game.gameId, owls.team.id, { caller: user }, { points: 5, reason: 'Tidy' });

    const removed = await remove(game.gameId, owls.team.id, { caller: user });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(removed.body).toBe('');

    const board = await scoreboardOf(game.gameId, key);
    expect(board.rows.map((r) => r.name)).toEqual(['Foxes']);
    expect(board.game.teamsCount).toBe(1);
    const stats = await statisticsOf(game.gameId, key);
    expect(stats.teams.map((t) => t.team.name)).toEqual(['Foxes']);
    expect(stats.submissions.map((s) => s.teamName)).toEqual(['Foxes']);
    expect(await adjustmentRows(owls.team.id)).toEqual([]);
    const csv = await csvRowsOf(game.gameId, key);
    expect(csv.slice(1).map((r) => r.split(',')[0])).toEqual(['Foxes']);

    // Its phone is refused: its state, and an answer (from a phone that had not answered yet).
    const me = await request({
      method: 'GET',
      url: `/v1/play/${game.code}/me`,
      headers: { teamtoken: owls.token },
    });
    expect(me.statusCode).toBe(401);
    expect(expectErrorMessage(me)).toBe(PLAY_MESSAGES.badToken);
    const bears = await joined(game.code, 'Bears');
    await remove(game.gameId, bears.team.id, { caller: user });
    const jupiter = planets!.answers.find((a) => a.correct)!.id;
    const refused = await answer(game.code, bears.token, {
      stepId: planets!.id,
      answerId: jupiter,
    });
    expect(refused.statusCode, refused.body).toBe(401);
    expect(expectErrorMessage(refused)).toBe(PLAY_MESSAGES.badToken);
    // Removing it again: it is not there any more.
    expect((await remove(game.gameId, owls.team.id, { caller: user })).statusCode).toBe(404);
  });

  // The answer path keeps the team of a token in memory once it has answered (here and on other
  // instances), so the removed team's next answer reaches the INSERT: its foreign key says 401.
  it("a removed team's phone that had answered before is refused (401) on its next answer", async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const [capital, planets] = game.template.steps;
    const owls = await joined(game.code, 'Owls');
    const first = await answer(game.code, owls.token, { stepId: capital!.id, text: 'Paris' });
    expect(first.statusCode, first.body).toBe(200);
    expect((await remove(game.gameId, owls.team.id, { caller: user })).statusCode).toBe(204);
    const jupiter = planets!.answers.find((a) => a.correct)!.id;
    const next = await answer(game.code, owls.token, { stepId: planets!.id, answerId: jupiter });
    expect(next.statusCode, next.body).toBe(401);
    expect(expectErrorMessage(next)).toBe(PLAY_MESSAGES.badToken);
  });

  it('the live screens and phones get a new scoreboard without the team at once', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const key = screenKeyOf(game.status);
    const owls = await joined(game.code, 'Owls');
    const foxes = await joined(game.code, 'Foxes');
    const screen = await openEventStream(`${baseUrl}/v1/games/${game.gameId}/events?key=${key}`);
    const phone = await openEventStream(
      `${baseUrl}/v1/play/${game.code}/events?team=${foxes.team.id}`,
    );
    try {
      for (const stream of [screen, phone]) {
        const first = await stream.waitFor((e) => e.event === 'scoreboard');
        expect((first.data as Scoreboard).rows).toHaveLength(2);
      }
      expect((await remove(game.gameId, owls.team.id, { caller: user })).statusCode).toBe(204);
      for (const stream of [screen, phone]) {
        const board = await stream.waitFor(
          (e) => e.event === 'scoreboard' && (e.data as Scoreboard).rows.length === 1,
        );
        expect((board.data as Scoreboard).rows[0]!.name).toBe('Foxes');
      }
    } finally {
      screen.close();
      phone.close();
    }
  });

  it('a removed team frees its place in a FREE game (3 teams) and its name', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const owls = await joined(game.code, 'Owls');
    await joined(game.code, 'Foxes');
    await joined(game.code, 'Bears');
    expect(
      (
        await request({
          method: 'POST',
          url: `/v1/play/${game.code}/teams`,
          payload: { name: 'Wolves' },
        })
      ).statusCode,
    ).toBe(403);
    await remove(game.gameId, owls.team.id, { caller: user });
    await joined(game.code, 'Owls');
  });
});

describe('bonus and penalty points (POST /games/{id}/teams/{teamId}/adjustments)', () => {
  it('a bonus adds and a penalty takes away points: the answer, the scoreboard, the live screens, the list, statistics and CSV show them', async () => {
    const user = await proUser();
    const game = await launched(user);
    const key = screenKeyOf(game.status);
    const [capital] = game.template.steps;
    const owls = await joined(game.code, 'Owls');
    const foxes = await joined(game.code, 'Foxes');
    const quiet = await joined(game.code, 'Quiet ones');
    await answer(game.code, owls.token, { stepId: capital!.id, text: 'Paris' }); // 10
    await answer(game.code, foxes.token, { stepId: capital!.id, text: 'Paris' }); // 10

    const screen = await openEventStream(`${baseUrl}/v1/games/${game.gameId}/events?key=${key}`);
    let bonus: ScoreAdjustmentResult;
    try {
      await screen.waitFor((e) => e.event === 'scoreboard');
      const response = await adjust(
        game.gameId,
        foxes.team.id,
        { caller: user },
        {
          points: 25,
          reason: '  Best costumes ',
        },
      );
      expect(response.statusCode, response.body).toBe(201);
      bonus = json<ScoreAdjustmentResult>(response);
      expect(bonus.adjustment).toMatchObject({
        teamId: foxes.team.id,
        points: 25,
        reason: 'Best costumes',
      });
      expect(bonus.team).toMatchObject({ id: foxes.team.id, score: 35 });
      const told = await screen.waitFor((e) => e.event === 'team');
      expect(told.data).toMatchObject({ id: foxes.team.id, score: 35 });
    } finally {
      screen.close();
    }
    const penalty = await adjust(
      game.gameId,
      owls.team.id,
      { caller: user },
      {
        points: -4,
        reason: 'Phone used on the quiz',
      },
    );
    expect(penalty.statusCode, penalty.body).toBe(201);
    expect(json<ScoreAdjustmentResult>(penalty).team.score).toBe(6);
    // A penalty may take a score below 0.
    const below = await adjust(
      game.gameId,
      quiet.team.id,
      { caller: user },
      {
        points: -3,
        reason: 'Late back',
      },
    );
    expect(json<ScoreAdjustmentResult>(below).team.score).toBe(-3);
    await adjust(game.gameId, foxes.team.id, { caller: user }, { points: -5, reason: 'Noise' });

    const board = await scoreboardOf(game.gameId, key);
    expect(board.rows.map((r) => [r.name, r.score, r.rank])).toEqual([
      ['Foxes', 30, 1],
      ['Owls', 6, 2],
      ['Quiet ones', -3, 3],
    ]);

    const listed = await adjustmentsOf(game.gameId, foxes.team.id, { caller: user });
    expect(listed.map((a) => [a.points, a.reason])).toEqual([
      [25, 'Best costumes'],
      [-5, 'Noise'],
    ]);
    expect(listed[0]).toEqual(bonus.adjustment);

    const stats = await statisticsOf(game.gameId, key);
    expect(stats.teams.map((t) => [t.team.name, t.team.score, t.adjustmentPoints])).toEqual([
      ['Foxes', 30, 20],
      ['Owls', 6, -4],
      ['Quiet ones', -3, -3],
    ]);

    const [header, ...rows] = await csvRowsOf(game.gameId, key);
    const columns = header!.split(',');
    expect(columns.slice(-2)).toEqual(['Late', 'Hidden']);
    for (const row of rows) expect(row.split(',')).toHaveLength(columns.length);
    const cells = rows.map((r) => r.split(','));
    // Each team's answers, then its adjustments: task columns empty, Points the points.
    expect(cells.map((c) => [c[0], c[1], c[2], c[3], c[4], c[5], c[7]])).toEqual([
      ['Foxes', '30', '1', 'Capital city', 'freeText', 'Paris', '10'],
      ['Foxes', '30', '', '', '', 'Bonus: Best costumes', '25'],
      ['Foxes', '30', '', '', '', 'Penalty: Noise', '-5'],
      ['Owls', '6', '1', 'Capital city', 'freeText', 'Paris', '10'],
      ['Owls', '6', '', '', '', 'Penalty: Phone used on the quiz', '-4'],
      ['Quiet ones', '-3', '', '', '', 'Penalty: Late back', '-3'],
    ]);
    expect(cells[1]![10]).toBe(bonus.adjustment.createdAt);
  });

  it('bad adjustments are 400 with a message and write nothing: 0, not whole, beyond ±1000, a number as text, no or an empty reason, a reason over 200 characters, unknown fields', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const owls = await joined(game.code, 'Owls');
    const bad: [unknown, string?][] = [
      [{ points: 0, reason: 'Nothing' }, ADJUSTMENT_MESSAGES.zero],
      [{ points: 2.5, reason: 'Half' }, ADJUSTMENT_MESSAGES.points],
      [{ points: 1001, reason: 'Too much' }, ADJUSTMENT_MESSAGES.points],
      [{ points: -1001, reason: 'Too much' }, ADJUSTMENT_MESSAGES.points],
      [{ points: '5', reason: 'Text' }, ADJUSTMENT_MESSAGES.points],
      [{ points: 5 }, ADJUSTMENT_MESSAGES.reasonEmpty],
      [{ points: 5, reason: '   ' }, ADJUSTMENT_MESSAGES.reasonEmpty],
      [{ points: 5, reason: 'x'.repeat(201) }, ADJUSTMENT_MESSAGES.reasonTooLong],
      [{ points: 5, reason: 'Fine', extra: 1 }],
      [{}],
    ];
    for (const [payload, message] of bad) {
      const response = await adjust(game.gameId, owls.team.id, { caller: user }, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const said = expectErrorMessage(response);
      if (message) expect(said).toContain(message);
    }
    const [row] = await server.database.db.select().from(teams).where(eq(teams.id, owls.team.id));
    expect(row!.score).toBe(0);
    expect(await adjustmentRows(owls.team.id)).toEqual([]);
    // The limits themselves are taken.
    for (const points of [1000, -1000, 1, -1]) {
      const response = await adjust(
        game.gameId,
        owls.team.id,
        { caller: user },
        {
          points,
          reason: 'x'.repeat(200),
        },
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    expect((await adjustmentRows(owls.team.id)).length).toBe(4);
  });

  it('an ended game still takes adjustments, renames and removals (organisers fix scores after the end)', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    const key = screenKeyOf(game.status);
    const owls = await joined(game.code, 'Owls');
    const foxes = await joined(game.code, 'Foxes');
    await endGame(game.gameId, user);
    const adjusted = await adjust(
      game.gameId,
      owls.team.id,
      { key },
      {
        points: 15,
        reason: 'Marking error on task 2',
      },
    );
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    expect(json<ScoreAdjustmentResult>(adjusted).team.score).toBe(15);
    expect(
      (await rename(game.gameId, owls.team.id, { key }, { name: 'Champions' })).statusCode,
    ).toBe(200);
    expect((await remove(game.gameId, foxes.team.id, { key })).statusCode).toBe(204);
    const board = await scoreboardOf(game.gameId, key);
    expect(board.game.phase).toBe('ended');
    expect(board.rows.map((r) => [r.name, r.score])).toEqual([['Champions', 15]]);
  });
});
