/**
 * Failed sign-ins per account (docs/auth.md "Sign-in limits"): besides the per-address limit of
 * the API's rate limiter, an e-mail address takes at most `max` failed sign-ins in a sliding
 * window, whoever sends them. Unknown addresses are counted exactly like known ones, so the
 * answer never tells whether an account exists.
 *
 * An attempt takes its place in the window before the password is checked (so that parallel
 * guesses cannot all pass the check at once) and gives it back if it succeeds or fails for
 * another reason than a wrong password.
 *
 * This instance's attempts are kept exactly (a time each); with several instances they are also
 * counted in `shared` (limits/sharedCounts.ts) per e-mail address and time bucket of
 * windowMs / BUCKETS_PER_WINDOW, so that failures spread over the instances add up. Another
 * instance's attempt counts until its bucket has wholly left the window: up to one bucket (a
 * minute of the default 15) longer than this instance's own, never shorter.
 */
import { createHash } from 'node:crypto';
import type { SharedCounts } from '../limits/sharedCounts';

/** Addresses tracked at once; beyond it the oldest are dropped (each holds at most `max` times). */
const MAX_TRACKED_ACCOUNTS = 100_000;
/** Buckets the window is shared in: one key per address and bucket, a minute of 15 apiece. */
const BUCKETS_PER_WINDOW = 15;
const MIN_BUCKET_MS = 1000;

export interface SignInAttempt {
  /** The password was wrong (or the account unknown): the attempt stays counted. */
  failed(): void;
  /** Signed in, or refused for another reason: the attempt is not counted. */
  cancel(): void;
}

export type SignInAdmission =
  { allowed: true; attempt: SignInAttempt } | { allowed: false; retryAfterSeconds: number };

export interface SignInAttemptLimiter {
  admit(email: string, now?: number): SignInAdmission;
}

export function createSignInAttemptLimiter(options: {
  max: number;
  windowMs: number;
  /** The counts shared with other instances; without it only this instance's attempts count. */
  shared?: SharedCounts;
}): SignInAttemptLimiter {
  const { max, windowMs, shared } = options;
  const bucketMs = Math.max(MIN_BUCKET_MS, Math.ceil(windowMs / BUCKETS_PER_WINDOW));
  const bucketOf = (time: number) => time - (time % bucketMs);
  /** The e-mail address goes to the database hashed: the table is read by every instance. */
  const sharedKey = (key: string, bucket: number) =>
    `signin:${createHash('sha256').update(key).digest('base64url')}:${bucket}`;
  /** When a bucket's last attempt has left the window. */
  const bucketLeaves = (bucket: number) => bucket + bucketMs + windowMs;

  /** The other instances' attempts still in the window: [when they leave it, how many]. */
  const othersOf = (key: string, now: number): [number, number][] => {
    if (!shared) return [];
    const found: [number, number][] = [];
    for (let bucket = bucketOf(now - windowMs); bucket <= now; bucket += bucketMs) {
      const count = shared.others(sharedKey(key, bucket));
      if (count > 0 && bucketLeaves(bucket) > now) found.push([bucketLeaves(bucket), count]);
    }
    return found;
  };

  /** How long until fewer than `max` attempts are left in the window. */
  const waitSeconds = (times: number[], others: [number, number][], now: number) => {
    const leaving = [...times.map((time): [number, number] => [time + windowMs, 1]), ...others];
    leaving.sort((a, b) => a[0] - b[0]);
    let left = leaving.reduce((sum, [, count]) => sum + count, 0);
    let until = now;
    for (const [leaves, count] of leaving) {
      if (left < max) break;
      left -= count;
      until = leaves;
    }
    return Math.max(1, Math.ceil((until - now) / 1000));
  };
  /** Per normalised e-mail address: when its counted attempts were made, oldest first. */
  const attempts = new Map<string, number[]>();

  const recent = (key: string, now: number): number[] => {
    const times = (attempts.get(key) ?? []).filter((time) => time > now - windowMs);
    if (times.length === 0) attempts.delete(key);
    else attempts.set(key, times);
    return times;
  };

  const makeRoom = (now: number) => {
    if (attempts.size < MAX_TRACKED_ACCOUNTS) return;
    for (const key of attempts.keys()) recent(key, now);
    while (attempts.size >= MAX_TRACKED_ACCOUNTS) {
      attempts.delete(attempts.keys().next().value!);
    }
  };

  return {
    admit(email, now = Date.now()) {
      const key = email.trim().toLowerCase();
      const times = recent(key, now);
      const others = othersOf(key, now);
      const counted = times.length + others.reduce((sum, [, count]) => sum + count, 0);
      if (counted >= max) {
        return { allowed: false, retryAfterSeconds: waitSeconds(times, others, now) };
      }
      if (times.length === 0) makeRoom(now);
      // Re-inserted so that the Map's order is the order of last use (the oldest go first).
      attempts.delete(key);
      attempts.set(key, [...times, now]);
      const bucket = bucketOf(now);
      shared?.add(sharedKey(key, bucket), 1, bucketLeaves(bucket));
      let settled = false;
      return {
        allowed: true,
        attempt: {
          failed: () => {
            settled = true;
          },
          cancel: () => {
            if (settled) return;
            settled = true;
            shared?.add(sharedKey(key, bucket), -1, bucketLeaves(bucket));
            const current = attempts.get(key);
            const index = current?.indexOf(now) ?? -1;
            if (!current || index < 0) return;
            current.splice(index, 1);
            if (current.length === 0) attempts.delete(key);
          },
        },
      };
    },
  };
}

/** The refusal: the same for every address, known or not. */
export function tooManySignInsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-ins for this e-mail address. Please wait ${minutes} minute${
    minutes === 1 ? '' : 's'
  } and try again.`;
}
