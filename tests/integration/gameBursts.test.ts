/**
 * A live game's worst moments: everyone joins at once, everyone answers at once. Joins
 * and answers are written in batches (answerBatch.ts, joinBatch.ts) and the live scoreboard is
 * kept in memory (liveFeed.ts); this checks that nothing of that shows: every team and answer is
 * stored once, a teams limit holds exactly, a resend racing its first send is one answer, and the
 * live screen's board ends equal to the database's. On PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { submissions, teams } from '../../server/db/schema';
import { PLAY_MESSAGES } from '../../server/services/games/players';
import { maxPlayersPerActivity } from '../../src/domain/plans';
import type { AnswerResult, Scoreboard } from '../../src/domain/games';
import { expectErrorMessage, json, signUp } from './support/clients';
import { gameCalls } from './support/games';
import { TEST_DATABASE_URL } from './support/postgres';
import { openEventStream } from './support/sse';
import { startTestServer, type TestServer } from './support/testServer';

const TEAMS = 120;

describe.each([
  { database: 'PGlite', postgres: false },
  { database: 'PostgreSQL', postgres: true },
])('bursts of joins and answers on $database', ({ postgres }) => {
  describe.skipIf(postgres && !TEST_DATABASE_URL)('(needs TEST_DATABASE_URL on PostgreSQL)', () => {
    let server: TestServer;
    let baseUrl: string;
    beforeAll(async () => {
      // Every phone of these tests comes from one address: the per-address limits are not tested here.
      server = await startTestServer({
        postgres,
        env: { PLAY_RATE_LIMIT_PER_MINUTE: '100000', PLAY_TEAM_RATE_LIMIT_PER_MINUTE: '100000' },
      });
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(async () => server?.close());

    const { launched, join, joined, answer, proUser } = gameCalls(() => server);
    const teamRows = async (gameId: string) =>
      (
        await server.database.db.select({ n: count() }).from(teams).where(eq(teams.gameId, gameId))
      )[0]!.n;

    it(`${TEAMS} teams joining at once each get their own team, and every name stays unique`, async () => {
      const game = await launched(await proUser());
      const names = Array.from({ length: TEAMS }, (_, i) => `Team ${i}`);
      const responses = await Promise.all(names.map((name) => join(game.code, name)));
      expect(responses.map((r) => r.statusCode)).toEqual(names.map(() => 201));
      const tokens = new Set(responses.map((r) => json<{ token: string }>(r).token));
      expect(tokens.size).toBe(TEAMS);
      expect(await teamRows(game.gameId)).toBe(TEAMS);

      // Two phones choosing one name at the same moment: one team, and the other phone is told.
      const clash = await Promise.all([join(game.code, 'Owls'), join(game.code, 'OWLS')]);
      expect(clash.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(expectErrorMessage(clash.find((r) => r.statusCode === 409)!)).toBe(
        PLAY_MESSAGES.nameTaken,
      );
    });

    it('a teams limit holds exactly when more phones than it allows join at once', async () => {
      const limit = maxPlayersPerActivity('FREE')!;
      const game = await launched(await signUp(server));
      const responses = await Promise.all(
        Array.from({ length: limit + 8 }, (_, i) => join(game.code, `Team ${i}`)),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(limit);
      expect(statuses.filter((s) => s === 403)).toHaveLength(8);
      expect(await teamRows(game.gameId)).toBe(limit);
    });

    it("every team answering at once: each answer stored once, and the live screen's board ends equal to the database's", async () => {
      const game = await launched(await proUser());
      const key = new URL(game.status.scoreboardUrl!).searchParams.get('key')!;
      const players = await Promise.all(
        Array.from({ length: TEAMS }, (_, i) => joined(game.code, `Team ${i}`)),
      );
      const screen = await openEventStream(`${baseUrl}/v1/games/${game.gameId}/events?key=${key}`);
      await screen.waitFor((e) => e.event === 'scoreboard');
      const [capital, planets] = game.template.steps;
      const planetsRight = planets!.answers.find((a) => a.correct)!.id;
      // Every team answers the first task, and every other team the second as well.
      const results = await Promise.all(
        players.flatMap(({ token }, i) => [
          answer(game.code, token, { stepId: capital!.id, text: i % 3 === 0 ? 'Lyon' : 'Paris' }),
          ...(i % 2 === 0
            ? [answer(game.code, token, { stepId: planets!.id, answerId: planetsRight })]
            : []),
        ]),
      );
      expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
      const stored = await server.database.db
        .select({ n: count() })
        .from(submissions)
        .where(eq(submissions.gameId, game.gameId));
      expect(stored[0]!.n).toBe(TEAMS + TEAMS / 2);

      const fromDatabase = json<Scoreboard>(
        await server.request({
          method: 'GET',
          url: `/v1/games/${game.gameId}/scoreboard?key=${key}`,
        }),
      );
      const answered = fromDatabase.rows.reduce((sum, row) => sum + row.answered, 0);
      expect(answered).toBe(TEAMS + TEAMS / 2);
      const live = await screen.waitFor(
        (e) =>
          e.event === 'scoreboard' &&
          (e.data as Scoreboard).rows.reduce((sum, row) => sum + row.answered, 0) === answered,
      );
      const comparable = (board: Scoreboard) =>
        board.rows.map(({ rank, teamId, name, score, answered, lastAnswerAt }) => ({
          rank,
          teamId,
          name,
          score,
          answered,
          lastAnswerAt,
        }));
      expect(comparable(live.data as Scoreboard)).toEqual(comparable(fromDatabase));
      screen.close();
    });

    it('a resend racing its first send is one answer; another answer racing it is refused with 409', async () => {
      const game = await launched(await proUser());
      const { token } = await joined(game.code, 'Owls');
      const [capital, planets] = game.template.steps;
      const clientId = randomUUID();
      const twice = await Promise.all([
        answer(game.code, token, { stepId: capital!.id, text: 'Paris', clientId }),
        answer(game.code, token, { stepId: capital!.id, text: 'Paris', clientId }),
      ]);
      expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(json<AnswerResult>(twice[0]!).id).toBe(json<AnswerResult>(twice[1]!).id);
      expect(json<AnswerResult>(twice[1]!).score).toBe(10);

      const rivals = await Promise.all([
        answer(game.code, token, { stepId: planets!.id, answerId: planets!.answers[0]!.id }),
        answer(game.code, token, { stepId: planets!.id, answerId: planets!.answers[1]!.id }),
      ]);
      expect(rivals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const stored = await server.database.db
        .select({ n: count() })
        .from(submissions)
        .where(eq(submissions.gameId, game.gameId));
      expect(stored[0]!.n).toBe(2);
    });
  });
});
