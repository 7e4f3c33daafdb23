/**
 * Keeps a screen that follows the local database out of the way of the tab's own writes
 * (keystroke→durable). Every builder field writes each keystroke at once, and each
 * write comes back as a new version of the whole template; rendering the builder for every one
 * of them (the echo of our own typing, and the sync worker's bookkeeping writes in between) kept
 * the main thread so busy that the next keystroke's write waited behind renders and paints.
 *
 * So a new version is passed on at once when it is the first in a while (a change from another
 * tab or device shows without delay), and otherwise at most once per `intervalMs`, and only
 * while nothing typed in this tab is being written (`pendingLocalWrites`): the render starts
 * right after a write has landed instead of beside it. `maxWaitMs` bounds the wait when the
 * writes never pause. The latest version always comes through; those in between are skipped
 * (the fields show their own drafts meanwhile, and take a stored value only once their own
 * writes have landed, whatever versions they saw before: TemplateFields.tsx, useStepDraft.ts).
 */
import { Observable, type MonoTypeOperatorFunction } from 'rxjs';
import { onPendingChange, pendingLocalWrites } from '../pendingWrites';

export interface BehindLocalWritesOptions {
  /** The least time between two versions passed on while they come fast. */
  intervalMs: number;
  /** The most a version waits for the tab's writes to pause. */
  maxWaitMs: number;
  /** Milliseconds of a monotonic clock (tests give their own). */
  now?: () => number;
}

export function behindLocalWrites<T>({
  intervalMs,
  maxWaitMs,
  now = () => performance.now(),
}: BehindLocalWritesOptions): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let latest: { value: T } | null = null;
      let passedAt = Number.NEGATIVE_INFINITY;
      let timer: ReturnType<typeof setTimeout> | null = null;

      const pass = () => {
        if (latest === null) return;
        const { value } = latest;
        latest = null;
        passedAt = now();
        if (timer !== null) clearTimeout(timer);
        timer = null;
        subscriber.next(value);
      };
      const consider = () => {
        if (latest === null) return;
        const since = now() - passedAt;
        if (since >= maxWaitMs || (since >= intervalMs && pendingLocalWrites() === 0)) {
          pass();
          return;
        }
        // Wait for the interval, then for the writes to pause (onPendingChange), at most maxWait.
        if (timer !== null) return;
        const wait = (since < intervalMs ? intervalMs : maxWaitMs) - since;
        timer = setTimeout(() => {
          timer = null;
          consider();
        }, wait);
      };

      const stopListening = onPendingChange(() => {
        if (pendingLocalWrites() === 0) consider();
      });
      const subscription = source.subscribe({
        next(value) {
          latest = { value };
          consider();
        },
        error(error: unknown) {
          subscriber.error(error);
        },
        complete() {
          pass();
          subscriber.complete();
        },
      });
      return () => {
        subscription.unsubscribe();
        stopListening();
        if (timer !== null) clearTimeout(timer);
      };
    });
}
