/**
 * Realtime across server instances (docs/games.md "Realtime"): with DATABASE_URL, two
 * instances of the app on one PostgreSQL share events through LISTEN/NOTIFY, so a team joining
 * through one instance appears on a live screen served by the other, exactly once. Runs when
 * TEST_DATABASE_URL is set (CI starts PostgreSQL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { seedDatabase } from '../../server/seed/run';
import { games } from '../../server/db/schema';
import { createPostgresBus } from '../../server/services/realtimePostgres';
import { createFreshPostgresDatabase, TEST_DATABASE_URL } from './support/postgres';
import { openEventStream } from './support/sse';
import type { RealtimeEvent } from '../../server/services/realtime';
import { quizSteps } from '../fixtures/quiz';

const isMarker = (event: RealtimeEvent) => 'reason' in event && event.reason === 'control';

describe.skipIf(!TEST_DATABASE_URL)('realtime through PostgreSQL LISTEN/NOTIFY', () => {
  let url: string;
  let drop: () => Promise<void>;
  const instances: { app: FastifyInstance; database: DatabaseHandle; baseUrl: string }[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-realtime-'));

  beforeAll(async () => {
    ({ url, drop } = await createFreshPostgresDatabase());
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        AUTH_SECRET: 'test-secret-that-is-long-enough-for-hmac-000000',
        STATIC_DIR: path.join(dataDir, 'no-web-app'),
      });
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
      if (i === 0) await seedDatabase(database.db);
      const app = await buildApp({ config, database, logger: false });
      // Listening waits until the instance LISTENs (app.ts, the bus's onReady hook).
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      instances.push({ app, database, baseUrl: `http://127.0.0.1:${port}` });
    }
  });

  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers an event to the other instance once, and to its own listeners once', async () => {
    const silentLog = { warn: () => undefined } as never;
    const a = createPostgresBus(url, silentLog);
    const b = createPostgresBus(url, silentLog);
    await Promise.all([a.ready, b.ready]);
    const seenByA: RealtimeEvent[] = [];
    const seenByB: RealtimeEvent[] = [];
    a.subscribe('game:x', (e) => seenByA.push(e));
    b.subscribe('game:x', (e) => seenByB.push(e));
    a.publish('game:x', { type: 'game-changed', gameId: 'x', reason: 'submission' });
    await expect.poll(() => seenByB.length).toBe(1);
    // PostgreSQL hands notifications to each listener in the order they were sent: once A hears
    // a marker B sent after the event, A's own copy of the event, were it not ignored, would
    // have arrived before it. No wait for something not to happen.
    const marker: RealtimeEvent = { type: 'game-changed', gameId: 'x', reason: 'control' };
    b.publish('game:x', marker);
    await expect.poll(() => seenByA.some(isMarker)).toBe(true);
    await expect.poll(() => seenByB.some(isMarker)).toBe(true);
    expect(seenByA.filter((e) => !isMarker(e))).toHaveLength(1);
    expect(seenByB.filter((e) => !isMarker(e))).toHaveLength(1);
    await a.close!();
    await b.close!();
  });

  it('shows a team joining through one instance on a live screen served by the other', async () => {
    const [first, second] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const signUp = await fetch(`${first.baseUrl}/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'two.instances@example.com',
        password: 'correct horse battery staple',
        name: 'Olive',
      }),
    });
    const { token } = (await signUp.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const template = await fetch(`${first.baseUrl}/v1/templates`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        name: 'Two instances',
        steps: quizSteps(),
      }),
    });
    const { id: templateId } = (await template.json()) as { id: string };
    const demo = await fetch(`${first.baseUrl}/v1/templates/${templateId}/demo_game`, {
      method: 'POST',
      headers: auth,
      body: '{}',
    });
    const { gameStatusUrl } = (await demo.json()) as { gameStatusUrl: string };
    const gameId = gameStatusUrl.split('/games/')[1]!;
    const [game] = await first.database.db.select().from(games).where(eq(games.id, gameId));

    const stream = await openEventStream(
      `${second.baseUrl}/v1/games/${gameId}/events?key=${game!.screenKey}`,
    );
    try {
      await stream.waitFor((e) => e.event === 'scoreboard');
      const join = await fetch(`${first.baseUrl}/v1/play/${game!.code}/teams`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Across instances' }),
      });
      expect(join.status).toBe(201);
      const team = await stream.waitFor((e) => e.event === 'team');
      expect((team.data as { name: string }).name).toBe('Across instances');
      const board = await stream.waitFor(
        (e) => e.event === 'scoreboard' && (e.data as { rows: unknown[] }).rows.length === 1,
      );
      expect(board).toBeDefined();
    } finally {
      stream.close();
    }
  });
});
