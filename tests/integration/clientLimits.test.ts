/**
 * Limits keyed by who the client verifiably is (docs/operations.md "Limits"): a team's
 * calls are counted per team that its TeamToken is verified to stand for, so made-up tokens
 * cannot pick fresh buckets (they count against the client's address); and the client address
 * comes from X-Forwarded-For only as far as TRUST_PROXY trusts the proxies in front.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';
import { expectErrorMessage, json, signUp } from './support/clients';
import { gameCalls } from './support/games';
import { buildApp } from '../../server/app';
import { loadConfig, parseTrustProxy } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';

/** A team's calls per minute per route, small enough to reach in a test. */
const TEAM_LIMIT = 5;

describe('the players’ per-team rate limit (PLAY_TEAM_RATE_LIMIT_PER_MINUTE)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { PLAY_TEAM_RATE_LIMIT_PER_MINUTE: String(TEAM_LIMIT) },
    });
  });
  afterAll(async () => server.close());

  const { request, launched, joined } = gameCalls(() => server);
  const me = (code: string, token: string, remoteAddress: string) =>
    request({
      method: 'GET',
      url: `/v1/play/${code}/me`,
      headers: { teamtoken: token },
      remoteAddress,
    });

  it('made-up TeamTokens share the client address’s bucket: a fresh token does not get a fresh bucket', async () => {
    const game = await launched(await signUp(server));
    const address = '203.0.113.10';
    const statuses: number[] = [];
    for (let i = 0; i < TEAM_LIMIT + 3; i++) {
      statuses.push((await me(game.code, `made-up-${randomUUID()}`, address)).statusCode);
    }
    expect(statuses.slice(0, TEAM_LIMIT)).toEqual(Array(TEAM_LIMIT).fill(401));
    expect(statuses.slice(TEAM_LIMIT)).toEqual([429, 429, 429]);
    const refused = await me(game.code, `made-up-${randomUUID()}`, address);
    expect(refused.statusCode).toBe(429);
    expectErrorMessage(refused);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a real team at that address still has its own bucket', async () => {
    const game = await launched(await signUp(server));
    const address = '203.0.113.11';
    for (let i = 0; i < TEAM_LIMIT + 1; i++) await me(game.code, `made-up-${i}`, address);
    const team = await joined(game.code);
    expect((await me(game.code, team.token, address)).statusCode).toBe(200);
  });

  it('a team is one bucket whatever address or token it uses: the limit follows the verified team', async () => {
    const game = await launched(await signUp(server));
    const team = await joined(game.code);
    const state = json<{ rejoinCode: string }>(await me(game.code, team.token, '203.0.113.20'));
    const rejoined = await request({
      method: 'POST',
      url: `/v1/play/${game.code}/teams/rejoin`,
      payload: { rejoinCode: state.rejoinCode },
    });
    expect(rejoined.statusCode, rejoined.body).toBe(200);
    const secondToken = json<{ token: string }>(rejoined).token;
    expect(secondToken).not.toBe(team.token);

    // One call made above; the rest of the minute's calls from two phones on two addresses.
    const statuses: number[] = [];
    for (let i = 1; i < TEAM_LIMIT; i++) {
      const [token, address] = i % 2 ? [secondToken, '203.0.113.21'] : [team.token, '203.0.113.22'];
      statuses.push((await me(game.code, token, address)).statusCode);
    }
    expect(statuses).toEqual(Array(TEAM_LIMIT - 1).fill(200));
    expect((await me(game.code, secondToken, '203.0.113.23')).statusCode).toBe(429);
    expect((await me(game.code, team.token, '203.0.113.24')).statusCode).toBe(429);

    // Another team of the same game is not held up.
    const other = await joined(game.code);
    expect((await me(game.code, other.token, '203.0.113.22')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
  });
  afterAll(async () => database.close());

  /** The address the server makes out for a request, through a route added for the test. */
  async function seenAddress(trustProxy: string | undefined, forwardedFor: string | undefined) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'teamtrail-proxy-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-that-is-long-enough-for-hmac-000000',
      STATIC_DIR: path.join(dataDir, 'no-web-app'),
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      app.get('/test/address', async (request) => ({ ip: request.ip }));
      await app.ready();
      const response = await app.inject({
        url: '/test/address',
        remoteAddress: '10.0.0.5',
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      });
      return json<{ ip: string }>(response).ip;
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it('unset: X-Forwarded-For is ignored, the address is the connection’s', async () => {
    expect(await seenAddress(undefined, '1.1.1.1')).toBe('10.0.0.5');
  });

  it('a hop count of 1 takes the address the one proxy saw (the right-most of X-Forwarded-For), not one a client wrote', async () => {
    // The client wrote 6.6.6.6 itself; the proxy appended the address it saw.
    expect(await seenAddress('1', '6.6.6.6, 198.51.100.1')).toBe('198.51.100.1');
  });

  it('a hop count of 2 takes the address the outer of two proxies saw', async () => {
    expect(await seenAddress('2', '6.6.6.6, 198.51.100.1, 10.0.0.9')).toBe('198.51.100.1');
  });

  it('a list of proxy addresses and ranges trusts only those hops', async () => {
    expect(await seenAddress('10.0.0.0/8', '6.6.6.6, 198.51.100.1, 10.0.0.9')).toBe('198.51.100.1');
    expect(await seenAddress('10.0.0.5, 192.0.2.1', '6.6.6.6, 198.51.100.1, 10.0.0.9')).toBe(
      '10.0.0.9',
    );
  });

  it('true keeps its old meaning: the left-most address, which a client can write', async () => {
    expect(await seenAddress('true', '6.6.6.6, 198.51.100.1')).toBe('6.6.6.6');
  });

  it('the rate limiter counts the address TRUST_PROXY makes out', async () => {
    const server = await startTestServer({
      env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_MINUTE: '2' },
    });
    try {
      const attempt = (forwardedFor: string) =>
        server.request({
          method: 'POST',
          url: '/v1/auth/sign-in',
          payload: { email: `nobody-${randomUUID()}@example.com`, password: 'a guess' },
          remoteAddress: '10.0.0.5',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      // A client that writes a new address in front each time is still one address.
      expect((await attempt('1.1.1.1, 198.51.100.50')).statusCode).toBe(401);
      expect((await attempt('2.2.2.2, 198.51.100.50')).statusCode).toBe(401);
      expect((await attempt('3.3.3.3, 198.51.100.50')).statusCode).toBe(429);
      // Another client behind the same proxy is not held up.
      expect((await attempt('198.51.100.51')).statusCode).toBe(401);
    } finally {
      await server.close();
    }
  });

  it.each<[string | undefined, unknown]>([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.0/8 , 172.16.0.0/12,::1 ', ['10.0.0.0/8', '172.16.0.0/12', '::1']],
    ['loopback, fd00::/8', ['loopback', 'fd00::/8']],
  ])('reads TRUST_PROXY=%j as %j', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', 'proxy.example.com', '1.2.3', '10.0.0.1/8/2'])(
    'refuses TRUST_PROXY=%j at start with a message that says what it takes',
    (raw) => {
      expect(() => parseTrustProxy(raw)).toThrow(/number of proxy hops/);
    },
  );
});
