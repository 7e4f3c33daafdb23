/**
 * GET /my_games (SPEC §7, §4 statuses via docs/statuses.md), GET /themes and the full library
 * that offline clients cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';
import { createTemplate, guest, json } from './support/clients';
import type { ActivityRow, LibraryTemplate, Template, Theme } from '../../src/domain/schemas';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const myGames = async (headers: Record<string, string>) =>
  json<ActivityRow[]>(await server.request({ url: '/v1/my_games', headers }));

describe('GET /my_games', () => {
  it('lists one row per own activity with the fields of SPEC §3, and nobody else’s', async () => {
    const me = guest();
    const mine = await createTemplate(server, me, { name: 'Mine', duration: 720 });
    await createTemplate(server, guest(), { name: 'Not mine' });
    const rows = await myGames(me.headers);
    expect(rows).toEqual([
      {
        id: mine.id,
        name: 'Mine',
        gameType: 'quiz',
        stepsCount: 0,
        runTime: 'Half Day',
        runTimeMin: 720,
        plays: 0,
        status: 'unpublished',
        scoreboardUrl: null,
        presentationUrl: null,
        statisticsUrl: null,
        gameStatusUrl: null,
        gameId: null,
        gamePhase: null,
        gameEndsAt: null,
        lastLaunchedAt: null,
      },
    ]);
  });

  it('statuses: a library copy is ready, a blank copy unpublished, an edited blank editing', async () => {
    const me = guest();
    const library = json<LibraryTemplate[]>(
      await server.request({ url: '/v1/templates/library', headers: me.headers }),
    );
    const source = library.find((t) => !t.comingSoon)!;
    const copy = json<Template>(
      await server.request({
        method: 'POST',
        url: `/v1/templates/${source.id}/copy`,
        headers: me.headers,
      }),
    );
    const blank = json<Template>(
      await server.request({
        method: 'POST',
        url: '/v1/templates/copy_blank',
        headers: me.headers,
      }),
    );
    const statusOf = async (id: string) =>
      (await myGames(me.headers)).find((r) => r.id === id)?.status;
    expect(await statusOf(copy.id)).toBe('ready');
    expect(await statusOf(blank.id)).toBe('unpublished');
    await server.request({
      method: 'PATCH',
      url: `/v1/templates/${blank.id}`,
      headers: me.headers,
      payload: { name: 'Started on it' },
    });
    expect(await statusOf(blank.id)).toBe('editing');
  });

  it('leaves out deleted activities', async () => {
    const me = guest();
    const gone = await createTemplate(server, me, { name: 'Gone' });
    await server.request({
      method: 'DELETE',
      url: `/v1/templates/${gone.id}`,
      headers: me.headers,
    });
    expect((await myGames(me.headers)).map((r) => r.id)).not.toContain(gone.id);
  });
});

describe('lists for offline use', () => {
  it('GET /themes answers every theme with its preview image', async () => {
    const themes = json<Theme[]>(
      await server.request({ url: '/v1/themes', headers: guest().headers }),
    );
    expect(themes.length).toBeGreaterThanOrEqual(6);
    expect(themes.every((t) => t.previewImageUrl.startsWith('/themes/'))).toBe(true);
  });

  it('GET /templates/library?full=true answers the master templates whole, tasks included', async () => {
    const headers = guest().headers;
    const full = json<Template[]>(
      await server.request({ url: '/v1/templates/library?full=true', headers }),
    );
    const summary = json<LibraryTemplate[]>(
      await server.request({ url: '/v1/templates/library', headers }),
    );
    expect(full.map((t) => t.id).sort()).toEqual(summary.map((t) => t.id).sort());
    expect(full.every((t) => t.master && t.steps.length >= 10)).toBe(true);
  });

  it('refuses an unknown query value', async () => {
    const response = await server.request({
      url: '/v1/templates/library?full=yes',
      headers: guest().headers,
    });
    expect(response.statusCode).toBe(400);
  });
});
