/**
 * FREE's one launch a day (SPEC §6), told before the click: GET /my_games gives each row
 * `lastLaunchedAt` (when its latest launch instance was made; docs/games.md), and the client's
 * rule over those rows (launchBlock in src/domain/plans.ts) finds the limit the server then
 * enforces with 403, on the same day: launchDayStart in the organiser's time zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './support/testServer';
import { expectErrorMessage, json, signUp, type Caller } from './support/clients';
import { gameCalls } from './support/games';
import { games } from '../../server/db/schema';
import { MESSAGES } from '../../src/domain/messages';
import {
  isLaunchedToday,
  launchBlock,
  launchDayStart,
  PLAN_MESSAGES,
} from '../../src/domain/plans';
import { activityRowSchema, type ActivityRow } from '../../src/domain/schemas';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const { validTemplate, start, launched, proUser } = gameCalls(() => server);

async function myGames(caller: Caller, headers: Record<string, string> = {}) {
  const response = await server.request({
    url: '/v1/my_games',
    headers: { ...caller.headers, ...headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return json<ActivityRow[]>(response);
}

const rowNamed = (rows: ActivityRow[], name: string) => rows.find((r) => r.name === name)!;

/** Ends a game a second ago, as "End now" would. */
const endGame = (gameId: string) =>
  server.database.db
    .update(games)
    .set({ endsAt: new Date(Date.now() - 1000) })
    .where(eq(games.id, gameId));

describe('GET /my_games: lastLaunchedAt', () => {
  it('is null before any launch, and a demo (a test) does not set it', async () => {
    const user = await signUp(server);
    const template = await validTemplate(user, 'Team quiz');
    expect(rowNamed(await myGames(user), 'Team quiz').lastLaunchedAt).toBeNull();
    await launched(user, 'demo_game', template);
    const row = rowNamed(await myGames(user), 'Team quiz');
    expect(row.lastLaunchedAt).toBeNull();
    expect(activityRowSchema.parse(row)).toEqual(row);
  });

  it('is when the latest launch instance was made (a Play), as an ISO instant', async () => {
    const user = await signUp(server);
    const before = Date.now();
    const { gameId } = await launched(user, 'publish', await validTemplate(user, 'Team quiz'));
    const row = rowNamed(await myGames(user), 'Team quiz');
    const [game] = await server.database.db.select().from(games).where(eq(games.id, gameId));
    expect(row.lastLaunchedAt).toBe(game!.createdAt.toISOString());
    expect(Date.parse(row.lastLaunchedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(activityRowSchema.parse(row)).toEqual(row);
  });

  it('is when a scheduled instance was made, not when it starts', async () => {
    const user = await proUser();
    const template = await validTemplate(user, 'Friday quiz');
    const startsAt = new Date(Date.now() + 3 * 24 * 3600_000);
    const response = await start(user, template.id, 'publish', {
      name: 'Friday session',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 2 * 3600_000).toISOString(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = rowNamed(await myGames(user), 'Friday quiz');
    expect(row.status).toBe('scheduled');
    expect(Date.parse(row.lastLaunchedAt!)).toBeLessThanOrEqual(Date.now());
    expect(isLaunchedToday(row.lastLaunchedAt!, new Date())).toBe(true);
  });
});

describe('FREE: the client tells the limit the server enforces, before the call', () => {
  it("launched today and ended since: the rows show today's launch used by it; Play on another is then 403 with the daily reason", async () => {
    const user = await signUp(server);
    const { gameId } = await launched(user, 'publish', await validTemplate(user, 'Morning quiz'));
    const afternoon = await validTemplate(user, 'Afternoon quiz');
    await endGame(gameId);

    const rows = await myGames(user);
    expect(rowNamed(rows, 'Morning quiz').status).toBe('published');
    const block = launchBlock('FREE', rows, new Date());
    expect(block?.violation).toBe('dailyLaunchLimit');
    expect(block?.activity.name).toBe('Morning quiz');

    const refused = await start(user, afternoon.id, 'publish');
    expect(refused.statusCode).toBe(403);
    expect(expectErrorMessage(refused)).toBe(PLAN_MESSAGES.dailyLaunchLimit);
  });

  it("still live: the rows show the live limit (today's launch spent too); the server says the same", async () => {
    const user = await signUp(server);
    await launched(user, 'publish', await validTemplate(user, 'Morning quiz'));
    const afternoon = await validTemplate(user, 'Afternoon quiz');
    const block = launchBlock('FREE', await myGames(user), new Date());
    expect(block?.violation).toBe('liveActivityLimit');
    expect(block?.usedToday?.name).toBe('Morning quiz');
    const refused = await start(user, afternoon.id, 'publish');
    expect(refused.statusCode).toBe(403);
    expect(expectErrorMessage(refused)).toBe(MESSAGES.launch.freeLiveLimit);
  });

  it("the day is the organiser's (X-Time-Zone): a launch made before their midnight is not today's on either side", async () => {
    const zone = 'Pacific/Kiritimati';
    const zoned = (caller: Caller): Caller => ({
      ...caller,
      headers: { ...caller.headers, 'x-time-zone': zone },
    });
    const user = zoned(await signUp(server));
    const { gameId } = await launched(user, 'publish', await validTemplate(user, 'Morning quiz'));
    const afternoon = await validTemplate(user, 'Afternoon quiz');
    const now = new Date();
    const dayStart = launchDayStart(now, zone);

    // Made a minute before the organiser's midnight, and over: neither side counts it today.
    await server.database.db
      .update(games)
      .set({
        createdAt: new Date(dayStart.getTime() - 60_000),
        startsAt: new Date(dayStart.getTime() - 120_000),
        endsAt: new Date(dayStart.getTime() - 60_000 + 1),
      })
      .where(eq(games.id, gameId));
    let row = rowNamed(await myGames(user), 'Morning quiz');
    expect(isLaunchedToday(row.lastLaunchedAt!, now, zone)).toBe(false);

    // Made a minute after it: both sides count it, and the server refuses the next launch.
    await server.database.db
      .update(games)
      .set({ createdAt: new Date(dayStart.getTime() + 60_000) })
      .where(eq(games.id, gameId));
    row = rowNamed(await myGames(user), 'Morning quiz');
    expect(isLaunchedToday(row.lastLaunchedAt!, now, zone)).toBe(true);
    const refused = await start(user, afternoon.id, 'publish');
    expect(refused.statusCode).toBe(403);
    expect(expectErrorMessage(refused)).toBe(PLAN_MESSAGES.dailyLaunchLimit);

    // Before their midnight again: the server lets the launch through.
    await server.database.db
      .update(games)
      .set({ createdAt: new Date(dayStart.getTime() - 60_000) })
      .where(eq(games.id, gameId));
    expect((await start(user, afternoon.id, 'publish')).statusCode).toBe(201);
  });

  it('PRO: no block from the rows, and the server launches again', async () => {
    const user = await proUser();
    await launched(user, 'publish', await validTemplate(user, 'Morning quiz'));
    const afternoon = await validTemplate(user, 'Afternoon quiz');
    expect(launchBlock('PRO', await myGames(user), new Date())).toBeNull();
    expect((await start(user, afternoon.id, 'publish')).statusCode).toBe(201);
  });
});
