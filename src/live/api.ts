/**
 * The live screens' calls (docs/games.md "Live screens"). Every call carries the screen key as
 * ?key= and resolves to {ok, data} or {ok: false, error}; none throws, so screens can show the
 * server's own message (a wrong key or an unknown game is 404 {errorMessage}).
 */
import { z } from 'zod';
import { browserTimeZone } from '../api/client';
import type { ApiError, ApiResult } from '../protocol/result';
import {
  announcementSchema,
  gameControlSchema,
  scoreboardSchema,
  scoreAdjustmentListSchema,
  scoreAdjustmentResultSchema,
  statisticsSchema,
  submissionSchema,
  teamSchema,
  type Announcement,
  type GameControl,
  type JudgeRequest,
  type ScoreAdjustmentList,
  type ScoreAdjustmentRequest,
  type ScoreAdjustmentResult,
  type Scoreboard,
  type Statistics,
  type Submission,
  type Team,
  type TeamRenameRequest,
} from '../domain/games';

/** The live screens' name for an error: the shared one (src/protocol/result.ts). */
export type LiveError = ApiError;
export type { ApiResult };
export { isPermanent } from '../protocol/result';

export const NETWORK_ERROR_MESSAGE =
  'The server cannot be reached. Check the connection; the screen keeps trying.';
const UNEXPECTED_ANSWER_MESSAGE = 'The server sent an answer this screen does not understand.';

/**
 * `/v1/games/{gameId}/{path}?key={key}`: the key goes on every call, the event stream too. An
 * empty path is the game itself (`PATCH /v1/games/{gameId}`).
 */
export function liveApiUrl(gameId: string, path: string, key: string | null): string {
  const game = `/v1/games/${encodeURIComponent(gameId)}`;
  const base = path === '' ? game : `${game}/${path}`;
  return key === null ? base : `${base}?key=${encodeURIComponent(key)}`;
}

/**
 * Who reads: the organiser's own screen (everything), or a screen the room sees (the
 * presentation, the scoreboard), which the server sends nothing the organiser hid or rejected.
 */
export type LiveView = 'organiser' | 'presentation';
const inView = (url: string, view: LiveView): string =>
  view === 'presentation' ? `${url}${url.includes('?') ? '&' : '?'}view=presentation` : url;

export const scoreboardUrl = (gameId: string, key: string | null) =>
  liveApiUrl(gameId, 'scoreboard', key);
export const statisticsUrl = (gameId: string, key: string | null, view: LiveView = 'organiser') =>
  inView(liveApiUrl(gameId, 'statistics', key), view);
export const eventsUrl = (gameId: string, key: string | null, view: LiveView = 'organiser') =>
  inView(liveApiUrl(gameId, 'events', key), view);
/** The results as CSV, one row per team and task ("Export CSV"). */
export const statisticsCsvUrl = (gameId: string, key: string | null) =>
  liveApiUrl(gameId, 'statistics.csv', key);
/** Every photo and video, in a folder per team ("Download photos and videos"). */
export const mediaZipUrl = (gameId: string, key: string | null) =>
  liveApiUrl(gameId, 'media.zip', key);
export const submissionUrl = (gameId: string, submissionId: string, key: string | null) =>
  liveApiUrl(gameId, `submissions/${encodeURIComponent(submissionId)}`, key);

/** The QR code image of a game's player address (public: it shows only the code). */
export const qrCodeUrl = (code: string) => `/v1/qr/${encodeURIComponent(code)}.png`;

async function errorOf(response: Response): Promise<LiveError> {
  let message = `The server answered ${response.status} ${response.statusText}`.trim() + '.';
  try {
    const body: unknown = await response.json();
    if (
      body &&
      typeof body === 'object' &&
      'errorMessage' in body &&
      typeof body.errorMessage === 'string' &&
      body.errorMessage.trim() !== ''
    ) {
      message = body.errorMessage;
    }
  } catch {
    // Not JSON (a proxy's error page): the status line is the best there is.
  }
  return { status: response.status, message };
}

/** The answer's body is checked against `schema`; null: the answer has none (204) and is null. */
async function request<T>(
  url: string,
  schema: z.ZodType<T> | null,
  init?: RequestInit,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init?.headers },
      cache: 'no-store',
    });
  } catch {
    return { ok: false, error: { status: null, message: NETWORK_ERROR_MESSAGE } };
  }
  if (!response.ok) return { ok: false, error: await errorOf(response) };
  if (schema === null) return { ok: true, data: null as T };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, error: { status: response.status, message: UNEXPECTED_ANSWER_MESSAGE } };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.warn('Unexpected answer from', url, parsed.error.issues);
    return { ok: false, error: { status: response.status, message: UNEXPECTED_ANSWER_MESSAGE } };
  }
  return { ok: true, data: parsed.data };
}

