/**
 * The one request-then-poll of the browser programs, for what is not in the local database (an
 * AI request's status, a new game's status, a live screen's data, the worker's conflict log):
 * ask, ask again every `intervalMs` until an answer is final, and keep `{data, error, isLoading}`.
 * With `intervalMs: null` it is the one-off read too (the sample game, the join address, a team's
 * earlier points): asked once, again on `refresh()` or a new `restartKey`, and again by itself
 * while no answer comes at all (the server down, the network gone: ONE_OFF_RETRY_MS, and at once
 * when the browser is back online), so that a screen opened offline fills in once the server is
 * back, as its "keeps trying" message says. A refusal is not asked again: it would be refused again.
 *
 * - Polls never overlap: a poll asked for while one is in flight (a wake-up, `refresh()`) runs
 *   once after it has been handled, and not at all once that answer was final, so a final
 *   answer is acted on once.
 * - `wake` polls at once when word comes that the answer changed (an event stream); the interval
 *   stays as the fallback for when no word comes.
 * - While the browser says it is offline the interval asks nothing (a request could only fail);
 *   the poll it skipped runs as soon as the browser is back online.
 * - Disabling, a new `restartKey` or unmounting stops it: an answer still on its way is dropped,
 *   so nothing updates state after the component is gone.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { POLL_INTERVAL_MS } from '../domain/constants';
import type { ApiError, ApiResult } from '../protocol/result';

/** Subscribes `pollNow` to the word that the answer changed; answers a function that stops. */
export type PollWake = (pollNow: () => void) => () => void;

export interface PolledRequestOptions<T> {
  /** The call. It answers a result and does not throw; the latest one given is used. */
  request: () => Promise<ApiResult<T>>;
  /** Nothing is asked while false (default true). */
  enabled?: boolean;
  /** Between polls (default POLL_INTERVAL_MS); null asks only once, on `wake` and `refresh()`. */
  intervalMs?: number | null;
  /** 'now' (default) asks at once; 'afterInterval' waits one interval first. */
  firstRequest?: 'now' | 'afterInterval';
  /** This answer ends the polling: nothing more is asked, wake-ups included (default: none). */
  isFinal?: (result: ApiResult<T>) => boolean;
  /** Whether the interval goes on after this answer (default true); wake-ups still ask. */
  keepPolling?: (result: ApiResult<T>) => boolean;
  /**
   * Acts on each answer before anything more is asked. `active()` turns false once the polling
   * is stopped (unmounted, disabled, restarted): an await in between must check it.
   */
  onResult?: (result: ApiResult<T>, active: () => boolean) => void | Promise<void>;
  /** Keep it stable (useMemo): another one starts the polling afresh. */
  wake?: PollWake | null;
  /** Another value starts afresh, with the state cleared (a new URL, a new run). */
  restartKey?: unknown;
  /** Skip interval polls while the browser is offline (default true); off for local reads. */
  pauseWhileOffline?: boolean;
}

export interface PolledRequest<T> {
  /** The last data answered, kept through later failures; null before the first. */
  data: T | null;
  /** The last answer's error; null once an answer succeeds. */
  error: ApiError | null;
  /** Enabled and no answer yet. */
  isLoading: boolean;
  /** A final answer came: nothing more is asked. */
  isFinal: boolean;
  /** Asks now (after the poll in flight, if any); resolves once that answer has been handled. */
  refresh: () => Promise<void>;
}

interface Snapshot<T> {
  key: unknown;
  data: T | null;
  error: ApiError | null;
  answered: boolean;
  isFinal: boolean;
}

/** The pauses before a one-off read that got no answer asks again; the last one repeats. */
export const ONE_OFF_RETRY_MS = [2_000, 4_000, 8_000, 15_000, 30_000] as const;

/** No answer yet for any key: the first render shows the empty state. */
const NOTHING_YET = Symbol('nothing yet');

const browserIsOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function usePolledRequest<T>(options: PolledRequestOptions<T>): PolledRequest<T> {
  const {
    enabled = true,
    intervalMs = POLL_INTERVAL_MS,
    firstRequest = 'now',
    wake = null,
    restartKey = null,
    pauseWhileOffline = true,
  } = options;
  // Layout effects, both: the first request goes out in the commit that enabled it (a screen
  // that shows "polling" has asked), and it reads the options of that very render.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const [snapshot, setSnapshot] = useState<Snapshot<T>>({
    key: NOTHING_YET,
    data: null,
    error: null,
    answered: false,
    isFinal: false,
  });
  const pollNowRef = useRef<() => Promise<void>>(() => Promise.resolve());

  useLayoutEffect(() => {
    if (!enabled) return;
    /** Unmounted, disabled or restarted: answers are dropped. */
    let stopped = false;
    /** A final answer came: nothing is asked again. */
    let finished = false;
    let polling = false;
    /** Who waits for the poll asked for while one was in flight; null when none was asked. */
    let queued: (() => void)[] | null = null;
    /** An interval poll fell while offline: it runs when the browser is back online. */
    let missed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** One-off reads: how many in a row got no answer (the next pause's index). */
    let unanswered = 0;
    const live = () => !stopped && !finished;

    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(tick, ms);
    };
    function tick() {
      if (pauseWhileOffline && browserIsOffline()) {
        missed = true;
        return;
      }
      void pollNow();
    }

    function pollNow(): Promise<void> {
      if (!live()) return Promise.resolve();
      if (polling) return new Promise((resolve) => (queued ??= []).push(resolve));
      clearTimeout(timer);
      missed = false;
      polling = true;
      return run();
    }

    async function run(): Promise<void> {
      let result: ApiResult<T> | null = null;
      try {
        result = await latest.current.request();
        if (!stopped) {
          const answer = result;
          const final = latest.current.isFinal?.(answer) ?? false;
          if (final) finished = true;
          setSnapshot((previous) => ({
            key: restartKey,
            data: answer.ok ? answer.data : previous.key === restartKey ? previous.data : null,
            error: answer.ok ? null : answer.error,
            answered: true,
            isFinal: final,
          }));
          await latest.current.onResult?.(answer, () => !stopped);
        }
      } catch (error) {
        // A call that throws is a bug, not a network failure (the calls answer values).
        finished = true;
        console.error('Polling stopped', error);
      }
      polling = false;
      const waiting = queued;
      queued = null;
      if (!live() || result === null) {
        waiting?.forEach((resolve) => resolve());
        return;
      }
      if (waiting) {
        void pollNow().then(() => waiting.forEach((resolve) => resolve()));
        return;
      }
      if (intervalMs !== null) {
        if (latest.current.keepPolling?.(result) ?? true) schedule(intervalMs);
      } else if (!result.ok && result.error.status === null) {
        schedule(ONE_OFF_RETRY_MS[Math.min(unanswered, ONE_OFF_RETRY_MS.length - 1)]!);
        unanswered += 1;
      } else {
        unanswered = 0;
      }
    }

    const onOnline = () => {
      if (missed) void pollNow();
    };
    if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
    pollNowRef.current = pollNow;
    if (firstRequest === 'now') void pollNow();
    else if (intervalMs !== null) schedule(intervalMs);
    const unsubscribe = wake?.(() => void pollNow());

    return () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe?.();
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      pollNowRef.current = () => Promise.resolve();
      const waiting = queued;
      queued = null;
      waiting?.forEach((resolve) => resolve());
    };
  }, [enabled, intervalMs, firstRequest, wake, restartKey, pauseWhileOffline]);

  const refresh = useCallback(() => pollNowRef.current(), []);
  const current = snapshot.key === restartKey ? snapshot : null;
  return {
    data: current?.data ?? null,
    error: current?.error ?? null,
    isLoading: enabled && !current?.answered,
    isFinal: current?.isFinal ?? false,
    refresh,
  };
}
