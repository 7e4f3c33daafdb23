/**
 * The one shape of a server call's answer in the browser programs: the data, or the error with
 * the server's own words. No call throws, so a screen can always show what went wrong.
 */
export interface ApiError {
  /** The HTTP status; null when the server could not be reached at all. */
  status: number | null;
  message: string;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/** No answer came at all (no network, the server down): asking again later may well work. */
export const isUnreachable = (error: ApiError): boolean => error.status === null;

/** A refusal that will not go away by asking again (wrong key, unknown game, bad request). */
export const isPermanent = (error: ApiError): boolean =>
  error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429;
