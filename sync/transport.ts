/**
 * The engine's HTTP client for /v1 (SPEC §7 common rules): JSON, the bearer token or AnonId the
 * page provides before every call, a timeout, and answers as values — a network failure, a
 * timeout and a non-JSON body are results, never exceptions. The answer is the browser's one
 * shape (src/protocol/result.ts), with what the engine needs of the HTTP exchange beside it.
 */
import { isUnreachable, type ApiError, type ApiResult } from '../src/protocol/result';

export interface Identity {
  /** Bearer token of the signed-in user, or null for a guest. */
  token: string | null;
  /** The guest's anonymous id (cookie wgAnonId), sent while there is one. */
  anonId: string | null;
  /** The signed-in user's id, or null. */
  userId: string | null;
}

/**
 * What the server answered: its status (201: a new upload session), body and headers (the
 * server's clock, the AnonId).
 */
export interface Reply<T> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A failed call: the one ApiError, with what the server sent (a 412 carries the server's
 * template to merge with). No answer at all: status null, no body, no headers.
 */
export interface TransportError extends ApiError {
  body: unknown;
  headers: Headers | null;
}

export type TransportResult<T> = ApiResult<Reply<T>, TransportError>;

export interface TransportOptions {
  baseUrl: string;
  fetch: typeof fetch;
  getIdentity: () => Promise<Identity>;
  /** The server handed out an anonymous id (header anonid): the page stores it in wgAnonId. */
  onAnonId?: (anonId: string) => void;
  timeoutMs: number;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Overrides the transport's timeout (uploads of large videos take longer). */
  timeoutMs?: number;
}

export interface Transport {
  /**
   * A JSON body is sent as JSON; FormData as multipart; a Blob or bytes as they are, with the
   * content type given in headers (application/octet-stream when none is): an upload's chunk.
   */
  request<T>(method: string, path: string, options?: RequestOptions): Promise<TransportResult<T>>;
  /** The raw response of a streaming GET (server-sent events); null when it could not start. */
  stream(path: string, signal: AbortSignal): Promise<Response | null>;
  identity(): Promise<Identity>;
}

export function createTransport(options: TransportOptions): Transport {
  async function headersFor(
    identity: Identity,
    extra: Record<string, string> = {},
  ): Promise<Record<string, string>> {
    const headers: Record<string, string> = { ...extra };
    if (identity.token) headers.authorization = `Bearer ${identity.token}`;
    if (identity.anonId) headers.anonid = identity.anonId;
    return headers;
  }

  function noticeAnonId(response: Response) {
    const anonId = response.headers.get('anonid');
    if (anonId && options.onAnonId) options.onAnonId(anonId);
  }

  return {
    identity: () => options.getIdentity(),

    async request<T>(
      method: string,
      path: string,
      init: RequestOptions = {},
    ): Promise<TransportResult<T>> {
      const identity = await options.getIdentity();
      const headers = await headersFor(identity, init.headers);
      const multipart = typeof FormData !== 'undefined' && init.body instanceof FormData;
      const binary = isBinaryBody(init.body);
      if (binary) headers['content-type'] ??= 'application/octet-stream';
      else if (init.body !== undefined && !multipart) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await options.fetch(`${options.baseUrl}${path}`, {
          method,
          headers,
          body:
            init.body === undefined
              ? undefined
              : multipart || binary
                ? (init.body as BodyInit)
                : JSON.stringify(init.body),
          signal: AbortSignal.timeout(init.timeoutMs ?? options.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        return failed(
          null,
          timedOut ? 'The server took too long to answer.' : 'The server could not be reached.',
          null,
          null,
        );
      }
      noticeAnonId(response);
      let body: unknown = null;
      const text = await response.text().catch(() => '');
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          if (response.ok) {
            return failed(
              response.status,
              'The server answered something that is not JSON.',
              text,
              response.headers,
            );
          }
        }
      }
      if (!response.ok) {
        const message =
          body &&
          typeof body === 'object' &&
          'errorMessage' in body &&
          typeof body.errorMessage === 'string'
            ? body.errorMessage
            : String(response.status);
        return failed(response.status, message, body, response.headers);
      }
      return {
        ok: true,
        data: { status: response.status, body: body as T, headers: response.headers },
      };
    },

    async stream(path, signal) {
      const identity = await options.getIdentity();
      try {
        const response = await options.fetch(`${options.baseUrl}${path}`, {
          headers: await headersFor(identity, { accept: 'text/event-stream' }),
          signal,
        });
        noticeAnonId(response);
        return response.ok && response.body ? response : null;
      } catch {
        return null;
      }
    },
  };
}

function failed(
  status: number | null,
  message: string,
  body: unknown,
  headers: Headers | null,
): TransportResult<never> {
  return { ok: false, error: { status, message, body, headers } };
}

function isBinaryBody(body: unknown): body is Blob | ArrayBuffer | ArrayBufferView {
  return (
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

/** The server answered (any status, a refusal too): only an answer proves it reachable. */
export const answered = (result: TransportResult<unknown>): boolean =>
  result.ok || !isUnreachable(result.error);

/**
 * null (no answer: no network, a timeout), 408, 429 and 5xx are worth retrying; other 4xx will
 * fail the same way again.
 */
export const isTransientFailure = (status: number | null): boolean =>
  status === null || status === 408 || status === 429 || status >= 500;
