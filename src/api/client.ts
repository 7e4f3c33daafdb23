/**
 * The organiser app's JSON calls to /v1 for what is online-only (accounts, AI, games): one
 * function that answers a result instead of throwing, with the server's own errorMessage
 * (SPEC §7) or a plain sentence when the device is offline. Templates go through src/localdb and
 * the sync worker instead.
 */
import type { ApiResult as Result } from './result';

/**
 * What `apiCall` answers: the status beside the data, the server's words as `errorMessage`, and
 * status 0 when no answer came. The poll layer and the live screens read result.ts's shape;
 * `asResult` turns one into the other.
 */
export type ApiCallResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; errorMessage: string };

/** The older name, which screens outside src/api (accounts, game controls, task origins) import. */
export type ApiResult<T> = ApiCallResult<T>;

export const OFFLINE_MESSAGE =
  'You seem to be offline. Check your connection and try again: this needs the internet.';
export const UNREADABLE_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** Who is calling: the signed-in user's bearer token, and the guest's AnonId (SPEC §7). */
export interface ApiCredentials {
  token?: string | null;
  anonId?: string | null;
}

export interface ApiRequest extends ApiCredentials {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
}

/** The IANA time zone of this browser: "the day" of plan rules is the organiser's (docs/games.md). */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

export async function apiCall<T>(
  path: string,
  request: ApiRequest = {},
): Promise<ApiCallResult<T>> {
  const headers: Record<string, string> = {};
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.anonId) headers.anonid = request.anonId;
  // A launch lasts the rest of the organiser's day, not the server's (docs/games.md).
  const timeZone = browserTimeZone();
  if (timeZone) headers['x-time-zone'] = timeZone;
  let response: Response;
  try {
    response = await fetch(`/v1${path}`, {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch {
    return { ok: false, status: 0, errorMessage: OFFLINE_MESSAGE };
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: handled below
  }
  if (response.ok) return { ok: true, status: response.status, data: json as T };
  const message = (json as { errorMessage?: unknown } | null)?.errorMessage;
  return {
    ok: false,
    status: response.status,
    errorMessage: typeof message === 'string' && message ? message : UNREADABLE_MESSAGE,
  };
}

/** The same answer in result.ts's shape: no answer at all (the offline sentence) is status null. */
export function asResult<T>(answer: ApiCallResult<T>): Result<T> {
  if (answer.ok) return { ok: true, data: answer.data };
  const unreachable = answer.status === 0 && answer.errorMessage === OFFLINE_MESSAGE;
  return {
    ok: false,
    error: { status: unreachable ? null : answer.status, message: answer.errorMessage },
  };
}
