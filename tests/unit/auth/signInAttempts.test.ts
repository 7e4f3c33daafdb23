/**
 * The per-account count of failed sign-ins (server/services/auth/signInAttempts.ts): a sliding
 * window, attempts counted before the password is checked and given back when they did not
 * fail, and a Retry-After that says when the oldest failure leaves the window.
 */
import { describe, expect, it } from 'vitest';
import {
  createSignInAttemptLimiter,
  tooManySignInsMessage,
} from '../../../server/services/auth/signInAttempts';
import { addressForLimits } from '../../../server/services/auth/clientAddress';

const MINUTE = 60_000;

function fail(limiter: ReturnType<typeof createSignInAttemptLimiter>, email: string, now: number) {
  const admission = limiter.admit(email, now);
  if (!admission.allowed) throw new Error('refused');
  admission.attempt.failed();
}

describe('failed sign-ins per account', () => {
  it('refuses the attempt after max failures within the window, and says when to try again', () => {
    const limiter = createSignInAttemptLimiter({ max: 3, windowMs: 15 * MINUTE });
    fail(limiter, 'a@example.com', 0);
    fail(limiter, 'a@example.com', 1 * MINUTE);
    fail(limiter, 'a@example.com', 2 * MINUTE);
    const refused = limiter.admit('a@example.com', 5 * MINUTE);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 10 * 60 });
  });

  it('lets attempts in again as the oldest failures leave the window (sliding, not fixed)', () => {
    const limiter = createSignInAttemptLimiter({ max: 2, windowMs: 15 * MINUTE });
    fail(limiter, 'a@example.com', 0);
    fail(limiter, 'a@example.com', 10 * MINUTE);
    expect(limiter.admit('a@example.com', 14 * MINUTE).allowed).toBe(false);
    // The first failure has left the window; the second has not.
    fail(limiter, 'a@example.com', 15 * MINUTE + 1);
    expect(limiter.admit('a@example.com', 16 * MINUTE)).toEqual({
      allowed: false,
      retryAfterSeconds: 9 * 60,
    });
  });

  it('counts an attempt as soon as it is admitted, so parallel guesses cannot all pass', () => {
    const limiter = createSignInAttemptLimiter({ max: 2, windowMs: MINUTE });
    const first = limiter.admit('a@example.com', 0);
    const second = limiter.admit('a@example.com', 0);
    const third = limiter.admit('a@example.com', 0);
    expect([first.allowed, second.allowed, third.allowed]).toEqual([true, true, false]);
  });

  it('gives a cancelled attempt back (signed in, or refused for another reason)', () => {
    const limiter = createSignInAttemptLimiter({ max: 1, windowMs: MINUTE });
    const admission = limiter.admit('a@example.com', 0);
    if (!admission.allowed) throw new Error('refused');
    admission.attempt.cancel();
    expect(limiter.admit('a@example.com', 1).allowed).toBe(true);
  });

  it('treats the e-mail address in any case and with spaces as one account, and others apart', () => {
    const limiter = createSignInAttemptLimiter({ max: 1, windowMs: MINUTE });
    fail(limiter, 'Olive@Example.com ', 0);
    expect(limiter.admit('olive@example.com', 1).allowed).toBe(false);
    expect(limiter.admit('other@example.com', 1).allowed).toBe(true);
  });

  it('words the refusal in whole minutes', () => {
    expect(tooManySignInsMessage(900)).toBe(
      'Too many failed sign-ins for this e-mail address. Please wait 15 minutes and try again.',
    );
    expect(tooManySignInsMessage(30)).toMatch(/wait 1 minute and/);
  });
});

describe('the client address as the limits count it', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b:1:2::1.2.3.4', '64:ff9b:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (ip, expected) => {
    expect(addressForLimits(ip)).toBe(expected);
  });
});
