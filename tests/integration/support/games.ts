/**
 * Games as the integration tests drive them (docs/games.md): a valid quiz template (the sample quiz
 * of tests/fixtures/quiz.ts), a demo or a launch with its status, teams joining, answers. One set
 * of calls for every games test file.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { setUserPlan } from '../../../server/services/users';
import type { GameStatus, Template } from '../../../src/domain/schemas';
import { quizSteps } from '../../fixtures/quiz';
import { createTemplate, json, signUp, type Caller } from './clients';
import type { TestServer } from './testServer';

const id = () => randomUUID();

/** The calls, against the server `current()` answers (test files start theirs in beforeAll). */
export function gameCalls(current: () => TestServer) {
  const request = (options: Parameters<TestServer['request']>[0]) => current().request(options);
  async function validTemplate(caller: Caller, name = 'Team quiz'): Promise<Template> {
    return createTemplate(current(), caller, { name, steps: quizSteps(), duration: 30 });
  }

  /** The game status as SPEC §7's client reads it: the part of gameStatusUrl after "templates/". */
  async function statusOf(caller: Caller, gameStatusUrl: string): Promise<GameStatus> {
    const rest = gameStatusUrl.slice(gameStatusUrl.indexOf('templates/') + 'templates/'.length);
    const response = await request({
      method: 'GET',
      url: `/v1/templates/${rest}`,
      headers: caller.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return json<GameStatus>(response);
  }

  async function start(
    caller: Caller,
    templateId: string,
    kind: 'demo_game' | 'publish',
    payload: object = {},
  ) {
    return request({
      method: 'POST',
      url: `/v1/templates/${templateId}/${kind}`,
      headers: caller.headers,
      payload,
    });
  }

  async function launched(
    caller: Caller,
    kind: 'demo_game' | 'publish' = 'publish',
    template?: Template,
  ) {
    const t = template ?? (await validTemplate(caller));
    const response = await start(caller, t.id, kind);
    expect(response.statusCode, response.body).toBe(201);
    const status = await statusOf(caller, json<{ gameStatusUrl: string }>(response).gameStatusUrl);
    const gameId = json<{ gameStatusUrl: string }>(response).gameStatusUrl.split('/games/')[1]!;
    return { template: t, status, code: status.code!, gameId };
  }

  async function join(code: string, name: string) {
    return request({ method: 'POST', url: `/v1/play/${code}/teams`, payload: { name } });
  }

  async function joined(code: string, name = `Team ${randomUUID().slice(0, 6)}`) {
    const response = await join(code, name);
    expect(response.statusCode, response.body).toBe(201);
    return json<{ team: { id: string; name: string }; token: string }>(response);
  }

  const answer = (code: string, token: string, payload: Record<string, unknown>) =>
    request({
      method: 'POST',
      url: `/v1/play/${code}/answers`,
      headers: { teamtoken: token },
      payload: { clientId: id(), ...payload },
    });

  async function proUser() {
    const user = await signUp(current());
    await setUserPlan(current().database.db, user.userId!, 'PRO');
    return user;
  }

  return { request, validTemplate, statusOf, start, launched, join, joined, answer, proUser };
}
