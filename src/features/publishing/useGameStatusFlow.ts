/**
 * The create-then-poll machine that the launch/demo dialog and the Schedule Activity dialog share
 * (SPEC §4): create the game (the call answers a gameStatusUrl), then poll its status every
 * POLL_INTERVAL_MS (the shared poll layer, src/api/usePolledRequest.ts) until the dialog's
 * condition holds (a code; publishedAt). Any failure stops in
 * the error state, which remembers which step failed so that "Try again?" can resume polling an
 * instance that already exists instead of creating a second one (a FREE plan's second launch
 * would be refused with 403).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchGameStatus } from '../../api/games';
import { usePolledRequest } from '../../api/usePolledRequest';
import { useApiCredentials } from '../../auth/session';
import { POLL_INTERVAL_MS } from '../../domain/constants';
import type { GameStatus, GameStatusUrlResponse } from '../../domain/schemas';
import { isUnreachable, type ApiResult } from '../../protocol/result';

export type GameFlowStep = 'create' | 'poll';

export type GameFlowState =
  | { stage: 'idle' }
  | { stage: 'creating' }
  | { stage: 'polling'; gameStatusUrl: string }
  | { stage: 'done'; gameStatusUrl: string; status: GameStatus }
  | {
      stage: 'error';
      step: GameFlowStep;
      /**
       * The refusal's HTTP status; null when there is none: no answer came (then `offline`), or
       * the game was created but its answer named no status URL.
       */
      httpStatus: number | null;
      /** The server's own words (e.g. a 403's plan message), or the client's. */
      errorMessage: string;
      offline: boolean;
      /** Set when the game exists and only its status could not be read. */
      gameStatusUrl: string | null;
    };

export type CreateGame = () => Promise<ApiResult<GameStatusUrlResponse>>;

export interface GameStatusFlowOptions {
  /** When polling stops: a code for a launch or demo, publishedAt for a schedule. */
  isDone: (status: GameStatus) => boolean;
  onDone?: (status: GameStatus) => void;
  pollIntervalMs?: number;
}

export interface GameStatusFlow {
  state: GameFlowState;
  /** Creates the game and polls it. Ignored when already started since the last reset. */
  startOnce: (create: CreateGame) => void;
  /** Creates the game and polls it, dropping any earlier run. */
  start: (create: CreateGame) => void;
  /** "Try again?": polls the existing game again, or creates it again when there is none. */
  retry: (create: CreateGame) => void;
  /** Stops any call in flight from landing and returns to idle. */
  reset: () => void;
  /** Stops polling but keeps what is on screen (a dialog fading out after "Close"). */
  stop: () => void;
}

const IDLE: GameFlowState = { stage: 'idle' };

export function useGameStatusFlow({
  isDone,
  onDone,
  pollIntervalMs = POLL_INTERVAL_MS,
}: GameStatusFlowOptions): GameStatusFlow {
  const credentials = useApiCredentials();
  const [state, setState] = useState<GameFlowState>(IDLE);
  /** The game being polled, and by which run; null when nothing is. */
  const [polling, setPolling] = useState<{ run: number; gameStatusUrl: string } | null>(null);

  // The latest props, read by calls that were started by an earlier render.
  const latest = useRef({ credentials, isDone, onDone });
  useEffect(() => {
    latest.current = { credentials, isDone, onDone };
  });

  // Each run has a number; a reply from an older run (closed, reset, retried) is dropped.
  const runRef = useRef(0);
  const startedRef = useRef(false);
  const mountedRef = useRef(false);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      // No run bump here: React's development double mount must not cancel the first create.
      mountedRef.current = false;
    };
  }, []);

  const current = useCallback((run: number) => runRef.current === run && mountedRef.current, []);

  // The polling itself is the shared layer's: a failure or the dialog's condition ends it.
  usePolledRequest<GameStatus>({
    enabled: polling !== null,
    restartKey: polling?.run,
    intervalMs: pollIntervalMs,
    request: () => fetchGameStatus(polling!.gameStatusUrl, latest.current.credentials),
    isFinal: (result) => !result.ok || latest.current.isDone(result.data),
    onResult: (result) => {
      const gameStatusUrl = polling!.gameStatusUrl;
      if (!result.ok) {
        setState({
          stage: 'error',
          step: 'poll',
          httpStatus: result.error.status,
          errorMessage: result.error.message,
          offline: isUnreachable(result.error),
          gameStatusUrl,
        });
      } else if (latest.current.isDone(result.data)) {
        setState({ stage: 'done', gameStatusUrl, status: result.data });
        latest.current.onDone?.(result.data);
      }
    },
  });

  const pollGame = useCallback((run: number, gameStatusUrl: string) => {
    setState({ stage: 'polling', gameStatusUrl });
    setPolling({ run, gameStatusUrl });
  }, []);

  const create = useCallback(
    async (createGame: CreateGame) => {
      const run = ++runRef.current;
      setPolling(null);
      setState({ stage: 'creating' });
      const result = await createGame();
      if (!current(run)) return;
      if (!result.ok || typeof result.data?.gameStatusUrl !== 'string') {
        setState({
          stage: 'error',
          step: 'create',
          ...(result.ok
            ? { httpStatus: null, errorMessage: '', offline: false }
            : {
                httpStatus: result.error.status,
                errorMessage: result.error.message,
                offline: isUnreachable(result.error),
              }),
          gameStatusUrl: null,
        });
        return;
      }
      pollGame(run, result.data.gameStatusUrl);
    },
    [current, pollGame],
  );

  const startOnce = useCallback(
    (createGame: CreateGame) => {
      if (startedRef.current) return;
      startedRef.current = true;
      void create(createGame);
    },
    [create],
  );

  const start = useCallback(
    (createGame: CreateGame) => {
      startedRef.current = true;
      void create(createGame);
    },
    [create],
  );

  const retry = useCallback(
    (createGame: CreateGame) => {
      startedRef.current = true;
      if (state.stage === 'error' && state.gameStatusUrl !== null) {
        pollGame(++runRef.current, state.gameStatusUrl);
        return;
      }
      void create(createGame);
    },
    [state, create, pollGame],
  );

  const reset = useCallback(() => {
    runRef.current++;
    startedRef.current = false;
    setPolling(null);
    setState(IDLE);
  }, []);

  const stop = useCallback(() => {
    runRef.current++;
    setPolling(null);
  }, []);

  return useMemo(
    () => ({ state, startOnce, start, retry, reset, stop }),
    [state, startOnce, start, retry, reset, stop],
  );
}
