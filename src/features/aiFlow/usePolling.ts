/**
 * Calls `poll` every `intervalMs` (SPEC §9: 5 s) while `enabled`, the first time one interval
 * after it is enabled, until `poll` answers false or the component unmounts. A poll still in
 * flight when polling stops is told so through `active()`, so that it does not act on its answer.
 *
 * `wake` (optional) polls at once when word comes that the answer changed (an AI request's
 * event, docs/ai.md "Finished: the push"); the interval polls go on as before, the fallback when
 * no word comes. Polls never overlap: word that comes during a poll makes one more poll once it
 * has answered, and none at all once a poll has answered false, so a result is acted on once.
 */
import { useEffect, useRef } from 'react';
import { POLL_INTERVAL_MS } from '../../domain/constants';

export type PollTick = (active: () => boolean) => Promise<boolean>;

/** Subscribes `pollNow` to the word that the answer changed; answers a function that stops. */
export type PollWake = (pollNow: () => void) => () => void;

export interface PollingOptions {
  intervalMs?: number;
  /** Keep it stable (useMemo): another one starts the polling afresh. */
  wake?: PollWake | null;
}

export function usePolling(enabled: boolean, poll: PollTick, options: PollingOptions = {}) {
  const { intervalMs = POLL_INTERVAL_MS, wake = null } = options;
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  });

  useEffect(() => {
    if (!enabled) return;
    /** Unmounted or disabled. */
    let stopped = false;
    /** A poll answered false: nothing is asked again. */
    let finished = false;
    let polling = false;
    let again = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const active = () => !stopped && !finished;
    const schedule = () => {
      timer = setTimeout(pollNow, intervalMs);
    };
    function pollNow() {
      if (!active()) return;
      if (polling) {
        again = true;
        return;
      }
      clearTimeout(timer);
      polling = true;
      void latest
        .current(() => !stopped)
        .then(
          (more) => {
            polling = false;
            if (!more) finished = true;
            if (!active()) return;
            if (again) {
              again = false;
              pollNow();
            } else schedule();
          },
          (error: unknown) => {
            polling = false;
            finished = true;
            // A poll that throws is a bug, not a network failure (the api answers values).
            console.error('Polling stopped', error);
          },
        );
    }
    schedule();
    const unsubscribe = wake?.(pollNow);
    return () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe?.();
    };
  }, [enabled, intervalMs, wake]);
}
