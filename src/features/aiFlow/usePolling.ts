/**
 * Calls `poll` every `intervalMs` (SPEC §9: 5 s) while `enabled`, the first time one interval
 * after it is enabled, until `poll` answers false or the component unmounts. A poll still in
 * flight when polling stops is told so through `active()`, so that it does not act on its answer.
 */
import { useEffect, useRef } from 'react';
import { POLL_INTERVAL_MS } from '../../domain/constants';

export type PollTick = (active: () => boolean) => Promise<boolean>;

export function usePolling(enabled: boolean, poll: PollTick, intervalMs = POLL_INTERVAL_MS) {
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  });

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const active = () => !stopped;
    const schedule = () => {
      timer = setTimeout(() => {
        void latest.current(active).then(
          (again) => {
            if (again && !stopped) schedule();
          },
          (error: unknown) => {
            // A poll that throws is a bug, not a network failure (the api answers values).
            console.error('Polling stopped', error);
          },
        );
      }, intervalMs);
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [enabled, intervalMs]);
}
