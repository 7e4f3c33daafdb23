/**
 * The online-only game calls of the organiser app (SPEC §7): a demo, a launch for the rest of the
 * day, a scheduled instance, and the game status they all poll. Every call answers an
 * `ApiResult` (src/protocol/result.ts); the screens map a refusal to SPEC §8's words with
 * src/domain/messages.ts.
 */
import type { GameStatus, GameStatusUrlResponse, PublishRequest } from '../domain/schemas';
import type { SampleGameResponse } from '../domain/games';
import { apiCall, notAsked, type ApiCredentials } from './client';

const templatePath = (templateId: string) => `/templates/${encodeURIComponent(templateId)}`;

/** A 10-minute demo game from the template (SPEC §2.4 demo steps, §2.9 launch/demo dialog). */
export const createDemoGame = (templateId: string, credentials: ApiCredentials) =>
  apiCall<GameStatusUrlResponse>(`${templatePath(templateId)}/demo_game`, {
    ...credentials,
    body: {},
  });

/** A launch: live from now for the rest of the day (SPEC §2.9 "Play"). */
export const launchGame = (templateId: string, credentials: ApiCredentials) =>
  apiCall<GameStatusUrlResponse>(`${templatePath(templateId)}/publish`, {
    ...credentials,
    body: {} satisfies PublishRequest,
  });

/** A scheduled instance (SPEC §2.9 Schedule Activity): a name and both instants. */
export const scheduleGame = (
  templateId: string,
  request: { name: string; startsAt: string; endsAt: string },
  credentials: ApiCredentials,
) =>
  apiCall<GameStatusUrlResponse>(`${templatePath(templateId)}/publish`, {
    ...credentials,
    body: request satisfies PublishRequest,
  });

/**
 * SPEC §7: "the client takes the part of gameStatusUrl after 'templates/' and requests it", so a
 * URL from another host (a proxy in front of the API) still reaches this one.
 */
export function gameStatusPath(gameStatusUrl: string): string | null {
  const at = gameStatusUrl.indexOf('templates/');
  return at < 0 ? null : `/${gameStatusUrl.slice(at)}`;
}

export async function fetchGameStatus(gameStatusUrl: string, credentials: ApiCredentials) {
  const path = gameStatusPath(gameStatusUrl);
  if (!path) return notAsked<GameStatus>('The game status address is not one this app knows.');
  return apiCall<GameStatus>(path, credentials);
}

/** GET /sample_game: the standing sample game of "Play a demo" (docs/games.md). */
export const fetchSampleGame = () => apiCall<SampleGameResponse>('/sample_game');
