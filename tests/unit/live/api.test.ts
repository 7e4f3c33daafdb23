/**
 * The live screens' calls: the screen key goes on every call (downloads and the event stream
 * too), and a refusal shows the server's own message (docs/games.md: 404 {errorMessage}).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  eventsUrl,
  fetchScoreboard,
  fetchStatistics,
  isPermanent,
  judgeSubmission,
  mediaZipUrl,
  NETWORK_ERROR_MESSAGE,
  qrCodeUrl,
  scoreboardUrl,
  statisticsCsvUrl,
  statisticsUrl,
} from '../../../src/live/api';
import { parseLiveRoute } from '../../../src/live/routes';
import { GAME_ID, json, KEY, scoreboard, statistics, submission } from './fixtures';

const ENCODED_KEY = encodeURIComponent(KEY);

afterEach(() => vi.unstubAllGlobals());

describe('links with the screen key', () => {
  it('"Export CSV" downloads /v1/games/{gameId}/statistics.csv with the key', () => {
    expect(statisticsCsvUrl(GAME_ID, KEY)).toBe(
      `/v1/games/game-1/statistics.csv?key=${ENCODED_KEY}`,
    );
  });

  it('"Download photos and videos" downloads /v1/games/{gameId}/media.zip with the key', () => {
    expect(mediaZipUrl(GAME_ID, KEY)).toBe(`/v1/games/game-1/media.zip?key=${ENCODED_KEY}`);
  });

  it('the event stream, scoreboard and statistics carry the key too', () => {
    expect(eventsUrl(GAME_ID, KEY)).toBe(`/v1/games/game-1/events?key=${ENCODED_KEY}`);
    expect(scoreboardUrl(GAME_ID, KEY)).toBe(`/v1/games/game-1/scoreboard?key=${ENCODED_KEY}`);
    expect(statisticsUrl(GAME_ID, KEY)).toBe(`/v1/games/game-1/statistics?key=${ENCODED_KEY}`);
  });

  it('a key is encoded so that +, / and = survive the trip', () => {
    const url = new URL(statisticsCsvUrl(GAME_ID, KEY), 'http://x');
    expect(url.searchParams.get('key')).toBe(KEY);
  });

  it('without a key the address has no ?key= at all (the server then answers 404)', () => {
    expect(statisticsCsvUrl(GAME_ID, null)).toBe('/v1/games/game-1/statistics.csv');
  });

  it('the QR code image is /v1/qr/{code}.png', () => {
    expect(qrCodeUrl('ABCD2345')).toBe('/v1/qr/ABCD2345.png');
  });
});

describe('routes', () => {
  it('reads the game, the screen and the key from /live/{gameId}/{screen}?key=', () => {
    expect(parseLiveRoute('/live/game-1/statistics', `?key=${ENCODED_KEY}`)).toEqual({
      gameId: 'game-1',
      screen: 'statistics',
      key: KEY,
    });
  });

  it('a missing or empty key is null', () => {
    expect(parseLiveRoute('/live/g/scoreboard', '')?.key).toBeNull();
    expect(parseLiveRoute('/live/g/scoreboard', '?key=')?.key).toBeNull();
  });

  it('any other address is none of the screens', () => {
    expect(parseLiveRoute('/live', '')).toBeNull();
    expect(parseLiveRoute('/live/g', '')).toBeNull();
    expect(parseLiveRoute('/live/g/leaderboard', '')).toBeNull();
    expect(parseLiveRoute('/live/g/scoreboard/more', '')).toBeNull();
  });
});

describe('calls', () => {
  it('reads the scoreboard with the key and checks its shape', async () => {
    const fetchMock = vi.fn(async () => json(scoreboard([])));
    vi.stubGlobal('fetch', fetchMock);
    const result = await fetchScoreboard(GAME_ID, KEY);
    expect(result.ok).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(scoreboardUrl(GAME_ID, KEY), expect.anything());
  });

  it('a wrong key or unknown game: the server’s 404 message is what the screen shows', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ errorMessage: 'This activity does not exist, or the link is not complete.' }, 404),
      ),
    );
    const result = await fetchStatistics(GAME_ID, 'wrong');
    expect(result).toEqual({
      ok: false,
      error: { status: 404, message: 'This activity does not exist, or the link is not complete.' },
    });
    if (!result.ok) expect(isPermanent(result.error)).toBe(true);
  });

  it('an error page that is not JSON: the status line', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    );
    const result = await fetchScoreboard(GAME_ID, KEY);
    expect(result).toEqual({
      ok: false,
      error: { status: 502, message: 'The server answered 502 Bad Gateway.' },
    });
    if (!result.ok) expect(isPermanent(result.error)).toBe(false);
  });

  it('no connection: a network error (no status) that the screen retries', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const result = await fetchScoreboard(GAME_ID, KEY);
    expect(result).toEqual({ ok: false, error: { status: null, message: NETWORK_ERROR_MESSAGE } });
    if (!result.ok) expect(isPermanent(result.error)).toBe(false);
  });

  it('an answer of the wrong shape is an error, not a crash', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ rows: 'nope' })),
    );
    const result = await fetchScoreboard(GAME_ID, KEY);
    expect(result.ok).toBe(false);
  });

  it('judging is PATCH /submissions/{id} with the key and the change as JSON', async () => {
    const judged = submission('p1', { rejected: true });
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(judged));
    vi.stubGlobal('fetch', fetchMock);
    const result = await judgeSubmission(GAME_ID, 'p1', KEY, { rejected: true });
    expect(result).toEqual({ ok: true, data: judged });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/v1/games/game-1/submissions/p1?key=${ENCODED_KEY}`);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ rejected: true });
  });

  it('statistics read as the shared schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(statistics())),
    );
    const result = await fetchStatistics(GAME_ID, KEY);
    expect(result.ok && result.data.teams.length).toBe(2);
  });
});
