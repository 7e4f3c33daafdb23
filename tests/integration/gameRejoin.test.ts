/**
 * A team moves to another phone (docs/games.md "A team moves to another phone"): the
 * team's rejoin code is in its state; POST /play/{code}/teams/rejoin gives another phone a token
 * of its own for the same team while the first phone's keeps working; codes are read in any case
 * and with spaces; a wrong code is 404, an ended game 410, and neither writes anything; a removed
 * team cannot be rejoined; rejoining is rate limited per address as joining is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './support/testServer';
import { expectErrorMessage, json, signUp, type Caller } from './support/clients';
import { gameCalls } from './support/games';
import { teams, teamTokens } from '../../server/db/schema';
import { hashToken } from '../../server/services/games/codes';
import { PLAY_MESSAGES } from '../../server/services/games/players';
import {
  CODE_ALPHABET,
  REJOIN_CODE_LENGTH,
  type AnswerResult,
  type PlayerState,
  type RejoinResponse,
} from '../../src/domain/games';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const { request, launched, joined, answer } = gameCalls(() => server);

const me = (code: string, token: string) =>
  request({ method: 'GET', url: `/v1/play/${code}/me`, headers: { teamtoken: token } });

async function stateOf(code: string, token: string): Promise<PlayerState> {
  const response = await me(code, token);
  expect(response.statusCode, response.body).toBe(200);
  return json<PlayerState>(response);
}

const rejoin = (code: string, payload: unknown) =>
  request({
    method: 'POST',
    url: `/v1/play/${code}/teams/rejoin`,
    payload: payload as object,
  });

async function tokenRows(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(teamTokens);
  return row?.n ?? 0;
}

/** A launched game with a team that has played from its first phone. */
async function playing(caller?: Caller) {
  const user = caller ?? (await signUp(server));
  const game = await launched(user);
  const team = await joined(game.code, 'Owls');
  const state = await stateOf(game.code, team.token);
  return { user, ...game, team: team.team, token: team.token, rejoinCode: state.rejoinCode };
}

describe('the rejoin code (GET /play/{code}/me)', () => {
  it('is six characters of the activity-code alphabet, kept, stored and different per team', async () => {
    const { code, token, rejoinCode, team } = await playing();
    expect(rejoinCode).toHaveLength(REJOIN_CODE_LENGTH);
    expect([...rejoinCode].every((ch) => CODE_ALPHABET.includes(ch))).toBe(true);
    // Asked again: the same code.
    expect((await stateOf(code, token)).rejoinCode).toBe(rejoinCode);
    const [row] = await server.database.db
      .select({ rejoinCode: teams.rejoinCode })
      .from(teams)
      .where(eq(teams.id, team.id));
    expect(row?.rejoinCode).toBe(rejoinCode);

    const other = await joined(code, 'Foxes');
    expect((await stateOf(code, other.token)).rejoinCode).not.toBe(rejoinCode);
  });

  it('two calls at once for a new team agree on one code', async () => {
    const user = await signUp(server);
    const { code } = await launched(user);
    const { token } = await joined(code, 'Badgers');
    const [a, b] = await Promise.all([stateOf(code, token), stateOf(code, token)]);
    expect(a.rejoinCode).toBe(b.rejoinCode);
    expect((await stateOf(code, token)).rejoinCode).toBe(a.rejoinCode);
  });
});

describe('rejoining (POST /play/{code}/teams/rejoin)', () => {
  it('gives another phone its own token for the same team; both phones play', async () => {
    const { code, token, rejoinCode, team, template } = await playing();
    const before = await tokenRows();
    const response = await rejoin(code, { rejoinCode });
    expect(response.statusCode, response.body).toBe(200);
    const body = json<RejoinResponse>(response);
    expect(body.team).toMatchObject({ id: team.id, name: 'Owls' });
    expect(body.token).not.toBe(token);
    expect(body.token.length).toBeGreaterThanOrEqual(40);
    // Stored hashed, never as it is.
    expect(await tokenRows()).toBe(before + 1);
    const [row] = await server.database.db
      .select()
      .from(teamTokens)
      .where(eq(teamTokens.tokenHash, hashToken(body.token)));
    expect(row?.teamId).toBe(team.id);

    // The new phone is the team: same state, same rejoin code.
    const onNew = await stateOf(code, body.token);
    expect(onNew.team.id).toBe(team.id);
    expect(onNew.rejoinCode).toBe(rejoinCode);

    // Both phones answer for the team (the answer path's cached look-up knows both tokens).
    const [capital, planets] = template.steps;
    const fromNew = await answer(code, body.token, { stepId: capital!.id, text: 'Paris' });
    expect(fromNew.statusCode, fromNew.body).toBe(200);
    expect(json<AnswerResult>(fromNew).score).toBe(10);
    const jupiter = planets!.answers.find((a) => a.value === 'Jupiter')!;
    const fromOld = await answer(code, token, { stepId: planets!.id, answerId: jupiter.id });
    expect(fromOld.statusCode, fromOld.body).toBe(200);
    expect(json<AnswerResult>(fromOld).score).toBe(30);
    // One submission per task for the team, whichever phone sends it.
    const again = await answer(code, token, { stepId: capital!.id, text: 'Paris' });
    expect(again.statusCode).toBe(409);
    expect(expectErrorMessage(again)).toBe(PLAY_MESSAGES.alreadyAnswered);

    // Each phone sees both answers.
    for (const t of [token, body.token]) {
      const state = await stateOf(code, t);
      expect(state.team.score).toBe(30);
      expect(state.progress.map((p) => p.stepId).sort()).toEqual([capital!.id, planets!.id].sort());
    }

    // A third phone: a third token, the other two still work.
    const third = json<RejoinResponse>(await rejoin(code, { rejoinCode }));
    expect(new Set([token, body.token, third.token]).size).toBe(3);
    for (const t of [token, body.token, third.token]) {
      expect((await stateOf(code, t)).team.id).toBe(team.id);
    }
  });

  it('reads the code in any case and with spaces (or a dash)', async () => {
    const { code, rejoinCode, team } = await playing();
    const typed = [
      rejoinCode.toLowerCase(),
      `${rejoinCode.slice(0, 3)} ${rejoinCode.slice(3)}`,
      `  ${rejoinCode.slice(0, 3).toLowerCase()}  ${rejoinCode.slice(3)} `,
      `${rejoinCode.slice(0, 3)}-${rejoinCode.slice(3)}`,
    ];
    for (const rejoinCodeTyped of typed) {
      const response = await rejoin(code, { rejoinCode: rejoinCodeTyped });
      expect(response.statusCode, `${rejoinCodeTyped}: ${response.body}`).toBe(200);
      expect(json<RejoinResponse>(response).team.id).toBe(team.id);
    }
    // The activity code in the address is read as typed, too.
    const lower = await rejoin(code.toLowerCase(), { rejoinCode });
    expect(lower.statusCode, lower.body).toBe(200);
  });

  it('a paused game may be rejoined (teams may join one too)', async () => {
    const { user, code, gameId, rejoinCode } = await playing();
    const paused = await request({
      method: 'POST',
      url: `/v1/games/${gameId}/pause`,
      headers: user.headers,
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await rejoin(code, { rejoinCode })).statusCode).toBe(200);
  });
});

