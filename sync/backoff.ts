/** Exponential back-off with full jitter (the delay is random in [0, cap]), so that many clients
 * coming back online at once do not hit the server in lockstep. */
import type { SyncTiming } from './constants';

export function backoffDelay(
  attempt: number,
  timing: Pick<SyncTiming, 'backoffBaseMs' | 'backoffMaxMs'>,
  random: () => number = Math.random,
): number {
  const cap = Math.min(timing.backoffMaxMs, timing.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  // Never zero: a failing server should not be retried in a tight loop.
  return Math.max(timing.backoffBaseMs / 4, Math.round(random() * cap));
}
