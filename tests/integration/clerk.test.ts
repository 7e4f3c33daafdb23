/**
 * Clerk session tokens, verified without a network call against CLERK_JWT_KEY (the PEM public
 * key). The key pair is made here, so the test signs exactly the tokens it needs: valid, signed
 * by another key, expired, pending (SPEC §4: counts as signed out), from another origin (azp).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { startTestServer, type TestServer } from './support/testServer';
import { expectErrorMessage, json, signUp } from './support/clients';
import type { Template, TemplateList, User } from '../../src/domain/schemas';

const AUTHORIZED_ORIGIN = 'http://localhost:5173';

let clerkKey: CryptoKey;
let otherKey: CryptoKey;
let server: TestServer;
let strict: TestServer;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  clerkKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const pem = await exportSPKI(pair.publicKey);
  [server, strict] = await Promise.all([
    // Local accounts opened explicitly beside Clerk, for the "embedded accounts" tests below.
    startTestServer({ env: { CLERK_JWT_KEY: pem, LOCAL_SIGN_UP: 'true' } }),
    startTestServer({ env: { CLERK_JWT_KEY: pem, CLERK_AUTHORIZED_PARTIES: AUTHORIZED_ORIGIN } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), strict?.close()]);
});

async function clerkToken(
  subject: string,
  {
    claims = {},
    key = clerkKey,
    expires = '1m',
  }: { claims?: JWTPayload; key?: CryptoKey; expires?: string | number } = {},
): Promise<string> {
  return new SignJWT({ sid: `sess_${randomUUID()}`, ...claims })
    .setProtectedHeader({ alg: 'RS256' })
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(key);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const usersMe = (target: TestServer, token: string) =>
  target.request({ url: '/v1/users/me', headers: bearer(token) });
const userId = () => `user_${randomUUID().replace(/-/g, '').slice(0, 24)}`;

describe('Clerk session tokens (CLERK_JWT_KEY)', () => {
  it('accepts a valid token and creates the user (FREE, unrestricted) on first use', async () => {
    const response = await usersMe(server, await clerkToken('user_abc'));
    expect(response.statusCode, response.body).toBe(200);
    expect(json<User>(response)).toMatchObject({ id: 'user_abc', plan: 'FREE', restricted: false });
    // The same user on a later request, not a second one.
    const again = await usersMe(server, await clerkToken('user_abc'));
    expect(json<User>(again).id).toBe('user_abc');
  });

  it("a Clerk user's templates are theirs: listed for them, not for another Clerk user", async () => {
    const alice = bearer(await clerkToken(userId()));
    const bob = bearer(await clerkToken(userId()));
    const created = await server.request({
      method: 'POST',
      url: '/v1/templates',
      headers: alice,
      payload: { name: 'Clerk quiz' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = json<Template>(created).id;
    const aliceList = json<TemplateList>(
      await server.request({ url: '/v1/templates', headers: alice }),
    );
    const bobList = json<TemplateList>(
      await server.request({ url: '/v1/templates', headers: bob }),
    );
    expect(aliceList.templates.map((t) => t.id)).toEqual([id]);
    expect(bobList.templates).toEqual([]);
  });

  it('takes e-mail and name from the token when it carries them', async () => {
    const id = userId();
    const response = await usersMe(
      server,
      await clerkToken(id, { claims: { email: 'clerky@example.com', name: 'Clerky' } }),
    );
    expect(json<User>(response)).toMatchObject({ id, email: 'clerky@example.com', name: 'Clerky' });
  });

  it('refuses a token signed by another key with 401', async () => {
    const id = userId();
    const response = await usersMe(server, await clerkToken(id, { key: otherKey }));
    expect(response.statusCode).toBe(401);
    expectErrorMessage(response);
  });

  it('refuses an expired token with 401', async () => {
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject(userId())
      .setIssuedAt(anHourAgo - 60)
      .setExpirationTime(anHourAgo)
      .sign(clerkKey);
    const response = await usersMe(server, token);
    expect(response.statusCode).toBe(401);
    expectErrorMessage(response);
  });

  it('refuses a token without an expiry (exp) with 401: it would never stop working', async () => {
    const token = await new SignJWT({ sid: `sess_${randomUUID()}` })
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject(userId())
      .setIssuedAt()
      .sign(clerkKey);
    const response = await usersMe(server, token);
    expect(response.statusCode).toBe(401);
    expectErrorMessage(response);
  });

  it('refuses a token of a pending session (sts: pending) with 401: it counts as signed out', async () => {
    const id = userId();
    const pending = await usersMe(server, await clerkToken(id, { claims: { sts: 'pending' } }));
    expect(pending.statusCode).toBe(401);
    const active = await usersMe(server, await clerkToken(id, { claims: { sts: 'active' } }));
    expect(active.statusCode).toBe(200);
  });

  it('refuses a token whose signature was tampered with (claims changed after signing)', async () => {
    const token = await clerkToken('user_victim');
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: 'user_attacker', exp: Math.floor(Date.now() / 1000) + 60 }),
    ).toString('base64url');
    const response = await usersMe(server, `${header}.${forgedPayload}.${signature}`);
    expect(response.statusCode).toBe(401);
  });

  it('refuses an unsigned token (alg: none) with 401', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
      sub: 'user_abc',
      exp: Math.floor(Date.now() / 1000) + 60,
    })}.`;
    const response = await usersMe(server, token);
    expect(response.statusCode).toBe(401);
  });
});

describe('CLERK_AUTHORIZED_PARTIES', () => {
  it('refuses a token whose azp is another origin with 401', async () => {
    const token = await clerkToken(userId(), { claims: { azp: 'https://evil.example' } });
    const response = await usersMe(strict, token);
    expect(response.statusCode).toBe(401);
    expectErrorMessage(response);
  });

  it('refuses a token without azp when authorized parties are configured', async () => {
    const response = await usersMe(strict, await clerkToken(userId()));
    expect(response.statusCode).toBe(401);
  });

  it('accepts a token whose azp is the authorized origin', async () => {
    const id = userId();
    const token = await clerkToken(id, { claims: { azp: AUTHORIZED_ORIGIN } });
    const response = await usersMe(strict, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<User>(response).id).toBe(id);
  });
});

describe('embedded accounts beside Clerk', () => {
  it('still work when Clerk is configured: sign up, then use the token', async () => {
    const account = await signUp(server);
    const response = await server.request({ url: '/v1/users/me', headers: account.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<User>(response)).toMatchObject({ id: account.userId, email: account.email });
    const created = await server.request({
      method: 'POST',
      url: '/v1/templates',
      headers: account.headers,
      payload: { name: 'Local account quiz' },
    });
    expect(created.statusCode).toBe(201);
  });

  it('local sign-up is closed when Clerk is configured, unless LOCAL_SIGN_UP=true', async () => {
    const response = await strict.request({
      method: 'POST',
      url: '/v1/auth/sign-up',
      payload: {
        email: `olive-${randomUUID()}@example.com`,
        password: 'violet tugboat mosaic lantern',
        name: 'Olive',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(expectErrorMessage(response)).toBe(
      'Accounts are managed by the sign-in provider on this server.',
    );
  });

  it('a garbage token is still refused with 401 when Clerk is configured', async () => {
    for (const token of ['garbage', 'a.b.c']) {
      const response = await server.request({ url: '/v1/templates', headers: bearer(token) });
      expect(response.statusCode, token).toBe(401);
    }
  });
});
