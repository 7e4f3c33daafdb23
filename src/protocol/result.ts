/**
 * The one shape of a server call's answer in the browser programs (the organiser app, the live
 * screens, the phone player): the data, or the error with the server's own words. No call throws,
 * so a screen can always show what went wrong. Plain types and functions: the player loads it.
 */
export interface ApiError {
  /**
   * The HTTP status of the refusal; null when no answer came at all (no network, the server
   * down). 0 only for a call the app did not make (an address it cannot use, src/api/client.ts
   * `notAsked`): no answer, yet nothing that asking again would mend.
   */
  status: number | null;
  /** The server's own words, or the program's sentence when the server gave none. */
  message: string;
}

export type ApiResult<T, E extends ApiError = ApiError> =
  { ok: true; data: T } | { ok: false; error: E };

/** No answer came at all (no network, the server down): asking again later may well work. */
export const isUnreachable = (error: ApiError): boolean => error.status === null;

/** A refusal that will not go away by asking again (wrong key, unknown game, bad request). */
export const isPermanent = (error: ApiError): boolean =>
  error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429;
