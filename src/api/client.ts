/**
 * The organiser app's JSON calls to /v1 for what is online-only (accounts, AI, games): one
 * function that answers src/protocol/result.ts's `ApiResult` instead of throwing, with the
 * server's own errorMessage (SPEC §7) or a plain sentence when the device is offline. Templates go
 * through src/localdb and the sync worker instead.
 */
import type { z } from 'zod';
import type { ApiResult } from '../protocol/result';

export const OFFLINE_MESSAGE =
  'You seem to be offline. Check your connection and try again: this needs the internet.';
export const UNREADABLE_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** Who is calling: the signed-in user's bearer token, and the guest's AnonId (SPEC §7). */
export interface ApiCredentials {
  token?: string | null;
  anonId?: string | null;
}

export interface ApiRequest<T = unknown> extends ApiCredentials {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * The agreed shape of a success's body: one that is not in it is the server failing, with that
   * answer's status and UNREADABLE_MESSAGE. Without it the body is taken as it comes.
   */
  schema?: z.ZodType<T>;
}

/** The IANA time zone of this browser: "the day" of plan rules is the organiser's (docs/games.md). */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * A call the app does not make: the address the server gave is not one this app can use. It is
 * not unreachable (asking again cannot mend it), and no HTTP status fits, so its status is 0.
 */
export const notAsked = <T>(message: string): ApiResult<T> => ({
  ok: false,
  error: { status: 0, message },
});

export async function apiCall<T>(path: string, request: ApiRequest<T> = {}): Promise<ApiResult<T>> {
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
    return { ok: false, error: { status: null, message: OFFLINE_MESSAGE } };
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: handled below
  }
  if (response.ok) {
    if (!request.schema) return { ok: true, data: json as T };
    const parsed = request.schema.safeParse(json);
    return parsed.success
      ? { ok: true, data: parsed.data }
      : { ok: false, error: { status: response.status, message: UNREADABLE_MESSAGE } };
  }
  const message = (json as { errorMessage?: unknown } | null)?.errorMessage;
  return {
    ok: false,
    error: {
      status: response.status,
      message: typeof message === 'string' && message ? message : UNREADABLE_MESSAGE,
    },
  };
}
