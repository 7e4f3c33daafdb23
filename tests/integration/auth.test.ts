/**
 * The embedded accounts (POST /v1/auth/sign-up, sign-in, sign-out; GET /v1/auth/me) through the
 * real app: tokens, password rules, no account enumeration, flood protection, and what an
 * Authorization header that is not a valid bearer token gets (never the guest's treatment).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from './support/testServer';
import { expectErrorMessage, json, signUp } from './support/clients';
import type { AuthResponse, User } from '../../src/domain/schemas';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const uniqueEmail = (local = 'organiser') => `${local}-${randomUUID().slice(0, 8)}@example.com`;
const GOOD_PASSWORD = 'correct horse battery staple';

const signUpRequest = (payload: Record<string, unknown>) =>
  server.request({ method: 'POST', url: '/v1/auth/sign-up', payload });
const signInRequest = (payload: Record<string, unknown>, target = server) =>
  target.request({ method: 'POST', url: '/v1/auth/sign-in', payload });
const me = (headers: Record<string, string> = {}) =>
  server.request({ url: '/v1/auth/me', headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sign-up', () => {
  it('answers 201 with a token and a FREE, unrestricted user', async () => {
    const email = uniqueEmail();
    const response = await signUpRequest({ email, password: GOOD_PASSWORD, name: 'Olive' });
    expect(response.statusCode, response.body).toBe(201);
    const body = json<AuthResponse>(response);
    expect(body.token).toEqual(expect.any(String));
    expect(body.token.length).toBeGreaterThan(10);
    expect(body.user).toMatchObject({ email, name: 'Olive', plan: 'FREE', restricted: false });
    expect(body.user.id).toEqual(expect.any(String));
  });

  it('gives a token that works as Authorization: Bearer on GET /v1/auth/me', async () => {
    const email = uniqueEmail();
    const { token, user } = json<AuthResponse>(
      await signUpRequest({ email, password: GOOD_PASSWORD, name: 'Olive' }),
    );
    const response = await me(bearer(token));
    expect(response.statusCode, response.body).toBe(200);
    expect(json<User>(response)).toEqual(user);
  });

  it('refuses an e-mail address that is taken (409), also when written in other case', async () => {
    const email = uniqueEmail('taken');
    expect((await signUpRequest({ email, password: GOOD_PASSWORD, name: 'A' })).statusCode).toBe(
      201,
    );
    const again = await signUpRequest({ email, password: GOOD_PASSWORD, name: 'B' });
    expect(again.statusCode).toBe(409);
    expect(expectErrorMessage(again)).toMatch(/already exists/);
    const shouting = await signUpRequest({
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
      name: 'C',
    });
    expect(shouting.statusCode).toBe(409);
    expectErrorMessage(shouting);
  });

  it.each<[string, (localPart: string) => string]>([
    ['too short', () => 'short1'],
    ['a common password', () => 'password123'],
    ['all one character', () => 'aaaaaaaaaaaa'],
    ["containing the e-mail's local part", (localPart) => `xx-${localPart.toUpperCase()}-2024!`],
  ])('refuses a weak password (%s) with 400 and a message', async (_label, password) => {
    const localPart = `olive${randomUUID().slice(0, 6)}`;
    const email = `${localPart}@example.com`;
    const response = await signUpRequest({ email, password: password(localPart), name: 'Olive' });
    expect(response.statusCode, response.body).toBe(400);
    expect(expectErrorMessage(response)).toMatch(/password/i);
    // Nothing was created: the same address then signs up with a good password.
    const ok = await signUpRequest({ email, password: GOOD_PASSWORD, name: 'Olive' });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses an invalid e-mail address with 400', async () => {
    const response = await signUpRequest({
      email: 'not-an-email',
      password: GOOD_PASSWORD,
      name: 'Olive',
    });
    expect(response.statusCode).toBe(400);
    expect(expectErrorMessage(response)).toMatch(/e-mail/i);
  });

  it('refuses a sign-up without a name with 400', async () => {
    const missing = await signUpRequest({ email: uniqueEmail(), password: GOOD_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expectErrorMessage(missing);
    const blank = await signUpRequest({
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
      name: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(expectErrorMessage(blank)).toMatch(/name/i);
  });
});

describe('sign-in', () => {
  it('answers {token, user} for the right password, and the token works', async () => {
    const account = await signUp(server);
    const response = await signInRequest({ email: account.email, password: account.password });
    expect(response.statusCode, response.body).toBe(200);
    const body = json<AuthResponse>(response);
    expect(body.user).toMatchObject({ id: account.userId, email: account.email, plan: 'FREE' });
    expect(body.token).not.toBe(account.token);
    const check = await me(bearer(body.token));
    expect(check.statusCode).toBe(200);
    expect(json<User>(check).id).toBe(account.userId);
  });

  it('accepts the e-mail address in other case', async () => {
    const account = await signUp(server);
    const response = await signInRequest({
      email: account.email.toUpperCase(),
      password: account.password,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<AuthResponse>(response).user.id).toBe(account.userId);
  });

  it('refuses a wrong password with 401 and a clear message', async () => {
    const account = await signUp(server);
    const response = await signInRequest({ email: account.email, password: 'not the password' });
    expect(response.statusCode).toBe(401);
    expect(expectErrorMessage(response)).toMatch(/e-mail address or password/);
    expect(json(response)).not.toHaveProperty('token');
  });

  it('answers an unknown e-mail exactly like a wrong password (no account enumeration)', async () => {
    const account = await signUp(server);
    const wrongPassword = await signInRequest({
      email: account.email,
      password: 'not the password',
    });
    const unknown = await signInRequest({
      email: uniqueEmail('nobody'),
      password: 'not the password',
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.statusCode).toBe(401);
    expect(json(unknown)).toEqual(json(wrongPassword));
  });
});

describe('sign-out and sessions', () => {
  it('makes the token stop working: 401 afterwards', async () => {
    const account = await signUp(server);
    expect((await me(account.headers)).statusCode).toBe(200);
    const out = await server.request({
      method: 'POST',
      url: '/v1/auth/sign-out',
      headers: account.headers,
    });
    expect(out.statusCode, out.body).toBe(204);
    const after = await me(account.headers);
    expect(after.statusCode).toBe(401);
    expectErrorMessage(after);
    const templates = await server.request({ url: '/v1/templates', headers: account.headers });
    expect(templates.statusCode).toBe(401);
  });

  it('signing out one session leaves the other sessions of the account working', async () => {
    const account = await signUp(server);
    const second = json<AuthResponse>(
      await signInRequest({ email: account.email, password: account.password }),
    );
    await server.request({ method: 'POST', url: '/v1/auth/sign-out', headers: account.headers });
    expect((await me(account.headers)).statusCode).toBe(401);
    expect((await me(bearer(second.token))).statusCode).toBe(200);
  });

  it('GET /v1/auth/me without a token answers 401', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expectErrorMessage(response);
  });

  it('a forged or garbage bearer token gets 401 on a normal call, never guest access', async () => {
    for (const token of ['garbage', 'a.b.c', `${randomUUID()}.${randomUUID()}`]) {
      const response = await server.request({ url: '/v1/templates', headers: bearer(token) });
      expect(response.statusCode, token).toBe(401);
      expect(expectErrorMessage(response)).toMatch(/session/i);
      expect(response.headers.anonid).toBeUndefined();
    }
  });

  it('a garbage bearer token beside a valid AnonId still gets 401', async () => {
    const response = await server.request({
      url: '/v1/templates',
      headers: { ...bearer('garbage'), anonid: randomUUID() },
    });
    expect(response.statusCode).toBe(401);
  });

  it('an Authorization header that is not "Bearer {token}" (Basic x) gets 401', async () => {
    for (const authorization of ['Basic x', 'Bearer', 'Bearer a b']) {
      const response = await server.request({ url: '/v1/templates', headers: { authorization } });
      expect(response.statusCode, authorization).toBe(401);
      expect(expectErrorMessage(response)).toMatch(/Bearer/);
    }
  });
});

describe('flood protection', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with {errorMessage} on the 4th sign-in attempt in a minute', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statuses.push(
        (await signInRequest({ email, password: 'guess ' + attempt }, limited)).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401]);
    const fourth = await signInRequest({ email, password: 'guess 4' }, limited);
    expect(fourth.statusCode).toBe(429);
    expect(expectErrorMessage(fourth)).toMatch(/Too many requests/);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the sign-in limit does not slow down the rest of the API', async () => {
    // The sign-in budget of this client address is spent (previous test); other calls go on.
    const response = await limited.request({ url: '/v1/templates/library' });
    expect(response.statusCode).toBe(200);
  });
});