export const fetchScoreboard = (
  gameId: string,
  key: string | null,
): Promise<ApiResult<Scoreboard>> => request(scoreboardUrl(gameId, key), scoreboardSchema);

export const fetchStatistics = (
  gameId: string,
  key: string | null,
  view: LiveView = 'organiser',
): Promise<ApiResult<Statistics>> => request(statisticsUrl(gameId, key, view), statisticsSchema);

/** The judged submission, bare or wrapped ({submission}); null when the answer carries neither. */
const judgedSubmissionSchema = z.unknown().transform((body): Submission | null => {
  const candidates = [
    body,
    body && typeof body === 'object' ? Reflect.get(body, 'submission') : null,
  ];
  for (const candidate of candidates) {
    const parsed = submissionSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return null;
});

/**
 * Judging: reject or restore a submission, set its points (null: back to the original), or hide
 * it from the presentation (or show it again).
 * Resolves to the submission as the server now has it, or null when the answer does not carry it
 * (the caller then keeps its own reckoning until the next read).
 */
export const judgeSubmission = (
  gameId: string,
  submissionId: string,
  key: string | null,
  change: JudgeRequest,
): Promise<ApiResult<Submission | null>> =>
  request(submissionUrl(gameId, submissionId, key), judgedSubmissionSchema, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(change),
  });

/** An announcement to every team's phone (docs/games.md "Announcements"). */
export const postAnnouncement = (
  gameId: string,
  key: string | null,
  text: string,
): Promise<ApiResult<Announcement>> =>
  request(liveApiUrl(gameId, 'announcements', key), announcementSchema, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });

export type GameControlAction = 'end' | 'pause' | 'resume';

/** Game control (docs/games.md): end now, pause, resume. Resolves to the game as it now stands. */
export const controlGame = (
  gameId: string,
  key: string | null,
  action: GameControlAction,
): Promise<ApiResult<GameControl>> =>
  request(liveApiUrl(gameId, action, key), gameControlSchema, { method: 'POST' });

/** A new end for the game, later or earlier; the plan's "day" is the organiser's time zone. */
export function changeGameEnd(
  gameId: string,
  key: string | null,
  endsAt: Date,
): Promise<ApiResult<GameControl>> {
  const timeZone = browserTimeZone();
  return request(liveApiUrl(gameId, '', key), gameControlSchema, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/json',
      ...(timeZone ? { 'x-time-zone': timeZone } : {}),
    },
    body: JSON.stringify({ endsAt: endsAt.toISOString() }),
  });
}

// Teams (docs/games.md "Teams: rename, remove, bonus and penalty points"): the organiser's
// changes to one team, from the statistics screen. Refusals are {errorMessage}, as elsewhere.

/** `/v1/games/{gameId}/teams/{teamId}{rest}?key={key}`. */
export const teamUrl = (gameId: string, teamId: string, key: string | null, rest = '') =>
  liveApiUrl(gameId, `teams/${encodeURIComponent(teamId)}${rest}`, key);

/** A new name (the joining rules: 1–40 characters, unique in the game). Resolves to the team. */
export const renameTeam = (
  gameId: string,
  key: string | null,
  teamId: string,
  name: string,
): Promise<ApiResult<Team>> =>
  request(teamUrl(gameId, teamId, key), teamSchema, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name } satisfies TeamRenameRequest),
  });

/** Removes the team, its answers and its adjustments (204, no body). */
export const removeTeam = (
  gameId: string,
  key: string | null,
  teamId: string,
): Promise<ApiResult<null>> =>
  request<null>(teamUrl(gameId, teamId, key), null, { method: 'DELETE' });

/** Bonus (points > 0) or penalty (< 0) points with a reason. Resolves to it and the team. */
export const addScoreAdjustment = (
  gameId: string,
  key: string | null,
  teamId: string,
  adjustment: ScoreAdjustmentRequest,
): Promise<ApiResult<ScoreAdjustmentResult>> =>
  request(teamUrl(gameId, teamId, key, '/adjustments'), scoreAdjustmentResultSchema, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(adjustment),
  });

/** The team's bonus and penalty points so far, oldest first. */
export const fetchScoreAdjustments = (
  gameId: string,
  key: string | null,
  teamId: string,
): Promise<ApiResult<ScoreAdjustmentList>> =>
  request(teamUrl(gameId, teamId, key, '/adjustments'), scoreAdjustmentListSchema);
