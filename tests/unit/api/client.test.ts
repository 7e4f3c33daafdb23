/**
 * The organiser app's one JSON call answers src/protocol/result.ts's shape: the data, or the
 * error with the server's own words; no answer at all is status null with the offline sentence.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { pollAiContent } from '../../../src/api/ai';
import { apiCall, OFFLINE_MESSAGE, UNREADABLE_MESSAGE } from '../../../src/api/client';
import { fetchGameStatus } from '../../../src/api/games';
import { isPermanent, isUnreachable } from '../../../src/protocol/result';

function answering(response: () => Response) {
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiCall', () => {
  it('a success answers the body as data', async () => {
    answering(() => Response.json({ id: 'g1' }, { status: 201 }));
    expect(await apiCall('/games')).toEqual({ ok: true, data: { id: 'g1' } });
  });

  it("a refusal answers its status and the server's errorMessage", async () => {
    answering(() =>
      Response.json({ errorMessage: 'Your plan allows one live activity.' }, { status: 403 }),
    );
    const result = await apiCall('/templates/t1/publish', { body: {} });
    expect(result).toEqual({
      ok: false,
      error: { status: 403, message: 'Your plan allows one live activity.' },
    });
    expect(!result.ok && isPermanent(result.error)).toBe(true);
  });

  it('a refusal without an errorMessage (a proxy page) answers the plain sentence', async () => {
    answering(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await apiCall('/sample_game')).toEqual({
      ok: false,
      error: { status: 502, message: UNREADABLE_MESSAGE },
    });
  });

  it('no answer at all is status null with the offline sentence: unreachable, not a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const result = await apiCall('/auth/me', { token: 't' });
    expect(result).toEqual({ ok: false, error: { status: null, message: OFFLINE_MESSAGE } });
    expect(!result.ok && isUnreachable(result.error)).toBe(true);
    expect(!result.ok && isPermanent(result.error)).toBe(false);
  });

  it("a success whose body is not the agreed shape is the server failing, with that answer's status", async () => {
    answering(() => Response.json({ origins: 'none' }, { status: 200 }));
    const schema = z.object({ origins: z.array(z.string()) });
    expect(await apiCall('/templates/t1/task_origins', { schema })).toEqual({
      ok: false,
      error: { status: 200, message: UNREADABLE_MESSAGE },
    });
  });
});

describe('a status address the app cannot use', () => {
  it('is not asked for, and is a failure rather than unreachable (asking again cannot mend it)', async () => {
    const fetch = answering(() => Response.json({}));
    const game = await fetchGameStatus('http://elsewhere.example/v1/games/g1', {});
    const content = await pollAiContent('http://elsewhere.example/v1/other/r1', {});
    expect(game).toEqual({
      ok: false,
      error: { status: 0, message: 'The game status address is not one this app knows.' },
    });
    expect(content).toEqual({
      ok: false,
      error: { status: 0, message: 'The content request address is not one this app knows.' },
    });
    expect(!game.ok && isUnreachable(game.error)).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
