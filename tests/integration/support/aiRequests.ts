/**
 * An AI content request through the API, as the wizard and the builder make it (docs/ai.md "The
 * calls"): POST, then the status URL polled until the request is done or answers an error.
 */
import { expect } from 'vitest';
import type { AiContentRequestStatus } from '../../../src/domain/schemas';
import { json, type Caller } from './clients';
import type { TestServer } from './testServer';

export async function requestAi(
  server: TestServer,
  caller: Caller,
  payload: Record<string, unknown>,
) {
  return server.request({
    method: 'POST',
    url: '/v1/ai_content_requests',
    headers: caller.headers,
    payload,
  });
}

/** The part of the status URL after /v1/ai_content_requests/ (SPEC §7 {rest}). */
export function restOf(url: string): string {
  const marker = '/v1/ai_content_requests/';
  expect(url).toContain(marker);
  return url.slice(url.indexOf(marker) + marker.length);
}

/** The status answer once the request is done, or its first non-200 answer. */
export async function pollUntilDone(server: TestServer, caller: Caller, rest: string) {
  for (let i = 0; i < 200; i++) {
    const response = await server.request({
      method: 'GET',
      url: `/v1/ai_content_requests/${rest}`,
      headers: caller.headers,
    });
    if (response.statusCode !== 200 || json<AiContentRequestStatus>(response).completedAt)
      return response;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the AI request did not finish');
}

/** Requests and waits: the final status answer. */
export async function generate(
  server: TestServer,
  caller: Caller,
  payload: Record<string, unknown>,
) {
  const created = await requestAi(server, caller, payload);
  expect(created.statusCode, created.body).toBe(202);
  return pollUntilDone(
    server,
    caller,
    restOf(json<{ aiContentRequestStatusUrl: string }>(created).aiContentRequestStatusUrl),
  );
}
