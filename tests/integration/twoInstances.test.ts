/**
 * Two server instances on one PostgreSQL and one S3-compatible store (docs/operations.md
 * "Several machines"): phones join and answer through either instance, the organiser's live screen
 * is served by the other, and a photo uploaded through one is downloaded through the other, whole
 * and in byte ranges. The live scoreboard each instance keeps in memory must end equal to the
 * database's, however the answers were spread. Runs when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { games } from '../../server/db/schema';
import { setUserPlan } from '../../server/services/users';
import type { AnswerResult, Scoreboard } from '../../src/domain/games';
import { quizSteps } from '../fixtures/quiz';
import { multipartBody } from './support/multipart';
import {
  startInstancesOnPostgres,
  type InstancesOnPostgres,
  type RunningInstance,
} from './support/instances';
import { TEST_DATABASE_URL } from './support/postgres';
import { startS3Server, type TestS3Server } from './support/s3Server';
import { openEventStream } from './support/sse';

const TEAMS = 30;

describe.skipIf(!TEST_DATABASE_URL)('two instances on one PostgreSQL and one S3 store', () => {
  let running: InstancesOnPostgres;
  let s3: TestS3Server;
  let instances: RunningInstance[] = [];

  beforeAll(async () => {
    s3 = await startS3Server();
    running = await startInstancesOnPostgres({ count: 2, env: s3.env() });
    instances = running.instances;
    // Each instance answers only once it LISTENs (app.ts waits for the bus before listening).
  });

  afterAll(async () => {
    await running?.close();
    await s3?.close();
  });

  const call = async (baseUrl: string, pathName: string, init: RequestInit = {}) => {
    const response = await fetch(`${baseUrl}${pathName}`, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const post = (baseUrl: string, pathName: string, body: unknown, headers = {}) =>
    call(baseUrl, pathName, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  /**
   * An organiser signed up through `signUpOn`, with a quiz template, and its demo game launched
   * through `launchOn`.
   */
  const demoGame = async (
    signUpOn: RunningInstance,
    launchOn: RunningInstance,
    email: string,
    plan?: 'PRO',
  ) => {
    const signUp = await post(signUpOn.baseUrl, '/v1/auth/sign-up', {
      email,
      password: 'correct horse battery staple',
      name: 'Olive',
    });
    const auth = { authorization: `Bearer ${String(signUp.body.token)}` };
    if (plan)
      await setUserPlan(signUpOn.database.db, (signUp.body.user as { id: string }).id, plan);
    const steps = quizSteps();
    const template = await post(signUpOn.baseUrl, '/v1/templates', { name: 'Quiz', steps }, auth);
    const demo = await post(
      launchOn.baseUrl,
      `/v1/templates/${String(template.body.id)}/demo_game`,
      {},
      auth,
    );
    const gameId = String(demo.body.gameStatusUrl).split('/games/')[1]!;
    const [game] = await signUpOn.database.db.select().from(games).where(eq(games.id, gameId));
    return { auth, steps, gameId, game: game! };
  };

  it("phones on one instance, the live screen on the other: every answer shows, the board equals the database's, and the photo is served by both", async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    // No teams limit: 30 teams is more than a free plan's game takes.
    const { gameId, game, steps } = await demoGame(a, b, 'two.stores@example.com', 'PRO');
    const screen = await openEventStream(
      `${b.baseUrl}/v1/games/${gameId}/events?key=${game!.screenKey}`,
    );
    try {
      await screen.waitFor((e) => e.event === 'scoreboard');
      // Teams join through either instance and answer through the other one.
      const teams = await Promise.all(
        Array.from({ length: TEAMS }, async (_, i) => {
          const joinedOn = i % 2 === 0 ? a : b;
          const joined = await post(joinedOn.baseUrl, `/v1/play/${game!.code}/teams`, {
            name: `Team ${i}`,
          });
          expect(joined.status, JSON.stringify(joined.body)).toBe(201);
          return { token: String(joined.body.token), answersOn: joinedOn === a ? b : a };
        }),
      );
      const [capital, planets, selfie] = steps;
      const answers = await Promise.all(
        teams.flatMap(({ token, answersOn }, i) => [
          post(
            answersOn.baseUrl,
            `/v1/play/${game!.code}/answers`,
            { stepId: capital!.id, clientId: randomUUID(), text: i % 4 === 0 ? 'Lyon' : 'Paris' },
            { teamtoken: token },
          ),
          post(
            answersOn.baseUrl,
            `/v1/play/${game!.code}/answers`,
            { stepId: planets!.id, clientId: randomUUID(), answerId: planets!.answers[1]!.id },
            { teamtoken: token },
          ),
        ]),
      );
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));

      // A photo through A, stored in the bucket, served by B.
      const photo = await sharp({
        create: { width: 64, height: 48, channels: 3, background: '#3a7' },
      })
        .png()
        .toBuffer();
      const form = multipartBody(
        [{ field: 'media', filename: 'team.png', contentType: 'image/png', bytes: photo }],
        { stepId: selfie!.id, clientId: randomUUID() },
      );
      const uploaded = await fetch(`${a.baseUrl}/v1/play/${game!.code}/answers/media`, {
        method: 'POST',
        headers: { teamtoken: teams[0]!.token, ...form.headers },
        body: new Uint8Array(form.payload),
      });
      expect(uploaded.status).toBe(200);
      const { entry } = (await uploaded.json()) as AnswerResult;
      const whole = await fetch(`${b.baseUrl}${entry.mediaUrl!}`);
      expect(whole.status).toBe(200);
      const served = Buffer.from(await whole.arrayBuffer());
      expect(served.length).toBeGreaterThan(0);
      const ranged = await fetch(`${b.baseUrl}${entry.mediaUrl!}`, {
        headers: { range: 'bytes=0-15' },
      });
      expect(ranged.status).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer())).toEqual(served.subarray(0, 16));

      const fromDatabase = (
        await call(a.baseUrl, `/v1/games/${gameId}/scoreboard?key=${game!.screenKey}`)
      ).body as unknown as Scoreboard;
      const total = fromDatabase.rows.reduce((sum, row) => sum + row.answered, 0);
      expect(total).toBe(2 * TEAMS + 1);
      const live = await screen.waitFor(
        (e) =>
          e.event === 'scoreboard' &&
          (e.data as Scoreboard).rows.reduce((sum, row) => sum + row.answered, 0) === total,
      );
      const ranking = (board: Scoreboard) =>
        board.rows.map(({ rank, teamId, score, answered }) => ({ rank, teamId, score, answered }));
      expect(ranking(live.data as Scoreboard)).toEqual(ranking(fromDatabase));
    } finally {
      screen.close();
    }
  });

  it('an End through one instance refuses answers on the other as soon as its phones hear of it, not a second later', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const { gameId, game, steps, auth } = await demoGame(a, a, 'two.ends@example.com');
    const joined = await post(b.baseUrl, `/v1/play/${game!.code}/teams`, { name: 'Late' });
    const { token, team } = joined.body as { token: string; team: { id: string } };
    const [capital, planets] = steps;
    const answer = (body: Record<string, unknown>) =>
      post(
        b.baseUrl,
        `/v1/play/${game!.code}/answers`,
        { clientId: randomUUID(), ...body },
        { teamtoken: token },
      );
    const phone = await openEventStream(
      `${b.baseUrl}/v1/play/${game!.code}/events?team=${team.id}`,
    );
    try {
      await phone.waitFor((e) => e.event === 'scoreboard');
      // B has the game in its one-second cache now.
      expect((await answer({ stepId: capital!.id, text: 'Paris' })).status).toBe(200);
      const ended = await post(a.baseUrl, `/v1/games/${gameId}/end`, {}, auth);
      expect(ended.status, JSON.stringify(ended.body)).toBe(200);
      await phone.waitFor((e) => e.event === 'game');
      // Another task, so that only the End can refuse it.
      const refused = await answer({ stepId: planets!.id, answerId: planets!.answers[1]!.id });
      expect(refused.status).toBe(410);
      expect(refused.body.errorMessage).toBe('This activity has ended.');
    } finally {
      phone.close();
    }
  });
});
