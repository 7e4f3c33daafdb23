/**
 * The organiser app's game controls (docs/games.md "Game control"), as My Activities uses them:
 * pause, resume, end and a later end of a game, and an announcement to its phones, each with the
 * owner's sign-in (the live screens use the screen key instead, src/live/api.ts). And the
 * organiser's recent demo runs (docs/games.md "Recent demo runs"). Every call answers an
 * `ApiResult` with the server's own message on a refusal (a FREE game cannot run past its day).
 */
import type { Announcement, GameControl } from '../domain/games';
import type { DemoRun } from '../domain/demoRuns';
import type { ApiResult } from '../protocol/result';
import { apiCall, type ApiCredentials } from './client';
import { fetchGameStatus } from './games';

export type GameControlAction = 'pause' | 'resume' | 'end';

const gamePath = (gameId: string) => `/games/${encodeURIComponent(gameId)}`;

/** POST /games/{id}/pause | resume | end: the game as it now stands. */
export const controlOwnGame = (
  gameId: string,
  action: GameControlAction,
  credentials: ApiCredentials,
) => apiCall<GameControl>(`${gamePath(gameId)}/${action}`, { ...credentials, method: 'POST' });

/** PATCH /games/{id} {endsAt}: a new end, later or earlier than the present one. */
export const changeOwnGameEnd = (gameId: string, endsAt: Date, credentials: ApiCredentials) =>
  apiCall<GameControl>(gamePath(gameId), {
    ...credentials,
    method: 'PATCH',
    body: { endsAt: endsAt.toISOString() },
  });

/**
 * Moves the end `minutes` later than it is now on the server. The end is read afresh first: the
 * row's copy may be older than an extension made on the statistics screen, and adding to an old
 * end would shorten the game instead. Without a game status URL the row's end is used.
 */
export async function extendOwnGame(
  game: { gameId: string; gameStatusUrl?: string | null; endsAt: string },
  minutes: number,
  credentials: ApiCredentials,
): Promise<ApiResult<GameControl>> {
  let endsAt = Date.parse(game.endsAt);
  if (game.gameStatusUrl) {
    const status = await fetchGameStatus(game.gameStatusUrl, credentials);
    if (!status.ok) return status;
    if (status.data.endsAt) endsAt = Date.parse(status.data.endsAt);
  }
  return changeOwnGameEnd(game.gameId, new Date(endsAt + minutes * 60_000), credentials);
}

/** POST /games/{id}/announcements {text}: shown at once on every team's phone. */
export const announceToGame = (gameId: string, text: string, credentials: ApiCredentials) =>
  apiCall<Announcement>(`${gamePath(gameId)}/announcements`, { ...credentials, body: { text } });

/** GET /my_demo_games: the caller's demo runs of the last 24 hours, newest first. */
export const fetchRecentDemoRuns = (credentials: ApiCredentials) =>
  apiCall<DemoRun[]>('/my_demo_games', credentials);
