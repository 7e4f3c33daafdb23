/**
 * The sync engine's HTTP client (sync/transport.ts) answers src/protocol/result.ts's one shape:
 * the data with the reply's status, body and headers beside it, or the one ApiError with the
 * refusal's body and headers beside it. No answer at all is status null, never an exception.
 */
import { describe, expect, it } from 'vitest';
import { isUnreachable } from '../../../src/protocol/result';
import { SERVER_TIME_HEADER } from '../../../sync/clockOffset';
import {
  answered,
  createTransport,
  isTransientFailure,
  type Transport,
} from '../../../sync/transport';

const ANON_ID = '11111111-1111-4111-8111-111111111111';

/** A transport over `fetch`, as a guest; each test's server is that fetch. */
function transportOver(fetch: typeof globalThis.fetch, timeoutMs = 5_000): Transport {
  return createTransport({
    baseUrl: 'https://teamtrail.test',
    fetch,
    getIdentity: async () => ({ token: null, anonId: ANON_ID, userId: null }),
    timeoutMs,
  });
}

const answering =
  (status: number, text: string, headers: Record<string, string> = {}): typeof fetch =>
  async () =>
    new Response(text, { status, headers });

describe('no answer', () => {
  it('a network failure is status null with the sentence, and is transient', async () => {
    const transport = transportOver(async () => {
      throw new TypeError('Failed to fetch');
    });

    const result = await transport.request('GET', '/v1/templates');

    expect(result).toEqual({
      ok: false,
      error: {
        status: null,
        message: 'The server could not be reached.',
        body: null,
        headers: null,
      },
    });
    if (result.ok) throw new Error('a network failure cannot succeed');
    expect(isUnreachable(result.error)).toBe(true);
    expect(isTransientFailure(result.error.status)).toBe(true);
    expect(answered(result), 'no answer does not prove the server reachable').toBe(false);
  });

  it('a timeout is status null with its own sentence, and is transient', async () => {
    // A server that never answers: the request ends only when the transport's timeout aborts it.
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        const signal = init!.signal!;
        signal.addEventListener('abort', () => reject(signal.reason as Error));
      });
    const transport = transportOver(hanging, 20);

    const result = await transport.request('POST', '/v1/templates', { body: { id: 't' } });

    expect(result).toEqual({
      ok: false,
      error: {
        status: null,
        message: 'The server took too long to answer.',
        body: null,
        headers: null,
      },
    });
    if (result.ok) throw new Error('a timeout cannot succeed');
    expect(isTransientFailure(result.error.status)).toBe(true);
  });
});

describe('a refusal', () => {
  it("keeps the server's words, its status, body and headers", async () => {
    const body = { errorMessage: 'The template changed meanwhile.', template: { id: 't' } };
    const transport = transportOver(
      answering(412, JSON.stringify(body), {
        'content-type': 'application/json',
        'retry-after': '5',
      }),
    );

    const result = await transport.request('PATCH', '/v1/templates/t', { body: {} });

    if (result.ok) throw new Error('a 412 is a refusal');
    expect(result.error).toMatchObject({
      status: 412,
      message: 'The template changed meanwhile.',
      body,
    });
    expect(result.error.headers?.get('retry-after')).toBe('5');
    expect(isUnreachable(result.error)).toBe(false);
    expect(answered(result), 'a refusal is an answer').toBe(true);
  });

  it('without words of the server says its status', async () => {
    const transport = transportOver(answering(503, ''));

    const result = await transport.request('GET', '/v1/templates');

    if (result.ok) throw new Error('a 503 is a refusal');
    expect(result.error).toMatchObject({ status: 503, message: '503', body: null });
  });

  it('is transient only for 408, 429 and 5xx: any other 4xx would fail the same way again', () => {
    for (const status of [408, 429, 500, 502, 503]) expect(isTransientFailure(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 410, 412])
      expect(isTransientFailure(status)).toBe(false);
  });
});

describe('a success', () => {
  it('that is not JSON is a failure with its status and the sentence', async () => {
    const transport = transportOver(answering(200, '<html>a captive portal</html>'));

    const result = await transport.request('GET', '/v1/templates');

    expect(result).toMatchObject({
      ok: false,
      error: {
        status: 200,
        message: 'The server answered something that is not JSON.',
        body: '<html>a captive portal</html>',
      },
    });
    if (result.ok) throw new Error('a body that is not JSON is a failure');
    expect(result.error.headers).toBeInstanceOf(Headers);
  });

  it('carries the status, body and headers', async () => {
    const asset = { id: 'a', url: 'https://cdn.test/a.png' };
    const anonIds: string[] = [];
    const transport = createTransport({
      baseUrl: 'https://teamtrail.test',
      fetch: answering(201, JSON.stringify(asset), {
        anonid: ANON_ID,
        [SERVER_TIME_HEADER]: '42',
      }),
      getIdentity: async () => ({ token: null, anonId: null, userId: null }),
      onAnonId: (anonId) => anonIds.push(anonId),
      timeoutMs: 5_000,
    });

    const result = await transport.request<typeof asset>('PATCH', '/v1/uploads/u', {
      body: new Uint8Array([1, 2, 3]),
    });

    if (!result.ok) throw new Error(`a 201 succeeds, not ${result.error.message}`);
    expect(result.data.status).toBe(201);
    expect(result.data.body).toEqual(asset);
    expect(result.data.headers.get(SERVER_TIME_HEADER)).toBe('42');
    expect(anonIds, 'the AnonId the server handed out reaches the page').toEqual([ANON_ID]);
    expect(answered(result)).toBe(true);
  });
});
