// @vitest-environment happy-dom
/**
 * Phones show the final rank: when the game ends, the team's phone says its place
 * among every team ("You finished 2nd of 14"), its score and the top three. Ties share a place,
 * as on the scoreboard.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { PlayApp } from '../../../src/play/PlayApp';
import type { PlayerState, Scoreboard } from '../../../src/domain/games';
import {
  CODE,
  installFakeServer,
  playerState,
  playPath,
  publicGame,
  routes,
  scoreboard,
  team,
  TOKEN,
} from './fakes';
import { FakeEventSource } from '../support/fakeEventSource';

const row = (rank: number, teamId: string, name: string, score: number) => ({
  rank,
  teamId,
  name,
  photoUrl: null,
  score,
  answered: 2,
  lastAnswerAt: null,
});

const ended = publicGame({ phase: 'ended', teamsCount: 14, maxTeams: null });
let state: PlayerState;
let board: Scoreboard;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(`teamtrail.play.${CODE}`, TOKEN);
  history.replaceState(null, '', `/play/${CODE}`);
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
  state = playerState({ game: ended, team: team({ score: 70 }) });
  board = {
    ...scoreboard([
      row(1, 't2', 'The Foxes', 90),
      row(2, 't1', 'The Owls', 70),
      row(3, 't3', 'The Bees', 50),
      row(4, 't4', 'The Ants', 40),
    ]),
    game: ended,
  };
  installFakeServer(
    routes({
      [`GET ${playPath('/me')}`]: () => ({ status: 200, body: state }),
      [`GET ${playPath('/scoreboard')}`]: () => ({ status: 200, body: board }),
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const finalCard = () => screen.getByRole('region', { name: /You finished/ });

describe('the final screen', () => {
  it('an ended game shows the team’s place among every team, its score and the top three', async () => {
    render(<PlayApp />);
    const heading = await screen.findByRole('heading', { name: 'You finished 2nd of 14' });
    expect(heading).toBeTruthy();
    const card = finalCard();
    expect(within(card).getByText('This activity has ended. Thanks for playing!')).toBeTruthy();
    expect(card.querySelector('.pl-final-score')?.textContent).toBe('70 points');
    const podium = within(card).getAllByRole('listitem');
    expect(podium.map((r) => r.textContent)).toEqual([
      '1TThe Foxes90 points',
      '2TThe OwlsYour team70 points',
      '3TThe Bees50 points',
    ]);
    expect(podium[1]?.getAttribute('aria-current')).toBe('true');
  });

  it('ties share a place, as on the scoreboard', async () => {
    board = {
      ...board,
      rows: [
        row(1, 't2', 'The Foxes', 90),
        row(1, 't1', 'The Owls', 90),
        row(3, 't3', 'The Bees', 50),
      ],
    };
    render(<PlayApp />);
    expect(await screen.findByRole('heading', { name: 'You finished 1st of 14' })).toBeTruthy();
    expect(screen.getByText('Level on points with The Foxes')).toBeTruthy();
    expect(within(finalCard()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('a team below the top 20 rows sees its own place (its own row comes with the board)', async () => {
    board = {
      ...scoreboard([
        ...Array.from({ length: 20 }, (_, i) => row(i + 1, `top${i}`, `Team ${i}`, 100 - i)),
        row(57, 't1', 'The Owls', 3),
      ]),
      game: { ...ended, teamsCount: 80 },
    };
    render(<PlayApp />);
    expect(await screen.findByRole('heading', { name: 'You finished 57th of 80' })).toBeTruthy();
    expect(within(finalCard()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('the game ended while the phone was open: the "game" event brings the final screen', async () => {
    state = playerState({ team: team({ score: 70 }) });
    render(<PlayApp />);
    await screen.findByRole('link', { name: /Capital/ });
    expect(screen.queryByRole('heading', { name: /You finished/ })).toBeNull();

    state = playerState({ game: ended, team: team({ score: 70 }) });
    const stream = await vi.waitFor(() => FakeEventSource.latest());
    act(() => stream.emit('game', { phase: 'ended' }));
    expect(await screen.findByRole('heading', { name: 'You finished 2nd of 14' })).toBeTruthy();
    // The team can still look back at its tasks below.
    expect(screen.getByRole('link', { name: /Capital/ })).toBeTruthy();
  });

  it('moves with the live scoreboard (judging after the end)', async () => {
    render(<PlayApp />);
    await screen.findByRole('heading', { name: 'You finished 2nd of 14' });
    act(() =>
      FakeEventSource.latest().emit('scoreboard', {
        ...board,
        rows: [row(1, 't1', 'The Owls', 95), row(2, 't2', 'The Foxes', 90)],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'You finished 1st of 14' })).toBeTruthy();
    expect(finalCard().querySelector('.pl-final-score')?.textContent).toBe('95 points');
  });
});
