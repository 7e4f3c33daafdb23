// @vitest-environment happy-dom
/**
 * The scoreboard: GET /scoreboard, then live from the game's events ('scoreboard'); the team's
 * own row is highlighted.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { PlayApp } from '../../../src/play/PlayApp';
import {
  CODE,
  installFakeServer,
  playerState,
  playPath,
  publicGame,
  routes,
  scoreboard,
  TOKEN,
} from './fakes';
import { FakeEventSource } from '../support/fakeEventSource';
import type { FakeServer } from './fakes';

const row = (rank: number, teamId: string, name: string, score: number) => ({
  rank,
  teamId,
  name,
  photoUrl: null,
  score,
  answered: rank,
  lastAnswerAt: null,
});

let server: FakeServer;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(`teamtrail.play.${CODE}`, TOKEN);
  history.replaceState(null, '', `/play/${CODE}/scoreboard`);
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
  server = installFakeServer(
    routes({
      [`GET ${playPath('/me')}`]: { status: 200, body: playerState() },
      [`GET ${playPath('/scoreboard')}`]: {
        status: 200,
        body: scoreboard([row(1, 't2', 'The Foxes', 40), row(2, 't1', 'The Owls', 10)]),
      },
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the scoreboard', () => {
  it('ranks the teams and highlights the player’s own team', async () => {
    render(<PlayApp />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      '1TThe Foxes1 task done40 points',
      '2TThe OwlsYour team2 tasks done10 points',
    ]);
    expect(rows[1]?.getAttribute('aria-current')).toBe('true');
    expect(rows[0]?.getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('Your team is 2nd of 2.')).toBeTruthy();
    // It asks for the top of the board and its own row (docs/games.md).
    expect(server.calls.some((c) => c.path === playPath('/scoreboard?team=t1'))).toBe(true);
  });

  it('updates live from the game’s "scoreboard" events', async () => {
    render(<PlayApp />);
    await screen.findByText('Your team is 2nd of 2.');
    const source = FakeEventSource.latest();
    expect(source.url).toBe(playPath('/events?team=t1'));
    act(() => {
      source.open();
      source.emit(
        'scoreboard',
        scoreboard([row(1, 't1', 'The Owls', 60), row(2, 't2', 'The Foxes', 40)]),
      );
    });
    expect(await screen.findByText('Your team is 1st of 2.')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('stops listening when the team leaves the scoreboard', async () => {
    const { unmount } = render(<PlayApp />);
    await screen.findByText('Your team is 2nd of 2.');
    unmount();
    expect(FakeEventSource.latest().closed).toBe(true);
  });
});

describe('the team count past 20 teams (phones get the top 20 rows and their own)', () => {
  /** What the server sends a phone of team t1 at rank `rank` of `teams`: 21 rows. */
  const phoneBoard = (rank: number, teams: number) => ({
    ...scoreboard([
      ...Array.from({ length: 20 }, (_, i) => row(i + 1, `top${i}`, `Team ${i}`, 100 - i)),
      row(rank, 't1', 'The Owls', 0),
    ]),
    game: publicGame({ teamsCount: teams, maxTeams: null }),
  });

  it('says the team’s place of every team in the game, not of the rows the phone got', async () => {
    server.handler = routes({
      [`GET ${playPath('/me')}`]: { status: 200, body: playerState() },
      [`GET ${playPath('/scoreboard')}`]: { status: 200, body: phoneBoard(57, 80) },
    });
    render(<PlayApp />);
    expect(await screen.findByText('Your team is 57th of 80.')).toBeTruthy();
    expect(await screen.findAllByRole('listitem')).toHaveLength(21);
  });

  it('follows the count live as teams join', async () => {
    server.handler = routes({
      [`GET ${playPath('/me')}`]: { status: 200, body: playerState() },
      [`GET ${playPath('/scoreboard')}`]: { status: 200, body: phoneBoard(57, 80) },
    });
    render(<PlayApp />);
    await screen.findByText('Your team is 57th of 80.');
    act(() => FakeEventSource.latest().emit('scoreboard', phoneBoard(58, 81)));
    expect(await screen.findByText('Your team is 58th of 81.')).toBeTruthy();
  });
});
