/** Small helpers to act as a guest or a signed-in user against a TestServer. */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from './testServer';
import type { Template } from '../../../src/domain/schemas';

export interface Caller {
  headers: Record<string, string>;
  userId: string | null;
  anonId: string | null;
  token: string | null;
}

export const guest = (anonId = randomUUID()): Caller => ({
  headers: { anonid: anonId },
  userId: null,
  anonId,
  token: null,
});

let accountCounter = 0;

export async function signUp(
  server: TestServer,
  overrides: { email?: string; password?: string; name?: string } = {},
): Promise<Caller & { email: string; password: string }> {
  accountCounter += 1;
  const email =
    overrides.email ?? `organiser${accountCounter}-${randomUUID().slice(0, 8)}@example.com`;
  const password = overrides.password ?? 'correct horse battery staple';
  const response = await server.request({
    method: 'POST',
    url: '/v1/auth/sign-up',
    payload: { email, password, name: overrides.name ?? 'Olive Organiser' },
  });
  if (response.statusCode !== 201) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const { token, user } = response.json();
  return {
    headers: { authorization: `Bearer ${token}` },
    userId: user.id,
    anonId: null,
    token,
    email,
    password,
  };
}

export function json<T = unknown>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

/** Every error of /v1 is a JSON {errorMessage} with a non-empty, human message. */
export function expectErrorMessage(response: LightMyRequestResponse): string {
  const body = response.json() as { errorMessage?: unknown };
  if (typeof body.errorMessage !== 'string' || body.errorMessage.length < 5) {
    throw new Error(`expected {errorMessage}, got ${response.body}`);
  }
  return body.errorMessage;
}

/** POST /v1/templates as the caller; fails the test unless the template was created. */
export async function createTemplate(
  server: TestServer,
  caller: Caller,
  payload: Record<string, unknown> = { name: 'Team quiz' },
): Promise<Template> {
  const response = await server.request({
    method: 'POST',
    url: '/v1/templates',
    headers: caller.headers,
    payload,
  });
  if (response.statusCode !== 201) {
    throw new Error(`creating a template failed: ${response.statusCode} ${response.body}`);
  }
  return json<Template>(response);
}
