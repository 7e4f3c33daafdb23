/**
 * docs/ai.md task origins, the client's two calls: GET task_origins and POST another, with
 * `avoid` kept within what the server accepts, and answers checked before a task is used.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNREADABLE_MESSAGE } from '../../../../src/api/client';
import { anotherTaskLikeThis, getTaskOrigins } from '../../../../src/api/taskOrigins';
import { LIMITS } from '../../../../src/domain/limits';

const GUEST = { token: null, anonId: '11111111-1111-4111-8111-111111111111' };
const ORIGIN = { stepId: 's-9', kind: 'model', sentence: null, topic: null, general: false };
const STEP = {
  id: 's-9',
  name: 'Plants',
  type: 'freeText',
  text: 'Which gas do plants take in?',
  answers: [{ id: 'a-1', value: 'Carbon dioxide', correct: true }],
  media: null,
  points: 10,
  locked: false,
};

function answering(status: number, body: unknown) {
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) =>
    Response.json(body, { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('docs/ai.md GET /v1/templates/{templateId}/task_origins', () => {
  it('asks as the caller and answers the origins', async () => {
    const fetch = answering(200, { origins: [ORIGIN] });
    expect(await getTaskOrigins('tpl 1', GUEST)).toEqual({ ok: true, data: [ORIGIN] });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/v1/templates/tpl%201/task_origins');
    expect(init?.method).toBe('GET');
    expect((init?.headers as Record<string, string>).anonid).toBe(GUEST.anonId);
  });

  it('an answer not in the agreed shape is the server failing', async () => {
    answering(200, { origins: [{ stepId: 's-1', kind: 'guess' }] });
    expect(await getTaskOrigins('tpl-1', GUEST)).toEqual({
      ok: false,
      error: { status: 200, message: UNREADABLE_MESSAGE },
    });
  });
});

describe('docs/ai.md POST /v1/templates/{templateId}/steps/{stepId}/another', () => {
  it('sends the texts to avoid, trimmed, without blanks or repeats, at most as many as the server takes', async () => {
    const fetch = answering(200, { step: STEP, origin: ORIGIN });
    const texts = [
      ' Which gas? ',
      '',
      'Which gas?',
      ...Array.from({ length: 120 }, (_, i) => `Q${i}`),
    ];
    const result = await anotherTaskLikeThis('tpl-1', 's-1', texts, GUEST);
    expect(result).toEqual({ ok: true, data: { step: STEP, origin: ORIGIN } });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/v1/templates/tpl-1/steps/s-1/another');
    expect(init?.method).toBe('POST');
    const { avoid } = JSON.parse(init!.body as string) as { avoid: string[] };
    expect(avoid).toHaveLength(LIMITS.stepsMax);
    expect(avoid.slice(0, 3)).toEqual(['Which gas?', 'Q0', 'Q1']);
  });

  it("a refusal answers the server's own message", async () => {
    const message =
      'There is no other task to make from this. Edit the task, or generate again with more detail.';
    answering(422, { errorMessage: message });
    expect(await anotherTaskLikeThis('tpl-1', 's-1', [], GUEST)).toEqual({
      ok: false,
      error: { status: 422, message },
    });
  });

  it('a new task that breaks the step schema is not used', async () => {
    answering(200, { step: { ...STEP, points: 'many' }, origin: ORIGIN });
    expect(await anotherTaskLikeThis('tpl-1', 's-1', [], GUEST)).toMatchObject({ ok: false });
  });
});
