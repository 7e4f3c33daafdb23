// @vitest-environment happy-dom
/**
 * The live screens end to end in a DOM, with fetch and EventSource mocked: their states (loading,
 * refusals, not started, ended, empty), live updates, and judging with its rollback.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LIVE_NOTIFICATIONS, LiveApp } from '../../../src/live/LiveApp';
import { formatWhen } from '../../../src/live/format';
import { renderWithMantine } from '../support/render';
import { FakeEventSource } from '../support/fakeEventSource';
import {
  GAME_ID,
  json,
  KEY,
  publicGame,
  row,
  scoreboard,
  statistics,
  submission,
  team,
} from './fixtures';

const NOT_FOUND = 'This activity does not exist, or the link is not complete.';
const ENCODED_KEY = encodeURIComponent(KEY);

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;
let handler: Handler;
let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  FakeEventSource.reset();
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(path: string, search = `?key=${ENCODED_KEY}`) {
  return renderWithMantine(<LiveApp location={{ pathname: path, search }} />, {
    notifications: LIVE_NOTIFICATIONS,
  });
}

const OPEN_GAME = {
  startsAt: new Date(Date.now() - 3_600_000).toISOString(),
  endsAt: new Date(Date.now() + 3_600_000).toISOString(),
};

describe('states', () => {
  it('shows that it is loading until the first answer', async () => {
    let answer: (r: Response) => void = () => {};
    handler = () => new Promise<Response>((resolve) => (answer = resolve));
    open(`/live/${GAME_ID}/scoreboard`);
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading the scoreboard…');
    await act(async () => answer(json(scoreboard([], undefined, OPEN_GAME))));
    await screen.findByText('Waiting for teams to join…');
  });

  it('a wrong key or an unknown game shows the server’s 404 message', async () => {
    handler = () => json({ errorMessage: NOT_FOUND }, 404);
    open(`/live/${GAME_ID}/statistics`, '?key=wrong');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(NOT_FOUND)).toBeTruthy();
    expect(within(alert).getByRole('heading').textContent).toBe('Cannot open the statistics');
    // A refusal is final: the screen does not open the event stream.
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('a missing key: the server’s message, and that the address has no screen key', async () => {
    handler = () => json({ errorMessage: NOT_FOUND }, 404);
    open(`/live/${GAME_ID}/scoreboard`, '');
    await screen.findByText(NOT_FOUND);
    expect(screen.getByText(/The address has no screen key/)).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/v1/games/${GAME_ID}/scoreboard`);
  });

  it('the server out of reach: says so and that it keeps trying', async () => {
    handler = () => Promise.reject(new TypeError('Failed to fetch'));
    open(`/live/${GAME_ID}/scoreboard`);
    await screen.findByText('Cannot reach Teamtrail');
    expect(screen.getByText(/Trying again/)).toBeTruthy();
  });

  it('an address that is none of the screens: page not found', () => {
    open('/live/g/leaderboard');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('no teams yet: "Waiting for teams to join…", with the code and QR code to join', async () => {
    handler = () => json(scoreboard([], undefined, { ...OPEN_GAME, code: 'ABCD2345' }));
    open(`/live/${GAME_ID}/scoreboard`);
    await screen.findByText('Waiting for teams to join…');
    expect(screen.getByTestId('join-code').textContent).toBe('ABCD 2345');
    const qr = screen.getByRole('img', { name: /QR code to join/ });
    expect(qr.getAttribute('src')).toBe('/v1/qr/ABCD2345.png');
  });

  it('a game that has not started says when teams can join', async () => {
    handler = () =>
      json(
        scoreboard([], undefined, {
          phase: 'upcoming',
          startsAt: new Date(Date.now() + 86_400_000).toISOString(),
          endsAt: new Date(Date.now() + 90_000_000).toISOString(),
        }),
      );
    open(`/live/${GAME_ID}/scoreboard`);
    await screen.findByRole('heading', { name: 'Join when it starts' });
    expect(screen.getAllByText(/Teams can join from/).length).toBeGreaterThan(0);
  });

  it('an ended game shows the final results and no longer invites teams to join', async () => {
    handler = () =>
      json(
        scoreboard([row('a', { score: 90 }), row('b', { rank: 2, score: 10 })], undefined, {
          phase: 'ended',
          startsAt: new Date(Date.now() - 7_200_000).toISOString(),
          endsAt: new Date(Date.now() - 3_600_000).toISOString(),
        }),
      );
    open(`/live/${GAME_ID}/scoreboard`);
    await screen.findByRole('heading', { name: 'Final results' });
    expect(screen.getByRole('list', { name: 'Final results' }).children).toHaveLength(2);
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  });
});

describe('scoreboard', () => {
  it('asks for the scoreboard and the event stream with the key', async () => {
    handler = () => json(scoreboard([row('a', { score: 5 })], undefined, OPEN_GAME));
    open(`/live/${GAME_ID}/scoreboard`);
    await screen.findByText('Team a');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/v1/games/${GAME_ID}/scoreboard?key=${ENCODED_KEY}`);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    // A screen the room sees: the stream that never carries a hidden or rejected submission.
    expect(FakeEventSource.latest().url).toBe(
      `/v1/games/${GAME_ID}/events?key=${ENCODED_KEY}&view=presentation`,
    );
  });

  it('a team joining and answering shows at once, in rank order', async () => {
    handler = () =>
      json(
        scoreboard(
          [
            row('a', {
              score: 20,
              answered: 1,
              lastAnswerAt: new Date(Date.now() - 60_000).toISOString(),
            }),
          ],
          new Date(Date.now() - 1_000).toISOString(),
          OPEN_GAME,
        ),
      );
    open(`/live/${GAME_ID}/scoreboard`);
    await screen.findByText('Team a');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.latest();
    act(() => {
      source.open();
      source.emit('team', team('b', { name: 'Bees' }));
    });
    const names = () => screen.getAllByTestId('ranking-row').map((li) => li.textContent);
    expect(names()[1]).toContain('Bees');
    act(() =>
      source.emit(
        'submission',
        submission('s1', {
          teamId: 'b',
          teamName: 'Bees',
          points: 50,
          createdAt: new Date().toISOString(),
        }),
      ),
    );
    expect(names()[0]).toContain('Bees');
    expect(names()[0]).toContain('50');
    expect(names()[0]).toContain('1 task answered');
  });
});

describe('statistics', () => {
  const openStatistics = async () => {
    const stats = statistics({ game: publicGame({ ...OPEN_GAME, teamsCount: 2 }) });
    open(`/live/${GAME_ID}/statistics`);
    await screen.findByRole('tab', { name: /Photos and videos/ });
    return stats;
  };

  it('"Export CSV" and "Download photos and videos" link to the files with the key', async () => {
    handler = () => json(statistics({ game: publicGame(OPEN_GAME) }));
    await openStatistics();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/v1/games/${GAME_ID}/statistics.csv?key=${ENCODED_KEY}`,
    );
    expect(
      screen.getByRole('link', { name: 'Download photos and videos' }).getAttribute('href'),
    ).toBe(`/v1/games/${GAME_ID}/media.zip?key=${ENCODED_KEY}`);
  });

  it('Reject updates the figures at once (optimistic) and keeps them when the server agrees', async () => {
    let answerPatch: (r: Response) => void = () => {};
    handler = (url, init) => {
      if (init?.method === 'PATCH')
        return new Promise<Response>((resolve) => (answerPatch = resolve));
      return json(statistics({ game: publicGame(OPEN_GAME) }));
    };
    await openStatistics();
    expect(screen.getByTestId('figure-points').textContent).toBe('60');
    fireEvent.click(screen.getByRole('tab', { name: /Photos and videos/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^Reject the photo by Team a/ }));
    // Before the server has answered:
    expect(screen.getByTestId('figure-points').textContent).toBe('10');
    expect(screen.getByRole('button', { name: /^Restore the photo/ })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(url).toBe(`/v1/games/${GAME_ID}/submissions/p1?key=${ENCODED_KEY}`);
    expect(JSON.parse(String(init?.body))).toEqual({ rejected: true });
    await act(async () => answerPatch(json(submission('p1', { rejected: true }))));
    expect(screen.getByTestId('figure-points').textContent).toBe('10');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refused change is rolled back with a message that says why', async () => {
    let answerPatch: (r: Response) => void = () => {};
    handler = (url, init) => {
      if (init?.method === 'PATCH')
        return new Promise<Response>((resolve) => (answerPatch = resolve));
      return json(statistics({ game: publicGame(OPEN_GAME) }));
    };
    await openStatistics();
    fireEvent.click(screen.getByRole('tab', { name: /Photos and videos/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^Reject the photo/ }));
    expect(screen.getByTestId('figure-points').textContent).toBe('10');
    await act(async () =>
      answerPatch(json({ errorMessage: 'That submission is not in this game.' }, 404)),
    );
    expect(screen.getByTestId('figure-points').textContent).toBe('60');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Not saved')).toBeTruthy();
    expect(alert.textContent).toContain(
      'Could not reject the submission: That submission is not in this game.',
    );
    expect(alert.textContent).toContain('The change was undone.');
    expect(screen.getByRole('button', { name: /^Reject the photo/ })).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss this message' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('adjusting the points sets them at once and sends {points}', async () => {
    handler = (url, init) => {
      if (init?.method === 'PATCH') return json(submission('p1', { adjustedPoints: 35 }));
      return json(statistics({ game: publicGame(OPEN_GAME) }));
    };
    await openStatistics();
    fireEvent.click(screen.getByRole('tab', { name: /Photos and videos/ }));
    const input = await screen.findByRole('textbox', { name: /^Points for the photo/ });
    fireEvent.change(input, { target: { value: '35' } });
    fireEvent.click(screen.getByRole('button', { name: /^Set points for the photo/ }));
    expect(screen.getByTestId('figure-points').textContent).toBe('45');
    const patch = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]?.body))).toEqual({ points: 35 });
    await screen.findByText('(adjusted from 50)');
  });

  it('per task: answered, correct and passed, and each answer given with its count, the right one marked', async () => {
    handler = () => json(statistics({ game: publicGame(OPEN_GAME) }));
    await openStatistics();
    fireEvent.click(screen.getByRole('tab', { name: /Tasks/ }));
    const task = await screen.findByRole('region', { name: '1. Capital' });
    const rows = within(task)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toContain('Paris1Correct');
    expect(rows).toContain('Lyon1Wrong');
  });
});

describe('game controls on the statistics screen (docs/games.md "Game control")', () => {
  const control = (over: Record<string, unknown>) => ({
    id: GAME_ID,
    phase: 'open',
    ...OPEN_GAME,
    pausedAt: null,
    ...over,
  });

  it('Pause posts to /pause with the key and shows the game paused at once; Resume undoes it', async () => {
    const pausedAt = new Date().toISOString();
    handler = (url, init) => {
      if (init?.method === 'POST' && url.includes('/pause?')) {
        return json(control({ phase: 'paused', pausedAt }));
      }
      if (init?.method === 'POST' && url.includes('/resume?')) return json(control({}));
      return json(statistics({ game: publicGame(OPEN_GAME) }));
    };
    open(`/live/${GAME_ID}/statistics`);
    const panel = await screen.findByRole('region', { name: 'Game controls' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Pause' }));
    await within(panel).findByRole('button', { name: 'Resume' });
    expect(within(panel).getByRole('status').textContent).toMatch(
      /^Paused at .*teams cannot answer/,
    );
    const [url] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe(`/v1/games/${GAME_ID}/pause?key=${ENCODED_KEY}`);
    fireEvent.click(within(panel).getByRole('button', { name: 'Resume' }));
    await within(panel).findByRole('button', { name: 'Pause' });
  });

  it('End now asks first: "Keep playing" sends nothing, "End now" ends the game and the controls go', async () => {
    handler = (url, init) => {
      if (init?.method === 'POST' && url.includes('/end?')) {
        return json(control({ phase: 'ended', endsAt: new Date().toISOString() }));
      }
      return json(statistics({ game: publicGame(OPEN_GAME) }));
    };
    open(`/live/${GAME_ID}/statistics`);
    const panel = await screen.findByRole('region', { name: 'Game controls' });
    fireEvent.click(within(panel).getByRole('button', { name: 'End now' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the game now?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep playing' }));
    expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(false);
    fireEvent.click(within(panel).getByRole('button', { name: 'End now' }));
    const again = await screen.findByRole('dialog', { name: 'End the game now?' });
    fireEvent.click(within(again).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Game controls' })).toBeNull());
    expect(screen.getByText(/^Ended /)).toBeTruthy();
  });

  it("a refused new end shows the server's message next to the controls, and the end stays", async () => {
    const refusal =
      'Launching an activity on a future date or over several days needs the PRO subscription. Please Contact Us to upgrade.';
    handler = (url, init) => {
      if (init?.method === 'PATCH') return json({ errorMessage: refusal }, 403);
      return json(statistics({ game: publicGame(OPEN_GAME) }));
    };
    open(`/live/${GAME_ID}/statistics`);
    const panel = await screen.findByRole('region', { name: 'Game controls' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Change end' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /^1 h more/ }));
    expect((await within(panel).findByRole('alert')).textContent).toContain(refusal);
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(url).toBe(`/v1/games/${GAME_ID}?key=${ENCODED_KEY}`);
    expect(Date.parse(JSON.parse(String(init?.body)).endsAt)).toBe(
      Date.parse(OPEN_GAME.endsAt) + 3_600_000,
    );
    expect(within(panel).getByRole('status').textContent).toContain(
      `Ends ${formatWhen(OPEN_GAME.endsAt)}`,
    );
  });
});

describe('presentation', () => {
  it('shows photos and videos as they come in, never a rejected one; videos play muted, on a loop', async () => {
    const stats = statistics({
      game: publicGame(OPEN_GAME),
      submissions: [
        submission('p1', { teamName: 'Ants', createdAt: '2030-01-01T10:01:00.000Z' }),
        submission('p2', {
          teamName: 'Bees',
          rejected: true,
          createdAt: '2030-01-01T10:02:00.000Z',
        }),
        submission('v1', {
          teamName: 'Cats',
          stepId: 's-photo',
          mediaUrl: '/uploads/v1.mp4',
          mediaType: 'video/mp4',
          createdAt: '2030-01-01T10:03:00.000Z',
        }),
      ],
    });
    Object.defineProperty(document, 'fullscreenEnabled', { value: true, configurable: true });
    handler = (url) =>
      url.includes('/statistics')
        ? json(stats)
        : json(scoreboard([row('a', { name: 'Ants', score: 50 })], undefined, OPEN_GAME));
    open(`/live/${GAME_ID}/presentation`);
    const feed = await screen.findByRole('list', { name: 'The newest photos and videos' });
    const items = within(feed).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(feed).queryByRole('img', { name: /by Bees/ })).toBeNull();
    const video = feed.querySelector('video')!;
    expect(video.getAttribute('aria-label')).toBe('Video by Cats for “Team selfie”');
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.loop).toBe(true);
    // Newest first.
    expect(items[0]?.contains(video)).toBe(true);
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy();
  });

  it('reads the photos again when the scoreboard shows a new answer (one event stream for both)', async () => {
    let stats = statistics({ game: publicGame(OPEN_GAME), submissions: [] });
    const board = (answered: number) =>
      scoreboard([row('a', { answered })], new Date().toISOString(), OPEN_GAME);
    handler = (url) => (url.includes('/statistics') ? json(stats) : json(board(0)));
    open(`/live/${GAME_ID}/presentation`);
    await screen.findByText('No photos or videos yet');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.latest();
    act(() => {
      source.open();
      source.emit('scoreboard', board(0));
    });
    stats = statistics({ game: publicGame(OPEN_GAME), submissions: [submission('p1')] });
    act(() => source.emit('scoreboard', board(1)));
    await screen.findByRole('img', { name: 'Photo by Team a for “Team selfie”' });
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
