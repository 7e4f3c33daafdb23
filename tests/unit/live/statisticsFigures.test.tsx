// @vitest-environment happy-dom
/**
 * The statistics screen's "Photos and videos" figure counts what "Download photos and videos"
 * holds: the tasks' photos and videos and the team photos (docs/games.md).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { theme } from '../../../src/ui/theme';
import { LiveApp } from '../../../src/live/LiveApp';
import { FakeEventSource } from '../support/fakeEventSource';
import { GAME_ID, json, KEY, publicGame, statistics, submission, team } from './fixtures';
import type { Statistics } from '../../../src/domain/games';

const OPEN_GAME = {
  startsAt: new Date(Date.now() - 3_600_000).toISOString(),
  endsAt: new Date(Date.now() + 3_600_000).toISOString(),
};

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openWith(stats: Statistics) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(stats)),
  );
  render(
    <MantineProvider theme={theme}>
      <LiveApp
        location={{
          pathname: `/live/${GAME_ID}/statistics`,
          search: `?key=${encodeURIComponent(KEY)}`,
        }}
      />
    </MantineProvider>,
  );
  await screen.findByRole('tab', { name: /Photos and videos/ });
}

describe('the "Photos and videos" figure equals the files in the zip', () => {
  it('counts the team photos with the tasks’ photos and videos, rejected ones too, and says so', async () => {
    await openWith(
      statistics({
        game: publicGame({ ...OPEN_GAME, teamsCount: 3 }),
        teams: [
          {
            team: team('a', { photoUrl: '/uploads/a.jpg' }),
            answered: 1,
            correct: 0,
            timeSeconds: 5,
            adjustmentPoints: 0,
          },
          {
            team: team('b', { photoUrl: '/uploads/b.jpg' }),
            answered: 1,
            correct: 0,
            timeSeconds: 5,
            adjustmentPoints: 0,
          },
          { team: team('c'), answered: 0, correct: 0, timeSeconds: null, adjustmentPoints: 0 },
        ],
        submissions: [
          submission('p1'),
          submission('p2', { teamId: 'b', teamName: 'Team b', rejected: true }),
        ],
      }),
    );
    expect(screen.getByTestId('figure-media').textContent).toBe('4');
    expect(screen.getByTestId('figure-media-note').textContent).toBe('including 2 team photos');
    // The tab lists what can be judged: the tasks' photos and videos.
    expect(screen.getByRole('tab', { name: 'Photos and videos (2)' })).toBeTruthy();
  });

  it('without team photos: the tasks’ photos and videos only, and no note', async () => {
    await openWith(statistics({ game: publicGame({ ...OPEN_GAME, teamsCount: 2 }) }));
    expect(screen.getByTestId('figure-media').textContent).toBe('1');
    expect(screen.queryByTestId('figure-media-note')).toBeNull();
  });

  it('one team photo is "1 team photo"', async () => {
    await openWith(
      statistics({
        game: publicGame({ ...OPEN_GAME, teamsCount: 1 }),
        teams: [
          {
            team: team('a', { photoUrl: '/uploads/a.jpg' }),
            answered: 0,
            correct: 0,
            timeSeconds: null,
            adjustmentPoints: 0,
          },
        ],
        submissions: [],
      }),
    );
    expect(screen.getByTestId('figure-media').textContent).toBe('1');
    expect(screen.getByTestId('figure-media-note').textContent).toBe('including 1 team photo');
  });
});
