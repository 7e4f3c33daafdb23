/**
 * Limits that hold across server instances (docs/operations.md "Several machines", "Limits on
 * requests"): with DATABASE_URL set, the API's rate limit per client address, the failed
 * sign-ins per e-mail address and the live-stream caps count what every instance accepted, to
 * within one sync interval (LIMIT_SYNC_MS). The tests wait for both instances' next sync rather
 * than for a fixed time, so the slack the docs allow is zero here and the counts are exact.
 * Two instances on one fresh PostgreSQL database; runs when TEST_DATABASE_URL is set.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { STREAM_LIMIT_MESSAGES } from '../../server/services/sse';
import { tooManySignInsMessage } from '../../server/services/auth/signInAttempts';
import { signUp } from './support/clients';
import { gameCalls } from './support/games';
import {
  startInstancesOnPostgres,
  type InstancesOnPostgres,
  type RunningInstance,
} from './support/instances';
import { TEST_DATABASE_URL } from './support/postgres';
import { openEventStream, type EventStream } from './support/sse';

/** Two instances, migrations and sign-ups (password hashing) on a shared 2-core machine. */
const SLOW_SETUP_MS = 120_000;
const SYNC_MS = '100';

let running: InstancesOnPostgres | null = null;
const streams: EventStream[] = [];

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await running?.close();
  running = null;
});

async function twoInstances(env: Record<string, string>) {
  running = await startInstancesOnPostgres({ count: 2, env: { LIMIT_SYNC_MS: SYNC_MS, ...env } });
  return running.instances as [RunningInstance, RunningInstance];
}

/**
 * What `from` has counted reaches `to`: a sync of `from` that starts now writes its counts, then
 * one of `to` that starts after it reads them. Both are the instances' own timed syncs.
 */
async function synced(from: RunningInstance, to: RunningInstance) {
  await from.app.limitCounts.nextSync();
  await to.app.limitCounts.nextSync();
}

/** Until `condition` holds, checked every few milliseconds; fails after `timeoutMs`. */
async function until(condition: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    // Only the pause between two looks at the condition: nothing tells when it comes true.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The rate limiter's windows are whole minutes of the clock: a test that counts to a limit must
 * not straddle two. Waits for the next minute when less than `needMs` of this one is left.
 */
async function windowWithRoom(needMs: number) {
  const left = () => 60_000 - (Date.now() % 60_000);
  if (left() >= needMs) return;
  const minute = Math.floor(Date.now() / 60_000);
  await until(() => Math.floor(Date.now() / 60_000) > minute, 'the next minute', 60_000);
}

async function open(url: string, headers: Record<string, string> = {}) {
  const stream = await openEventStream(url, headers);
  streams.push(stream);
  return stream;
}

/** A refused stream's answer; an open one is closed again and reported as its status. */
async function refusal(url: string) {
  const response = await fetch(url);
  if (response.ok) {
    await response.body?.cancel();
    return { status: response.status, body: {} };
  }
  return { status: response.status, body: (await response.json()) as { errorMessage?: string } };
}

describe.skipIf(!TEST_DATABASE_URL)('limits across instances (DATABASE_URL)', () => {
  it(
    'API calls per client address: requests alternating between two instances are refused once together they reach RATE_LIMIT_PER_MINUTE',
    async () => {
      const LIMIT = 10;
      const [a, b] = await twoInstances({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
      await windowWithRoom(20_000);
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 4; i++) {
        const [to, other] = i % 2 === 0 ? [a, b] : [b, a];
        // Counted by the global limit (not a route with one of its own); 401 without a session.
        const response = await fetch(`${to.baseUrl}/v1/auth/me`);
        await response.body?.cancel();
        statuses.push(response.status);
        await synced(to, other);
      }
      // Each instance alone saw 7 of the 14: without shared counts none would be refused.
      expect(statuses.slice(0, LIMIT).every((status) => status !== 429)).toBe(true);
      expect(statuses.slice(LIMIT)).toEqual([429, 429, 429, 429]);
    },
    SLOW_SETUP_MS,
  );

  it(
    'failed sign-ins for one e-mail address spread over two instances add up to SIGN_IN_FAILURES_PER_ACCOUNT',
    async () => {
      const MAX = 4;
      const [a, b] = await twoInstances({ SIGN_IN_FAILURES_PER_ACCOUNT: String(MAX) });
      const user = await signUp(a);
      const signIn = async (on: RunningInstance, password: string) =>
        on.request({
          method: 'POST',
          url: '/v1/auth/sign-in',
          payload: { email: user.email, password },
        });
      const statuses: number[] = [];
      for (let i = 0; i < MAX; i++) {
        const [to, other] = i % 2 === 0 ? [a, b] : [b, a];
        statuses.push((await signIn(to, 'wrong password, guess ' + i)).statusCode);
        await synced(to, other);
      }
      expect(statuses).toEqual([401, 401, 401, 401]);
      // Each instance saw 2 failures; together they are at the limit: refused on both, even
      // with the right password.
      for (const on of [a, b]) {
        const refused = await signIn(on, user.password);
        expect(refused.statusCode).toBe(429);
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(refused.json()).toEqual({ errorMessage: tooManySignInsMessage(retryAfter) });
      }
    },
    SLOW_SETUP_MS,
  );

  it(
    "a game's streams count on every instance: 2 open on A and 2 on B with STREAMS_PER_GAME=3 refuse the 4th; closing one on A frees a place on B; an instance that stops no longer counts",
    async () => {
      const [a, b] = await twoInstances({ STREAMS_PER_GAME: '3' });
      const calls = gameCalls(() => a);
      const { code, gameId } = await calls.launched(await signUp(a));
      const phones = (on: RunningInstance) => `${on.baseUrl}/v1/play/${code}/events`;
      const counted = (on: RunningInstance) => on.app.limitCounts.local(`stream:game:${gameId}`);

      const first = await open(phones(a));
      expect(first.status).toBe(200);
      expect((await open(phones(a))).status).toBe(200);
      await synced(a, b);
      expect((await open(phones(b))).status).toBe(200);
      expect(await refusal(phones(b))).toEqual({
        status: 429,
        body: { errorMessage: STREAM_LIMIT_MESSAGES.game },
      });

      // A phone on A goes away: once A has seen it and told the others, B takes one more.
      first.close();
      await until(() => counted(a) === 1, 'instance A has let go of the closed stream');
      await synced(a, b);
      expect((await open(phones(b))).status).toBe(200);
      // 1 on A and 2 on B: full again.
      await synced(b, a);
      expect((await refusal(phones(b))).status).toBe(429);
      expect((await refusal(phones(a))).status).toBe(429);

      // A stops: its stream and its counts go with it.
      await a.close();
      await b.app.limitCounts.nextSync();
      expect((await open(phones(b))).status).toBe(200);
      expect((await refusal(phones(b))).status).toBe(429);
    },
    SLOW_SETUP_MS,
  );
});
