/**
 * Errors that routes throw to answer a 4xx. Every error response of /v1 is
 * `{errorMessage}` (SPEC §7), written for the person who will read it in the UI.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorMessage: string,
    /** Extra fields sent beside errorMessage (e.g. the current template on a 412). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(errorMessage);
  }
}

/**
 * A 429 (or 503) that says when to try again: the error handler sends `retryAfterSeconds` as
 * the Retry-After header, so clients can wait exactly that long instead of guessing.
 */
export class RetryLaterError extends HttpError {
  constructor(
    statusCode: 429 | 503,
    errorMessage: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, errorMessage);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
/** Another owner's ids answer the same as ids that do not exist, so they cannot be probed. */
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