describe('refusals write nothing', () => {
  it('a wrong code is 404 with a clear message', async () => {
    const { code, rejoinCode } = await playing();
    // Another game's team: its code means nothing here.
    const elsewhere = await playing();
    const before = await tokenRows();
    const wrong = (rejoinCode.startsWith('2') ? '3' : '2') + rejoinCode.slice(1);
    for (const rejoinCodeTyped of [
      wrong,
      elsewhere.rejoinCode,
      'ABC12', // too short
      'ABCDEFG', // too long
      'OOOOOO', // not in the alphabet
      '',
    ]) {
      const response = await rejoin(code, { rejoinCode: rejoinCodeTyped });
      expect(response.statusCode, rejoinCodeTyped).toBe(404);
      expect(expectErrorMessage(response)).toBe(
        "No team in this activity has that code. Check it on the team's other phone.",
      );
    }
    expect(await tokenRows()).toBe(before);
  });

  it('an unknown activity is 404; a bad body is 400', async () => {
    const { code, rejoinCode } = await playing();
    const before = await tokenRows();
    const unknown = await rejoin('ZZZZ2345', { rejoinCode });
    expect(unknown.statusCode).toBe(404);
    expect(expectErrorMessage(unknown)).toBe(PLAY_MESSAGES.unknownCode);
    for (const payload of [
      {},
      { rejoinCode: 123456 },
      { rejoinCode: null },
      { rejoinCode, name: 'Owls' },
      { rejoinCode: 'A'.repeat(41) },
    ]) {
      const response = await rejoin(code, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expectErrorMessage(response);
    }
    expect(await tokenRows()).toBe(before);
  });

  it('an ended game is 410', async () => {
    const { user, code, gameId, rejoinCode, token } = await playing();
    const ended = await request({
      method: 'POST',
      url: `/v1/games/${gameId}/end`,
      headers: user.headers,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const before = await tokenRows();
    const response = await rejoin(code, { rejoinCode });
    expect(response.statusCode).toBe(410);
    expect(expectErrorMessage(response)).toBe(PLAY_MESSAGES.ended);
    expect(await tokenRows()).toBe(before);
    // The first phone still sees its team and the final scores.
    expect((await stateOf(code, token)).game.phase).toBe('ended');
  });

  it('a team removed by the organiser cannot be rejoined, and its phones’ tokens are gone', async () => {
    const { user, code, gameId, rejoinCode, token, team } = await playing();
    const other = json<RejoinResponse>(await rejoin(code, { rejoinCode }));
    const removed = await request({
      method: 'DELETE',
      url: `/v1/games/${gameId}/teams/${team.id}`,
      headers: user.headers,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const rows = await server.database.db
      .select()
      .from(teamTokens)
      .where(eq(teamTokens.teamId, team.id));
    expect(rows).toEqual([]);
    const before = await tokenRows();
    const response = await rejoin(code, { rejoinCode });
    expect(response.statusCode).toBe(404);
    expect(expectErrorMessage(response)).toBe(PLAY_MESSAGES.unknownRejoinCode);
    expect(await tokenRows()).toBe(before);
    // Neither phone is the team any more.
    for (const t of [token, other.token]) {
      const gone = await me(code, t);
      expect(gone.statusCode).toBe(401);
      expect(expectErrorMessage(gone)).toBe(PLAY_MESSAGES.badToken);
    }
  });
});

describe('rate limit', () => {
  it('rejoins are limited per address (PLAY_RATE_LIMIT_PER_MINUTE), so codes cannot be guessed', async () => {
    const limited = await startTestServer({ env: { PLAY_RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      const calls = gameCalls(() => limited);
      const user = await signUp(limited);
      const { code } = await calls.launched(user);
      await calls.joined(code, 'Owls');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await limited.request({
          method: 'POST',
          url: `/v1/play/${code}/teams/rejoin`,
          payload: { rejoinCode: 'ZZZZZZ' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
      expect(statuses[5]).toBe(429);
      const refused = await limited.request({
        method: 'POST',
        url: `/v1/play/${code}/teams/rejoin`,
        payload: { rejoinCode: 'ZZZZZZ' },
      });
      expect(expectErrorMessage(refused)).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});
