/**
 * The standing sample game behind "Play a demo" (docs/games.md "The sample game"):
 * anyone gets a code that a phone can join at once; it is the same code all day, and a new game
 * (with no teams) the next day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';
import { json } from './support/clients';
import { gameCalls } from './support/games';
import { sampleGame } from '../../server/services/games/sampleGame';
import { CODE_LENGTH, type PublicGame, type SampleGameResponse } from '../../src/domain/games';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const { request, joined } = gameCalls(() => server);

describe('GET /v1/sample_game', () => {
  it('answers a code anyone can join now, without signing in, the same all day', async () => {
    const first = await request({ method: 'GET', url: '/v1/sample_game' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const sample = json<SampleGameResponse>(first);
    expect(sample.code).toHaveLength(CODE_LENGTH);
    expect(sample.qrCodeUrl).toBe(`/v1/qr/${sample.code}.png`);
    const again = json<SampleGameResponse>(
      await request({ method: 'GET', url: '/v1/sample_game' }),
    );
    expect(again.code).toBe(sample.code);

    const game = json<PublicGame>(await request({ method: 'GET', url: `/v1/play/${sample.code}` }));
    expect(game.phase).toBe('open');
    expect(game.maxTeams).toBeNull();
    expect(game.stepsCount).toBeGreaterThan(0);
    await joined(sample.code, 'Curious visitors');
    expect((await request({ method: 'GET', url: sample.qrCodeUrl })).statusCode).toBe(200);
  });

  it('renews itself each day: tomorrow is another game, with a new code and no teams', async () => {
    const db = server.database.db;
    const today = await sampleGame(db);
    const tomorrow = await sampleGame(db, new Date(today.endsAt.getTime() + 60_000));
    expect(tomorrow.id).not.toBe(today.id);
    expect(tomorrow.code).not.toBe(today.code);
    expect(tomorrow.startsAt.getTime()).toBe(today.endsAt.getTime());
    // Two visitors at the same moment get the same game.
    const [a, b] = await Promise.all([sampleGame(db), sampleGame(db)]);
    expect(a.id).toBe(b.id);
  });
});
