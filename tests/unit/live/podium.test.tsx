// @vitest-environment happy-dom
/**
 * The end of a game as a moment: the podium of the first three places on the
 * scoreboard and the presentation, ties sharing a step; and the last five minutes counted down.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { theme } from '../../../src/ui/theme';
import { LiveApp } from '../../../src/live/LiveApp';
import { podiumPlaces } from '../../../src/live/state/podium';
import { FakeEventSource } from '../support/fakeEventSource';
import { GAME_ID, json, KEY, row, scoreboard } from './fixtures';

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openWith(board: unknown, screenName: 'scoreboard' | 'presentation') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(board)),
  );
  render(
    <MantineProvider theme={theme}>
      <LiveApp
        location={{
          pathname: `/live/${GAME_ID}/${screenName}`,
          search: `?key=${encodeURIComponent(KEY)}`,
        }}
      />
    </MantineProvider>,
  );
}

const ENDED = {
  phase: 'ended' as const,
  startsAt: new Date(Date.now() - 3_600_000).toISOString(),
  endsAt: new Date(Date.now() - 60_000).toISOString(),
};

describe('podium places', () => {
  it('takes the first three ranks; tied teams share a place and the next place is skipped', () => {
    const places = podiumPlaces([
      row('a', { rank: 1, score: 50 }),
      row('b', { rank: 1, score: 50 }),
      row('c', { rank: 3, score: 40 }),
      row('d', { rank: 4, score: 10 }),
    ]);
    expect(places.map((p) => [p.rank, p.teams.map((t) => t.teamId)])).toEqual([
      [1, ['a', 'b']],
      [3, ['c']],
    ]);
  });
});

describe('the end on the live screens', () => {
  it('the scoreboard of an ended game shows the podium above the final results', async () => {
    openWith(
      scoreboard(
        [
          row('a', { rank: 1, score: 90, name: 'Owls' }),
          row('b', { rank: 2, score: 60, name: 'Foxes' }),
          row('c', { rank: 3, score: 30, name: 'Bears' }),
          row('d', { rank: 4, score: 10, name: 'Hares' }),
        ],
        undefined,
        ENDED,
      ),
      'scoreboard',
    );
    const podium = await screen.findByTestId('podium');
    const steps = within(podium).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('aria-label'))).toEqual([
      '1st: Owls, 90 points',
      '2nd: Foxes, 60 points',
      '3rd: Bears, 30 points',
    ]);
    expect(within(podium).queryByText('Hares')).toBeNull();
  });

  it('the presentation of an ended game says "And the winner is…" over the podium', async () => {
    openWith(
      scoreboard([row('a', { rank: 1, score: 90, name: 'Owls' })], undefined, ENDED),
      'presentation',
    );
    expect(await screen.findByRole('heading', { name: 'And the winner is…' })).toBeTruthy();
    expect(screen.getByTestId('podium').textContent).toContain('Owls');
  });

  it('counts down the last five minutes to the second, and not before', async () => {
    const soon = {
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 3 * 60_000 + 30_000).toISOString(),
    };
    openWith(scoreboard([row('a', { score: 5 })], undefined, soon), 'scoreboard');
    expect((await screen.findByTestId('countdown')).textContent).toMatch(/^Ends in 3:(29|30)$/);
    cleanup();
    const later = { ...soon, endsAt: new Date(Date.now() + 3_600_000).toISOString() };
    openWith(scoreboard([row('a', { score: 5 })], undefined, later), 'scoreboard');
    await screen.findByText(/^Open until /);
    expect(screen.queryByTestId('countdown')).toBeNull();
  });
});
