/**
 * Sign-in and sign-up rules that hold against guessing (docs/auth.md): failed
 * sign-ins are limited per e-mail address as well as per client address, for unknown addresses
 * exactly as for known ones; sign-up refuses passwords that are easy to guess, with the reason in
 * plain words, and takes strong ones.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';
import { expectErrorMessage, json, signUp } from './support/clients';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const uniqueEmail = (local = 'organiser') => `${local}-${randomUUID().slice(0, 8)}@example.com`;
/** Each attempt from another address: the per-address limit is not what stops them. */
let addressCounter = 0;
const nextAddress = () => `198.51.100.${(addressCounter++ % 250) + 1}`;

const signIn = (email: string, password: string, remoteAddress = nextAddress()) =>
  server.request({
    method: 'POST',
    url: '/v1/auth/sign-in',
    payload: { email, password },
    remoteAddress,
  });

const FAILURES_PER_ACCOUNT = 10;
const WINDOW_SECONDS = 15 * 60;

describe('failed sign-ins per account (SIGN_IN_FAILURES_PER_ACCOUNT: 10 per 15 minutes)', () => {
  it('after 10 failed sign-ins for one e-mail address from any addresses, the next is 429 with Retry-After, even with the right password', async () => {
    const account = await signUp(server);
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i++) {
      expect((await signIn(account.email, `wrong guess ${i}`)).statusCode).toBe(401);
    }
    const refused = await signIn(account.email, account.password);
    expect(refused.statusCode).toBe(429);
    expect(expectErrorMessage(refused)).toBe(
      'Too many failed sign-ins for this e-mail address. Please wait 15 minutes and try again.',
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(json(refused)).not.toHaveProperty('token');

    // Another account is not held up.
    const other = await signUp(server);
    expect((await signIn(other.email, other.password)).statusCode).toBe(200);
  });

  it('limits an unknown e-mail address the same way, with the same answer (no account enumeration)', async () => {
    const known = await signUp(server);
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i++) {
      expect((await signIn(known.email, `guess ${i}`)).statusCode).toBe(401);
      expect((await signIn(unknown, `guess ${i}`)).statusCode).toBe(401);
    }
    const knownRefused = await signIn(known.email, 'guess again');
    const unknownRefused = await signIn(unknown, 'guess again');
    expect(unknownRefused.statusCode).toBe(429);
    expect(knownRefused.statusCode).toBe(429);
    expect(json(unknownRefused)).toEqual(json(knownRefused));
    expect(unknownRefused.headers['retry-after']).toBeDefined();
  });

  it('counts the e-mail address in any case as one account', async () => {
    const account = await signUp(server);
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i++) {
      const written = i % 2 === 0 ? account.email.toUpperCase() : account.email;
      expect((await signIn(written, `guess ${i}`)).statusCode).toBe(401);
    }
    expect((await signIn(account.email, account.password)).statusCode).toBe(429);
  });

  it('30 parallel wrong guesses for one account: exactly 10 are checked, 20 refused with 429', async () => {
    const account = await signUp(server);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(account.email, `parallel guess ${i}`)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FAILURES_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - FAILURES_PER_ACCOUNT);
  });

  it('does not count successful sign-ins as failures', async () => {
    const account = await signUp(server);
    for (let i = 0; i < FAILURES_PER_ACCOUNT - 1; i++) {
      expect((await signIn(account.email, `guess ${i}`)).statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      expect((await signIn(account.email, account.password)).statusCode).toBe(200);
    }
    expect((await signIn(account.email, 'the tenth guess')).statusCode).toBe(401);
    expect((await signIn(account.email, account.password)).statusCode).toBe(429);
  });

  it('takes its numbers from SIGN_IN_FAILURES_PER_ACCOUNT and SIGN_IN_FAILURE_WINDOW_MINUTES', async () => {
    const strict = await startTestServer({
      env: { SIGN_IN_FAILURES_PER_ACCOUNT: '2', SIGN_IN_FAILURE_WINDOW_MINUTES: '1' },
    });
    try {
      const email = uniqueEmail('strict');
      const attempt = () =>
        strict.request({
          method: 'POST',
          url: '/v1/auth/sign-in',
          payload: { email, password: 'a guess' },
        });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(expectErrorMessage(third)).toMatch(/wait 1 minute and/);
      expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(60);
    } finally {
      await strict.close();
    }
  });
});

describe('password policy at sign-up', () => {
  const signUpWith = (password: string, email = uniqueEmail('olive')) =>
    server.request({
      method: 'POST',
      url: '/v1/auth/sign-up',
      payload: { email, password, name: 'Olive Organiser' },
    });

  it.each<[string, string, RegExp]>([
    ['one of the most common passwords', 'password', /one of the most common passwords\./],
    ['a common password with a capital and a digit', 'Password1', /most common passwords/],
    ['a common password with a year', 'sunshine2024', /most common passwords with small changes/],
    ['a row of keys', 'asdfghjkl;', /row of keys on the keyboard/],
    ['a sequence', 'abcdefghij', /simple sequence/],
    ['one character repeated', 'aaaaaaaaaaaa', /repeats one character/],
    ['a repeated pattern', 'abcabcabcabc', /repeats a pattern/],
    ['a date', '12/05/1987x', /built on a date/],
    ['the name of its owner', 'organiser99', /your name, your e-mail address/],
    ['a common word and a year', 'summer2024!', /too short or too predictable/],
    ['too short', 'k9#Tq2', /at least 8 characters/],
  ])('refuses %s with 400 and the reason in plain words', async (_label, password, reason) => {
    const email = uniqueEmail('olive');
    const response = await signUpWith(password, email);
    expect(response.statusCode, response.body).toBe(400);
    const message = expectErrorMessage(response);
    expect(message).toMatch(reason);
    if (!/at least/.test(message)) {
      expect(message).toMatch(/^This password is too easy to guess: /);
    }
    // Nothing was created: the same address then signs up with a strong password.
    expect((await signUpWith('violet tugboat mosaic lantern', email)).statusCode).toBe(201);
  });

  it('refuses 128 characters of a repeated pattern, without holding up other requests', async () => {
    const slow = signUpWith('Ab1-'.repeat(32));
    // The estimate runs in a worker thread: the server answers meanwhile.
    const health = await server.request({ url: '/v1/health' });
    expect(health.statusCode).toBe(200);
    const response = await slow;
    expect(response.statusCode).toBe(400);
    expect(expectErrorMessage(response)).toMatch(/too easy to guess|could not be checked/);
  });

  it.each([
    'correct horse battery staple',
    'violet tugboat mosaic lantern',
    'k9#Tq2!xLm',
    'Marmalade-Orbit-47-Kettle',
  ])('accepts a strong password (%s)', async (password) => {
    const response = await signUpWith(password);
    expect(response.statusCode, response.body).toBe(201);
  });
});
