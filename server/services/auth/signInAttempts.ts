/**
 * Failed sign-ins per account (docs/auth.md "Sign-in limits"): besides the per-address limit of
 * the API's rate limiter, an e-mail address takes at most `max` failed sign-ins in a sliding
 * window, whoever sends them. Unknown addresses are counted exactly like known ones, so the
 * answer never tells whether an account exists.
 *
 * An attempt takes its place in the window before the password is checked (so that parallel
 * guesses cannot all pass the check at once) and gives it back if it succeeds or fails for
 * another reason than a wrong password. Kept in this process's memory, like the rate limiter's
 * counts: with several instances, each counts its own.
 */

/** Addresses tracked at once; beyond it the oldest are dropped (each holds at most `max` times). */
const MAX_TRACKED_ACCOUNTS = 100_000;

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
}): SignInAttemptLimiter {
  const { max, windowMs } = options;
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
      if (times.length >= max) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((times[0]! + windowMs - now) / 1000)),
        };
      }
      if (times.length === 0) makeRoom(now);
      // Re-inserted so that the Map's order is the order of last use (the oldest go first).
      attempts.delete(key);
      attempts.set(key, [...times, now]);
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
