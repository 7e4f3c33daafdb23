/** A game's scoreboard, live: reads, then applies stream events (state/scoreboardState.ts). */
import { useCallback } from 'react';
import { fetchScoreboard, eventsUrl, type ApiResult, type LiveView } from '../api';
import { decodeLiveEvent } from '../state/events';
import {
  applyScoreboardEvent,
  scoreboardState,
  type ScoreboardState,
} from '../state/scoreboardState';
import { useLiveResource, type LiveResourceHandle } from '../state/useLiveResource';
import type { LiveRoute } from '../routes';

/** A read replaces what we have, unless an event already brought something newer. */
function mergeRead(current: ScoreboardState | null, loaded: ScoreboardState): ScoreboardState {
  if (!current) return loaded;
  return applyScoreboardEvent(current, { type: 'scoreboard', scoreboard: loaded.scoreboard }).state;
}

export function applyStreamEvent(
  name: string,
  data: string,
  handle: LiveResourceHandle<ScoreboardState>,
  also?: (name: string, state: ScoreboardState) => void,
) {
  const current = handle.current();
  if (!current) return;
  const { state, stale } = applyScoreboardEvent(current, decodeLiveEvent(name, data));
  if (state !== current) handle.set(state);
  if (stale) handle.reload();
  also?.(name, state);
}

export function useScoreboard(
  route: Pick<LiveRoute, 'gameId' | 'key'>,
  /** Told of every event after it is applied (the presentation reads its photos again). */
  onAnyEvent?: (name: string, state: ScoreboardState) => void,
  /** The room's screens take the stream that carries nothing hidden or rejected. */
  view: LiveView = 'presentation',
) {
  const { gameId, key } = route;
  const load = useCallback(async (): Promise<ApiResult<ScoreboardState>> => {
    const result = await fetchScoreboard(gameId, key);
    return result.ok ? { ok: true, data: scoreboardState(result.data) } : result;
  }, [gameId, key]);
  return useLiveResource<ScoreboardState>({
    load,
    eventsUrl: eventsUrl(gameId, key, view),
    merge: mergeRead,
    onEvent: (name, data, handle) => applyStreamEvent(name, data, handle, onAnyEvent),
  });
}
