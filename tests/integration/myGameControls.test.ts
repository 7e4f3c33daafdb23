/**
 * My Activities' game controls and recent demos: each /my_games row carries its current
 * instance's game id, phase and end, so the row can pause, resume, extend and end it; and
 * GET /my_demo_games lists the caller's demo runs of the last 24 hours (docs/games.md "Recent demo
 * runs"), never another organiser's, and refuses guests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './support/testServer';
import { expectErrorMessage, guest, json, type Caller } from './support/clients';
import { gameCalls } from './support/games';
import { signUp } from './support/clients';
import { games } from '../../server/db/schema';
import type { ActivityRow } from '../../src/domain/schemas';
import type { DemoRun } from '../../src/domain/demoRuns';
import type { GameControl } from '../../src/domain/games';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const { request, launched, joined, validTemplate } = gameCalls(() => server);

const rowOf = async (caller: Caller, templateId: string) => {
  const response = await request({ method: 'GET', url: '/v1/my_games', headers: caller.headers });
  expect(response.statusCode, response.body).toBe(200);
  return json<ActivityRow[]>(response).find((row) => row.id === templateId)!;
};

const demoRuns = (caller: Caller) =>
  request({ method: 'GET', url: '/v1/my_demo_games', headers: caller.headers });

const control = async (caller: Caller, gameId: string, action: 'end' | 'pause' | 'resume') => {
  const response = await request({
    method: 'POST',
    url: `/v1/games/${gameId}/${action}`,
    headers: caller.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<GameControl>(response);
};

describe('GET /my_games: the current instance for the game controls', () => {
  it('a row carries its current instance’s gameId, phase and endsAt, and follows pause, resume, extend and end', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    let row = await rowOf(user, game.template.id);
    expect(row.status).toBe('live');
    expect(row.gameId).toBe(game.gameId);
    expect(row.gamePhase).toBe('open');
    expect(Date.parse(row.gameEndsAt!)).toBe(Date.parse(game.status.endsAt!));
    // The live screens and the controls act on the same game.
    expect(row.statisticsUrl).toContain(`/live/${game.gameId}/statistics`);

    await control(user, game.gameId, 'pause');
    row = await rowOf(user, game.template.id);
    expect(row.gamePhase).toBe('paused');
    // Paused is still live: the instance is open until its end.
    expect(row.status).toBe('live');

    await control(user, game.gameId, 'resume');
    expect((await rowOf(user, game.template.id)).gamePhase).toBe('open');

    const earlier = new Date(Date.now() + 5 * 60_000);
    const changed = await request({
      method: 'PATCH',
      url: `/v1/games/${game.gameId}`,
      headers: user.headers,
      payload: { endsAt: earlier.toISOString() },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(Date.parse((await rowOf(user, game.template.id)).gameEndsAt!)).toBe(earlier.getTime());

    await control(user, game.gameId, 'end');
    row = await rowOf(user, game.template.id);
    expect(row.gameId).toBe(game.gameId);
    expect(row.gamePhase).toBe('ended');
    // Nobody played: launched before, nothing open (docs/statuses.md rule 4).
    expect(row.status).toBe('published');
  });

  it('an ended game that teams played makes the activity complete', async () => {
    const user = await signUp(server);
    const game = await launched(user);
    await joined(game.code, 'Owls');
    await control(user, game.gameId, 'end');
    const row = await rowOf(user, game.template.id);
    expect(row.gamePhase).toBe('ended');
    expect(row.status).toBe('complete');
  });

  it('a row never launched has no game, and a demo is never its current instance', async () => {
    const user = await signUp(server);
    const demo = await launched(user, 'demo_game');
    const row = await rowOf(user, demo.template.id);
    expect(row).toMatchObject({ gameId: null, gamePhase: null, gameEndsAt: null, status: 'ready' });
  });
});

describe('GET /my_demo_games: recent demo runs', () => {
  it('lists only the caller’s demos of the last 24 hours, newest first, with teams and live screens', async () => {
    const user = await signUp(server);
    const template = await validTemplate(user, 'Friday quiz');
    const older = await launched(user, 'demo_game', template);
    const newer = await launched(user, 'demo_game', template);
    await joined(newer.code, 'Owls');
    await joined(newer.code, 'Foxes');
    // A demo from yesterday, more than 24 hours ago: no longer listed.
    const stale = await launched(user, 'demo_game', template);
    const dayAndMinute = new Date(Date.now() - (24 * 60 + 1) * 60_000);
    await server.database.db
      .update(games)
      .set({ startsAt: dayAndMinute, endsAt: new Date(dayAndMinute.getTime() + 10 * 60_000) })
      .where(eq(games.id, stale.gameId));
    // A launch is an instance of the activity, not a demo run.
    await launched(user, 'publish', await validTemplate(user, 'Launched quiz'));

    const response = await demoRuns(user);
    expect(response.statusCode, response.body).toBe(200);
    const runs = json<DemoRun[]>(response);
    expect(runs.map((run) => run.gameId)).toEqual([newer.gameId, older.gameId]);
    const [run] = runs;
    expect(run).toMatchObject({
      templateId: template.id,
      name: 'Friday quiz',
      phase: 'open',
      teams: 2,
      startsAt: newer.status.startsAt,
      endsAt: newer.status.endsAt,
      scoreboardUrl: newer.status.scoreboardUrl,
      presentationUrl: newer.status.presentationUrl,
      statisticsUrl: newer.status.statisticsUrl,
    });
    expect(runs[1]!.teams).toBe(0);

    // The statistics link works without signing in: it carries the screen key.
    const statistics = new URL(run!.statisticsUrl);
    const key = statistics.searchParams.get('key')!;
    const stats = await request({
      method: 'GET',
      url: `/v1/games/${newer.gameId}/statistics?key=${encodeURIComponent(key)}`,
    });
    expect(stats.statusCode, stats.body).toBe(200);
  });

  it('an ended demo stays listed, with its phase', async () => {
    const user = await signUp(server);
    const demo = await launched(user, 'demo_game');
    await control(user, demo.gameId, 'end');
    const runs = json<DemoRun[]>(await demoRuns(user));
    expect(runs.map((run) => [run.gameId, run.phase])).toEqual([[demo.gameId, 'ended']]);
  });

  it('never lists another organiser’s demos', async () => {
    const other = await signUp(server);
    await launched(other, 'demo_game');
    const me = await signUp(server);
    const response = await demoRuns(me);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<DemoRun[]>(response)).toEqual([]);
  });

  it('is 401 for guests', async () => {
    const response = await demoRuns(guest());
    expect(response.statusCode).toBe(401);
    expect(expectErrorMessage(response)).toMatch(/sign in/i);
    const nobody = await request({ method: 'GET', url: '/v1/my_demo_games' });
    expect(nobody.statusCode).toBe(401);
  });
});
