/**
 * The pace of a live game's scoreboard updates (server/services/games/liveFeed.ts): live screens
 * get one at most every 500 ms; phones at a pace set by their number (every 500 ms up to 500
 * phones, then 1 ms per phone, at most every 2 s), so that a 2,000-team game does not spend the
 * thread its answers need on writing scoreboards. Whatever the pace, every watcher ends on the
 * board's last state.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  createInProcessBus,
  gameChannel,
  type RealtimeEvent,
} from '../../../server/services/realtime';
import type { BoardTeam } from '../../../server/services/games/liveScoreboard';
import type { GameRow } from '../../../server/services/games/publishing';
import type { Scoreboard } from '../../../src/domain/games';
import type * as PlayersModule from '../../../server/services/games/players';

const TEAMS = 1_500;
const boardTeams: BoardTeam[] = Array.from({ length: TEAMS }, (_, i) => ({
  id: `team-${i}`,
  name: `Team ${i}`,
  photoUrl: null,
  score: 0,
  answered: 0,
  lastAnswerAt: null,
}));

vi.mock('../../../server/services/games/players', async (importOriginal) => ({
  ...(await importOriginal<typeof PlayersModule>()),
  // The board as the database would give it, without a database.
  loadBoardTeams: async () => boardTeams.map((team) => ({ ...team })),
}));

const { createLiveGameFeed, phoneBoardInterval, PHONES_PER_TURN, SCOREBOARD_MIN_INTERVAL_MS } =
  await import('../../../server/services/games/liveFeed');

const game = {
  id: 'game-1',
  code: 'ABC123',
  name: 'Quiz',
  kind: 'live',
  startsAt: new Date(Date.UTC(2026, 0, 1)),
  endsAt: new Date(Date.UTC(2030, 0, 1)),
  pausedAt: null,
  maxTeams: 5_000,
  snapshot: { gameType: 'quiz', steps: [], branding: null, theme: null },
} as unknown as GameRow;

function fakeApp() {
  const bus = createInProcessBus();
  const app = {
    bus,
    db: {},
    addHook: () => undefined,
    log: { warn: vi.fn() },
  } as unknown as FastifyInstance;
  return { app, bus };
}

const answer = (teamIndex: number, answered: number): RealtimeEvent => ({
  type: 'game-changed',
  gameId: game.id,
  reason: 'submission',
  standing: {
    teamId: `team-${teamIndex}`,
    score: answered * 10,
    answered,
    lastAnswerAt: new Date(Date.UTC(2026, 5, 1, 0, 0, answered)).toISOString(),
  },
});

describe('phones’ scoreboard pace', () => {
  it('is every 500 ms up to 500 phones, then 1 ms per phone, at most every 2 s', () => {
    expect(phoneBoardInterval(1)).toBe(SCOREBOARD_MIN_INTERVAL_MS);
    expect(phoneBoardInterval(500)).toBe(500);
    expect(phoneBoardInterval(1_000)).toBe(1_000);
    expect(phoneBoardInterval(2_000)).toBe(2_000);
    expect(phoneBoardInterval(10_000)).toBe(2_000);
  });
});

describe('a live game’s updates', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reach the live screen every 500 ms and 1,500 phones every 1.5 s during a burst, and everyone ends on the last state', async () => {
    const { app, bus } = fakeApp();
    const feed = createLiveGameFeed(app);
    const screenBoards: Scoreboard[] = [];
    feed.watchScoreboard(game, (json) => screenBoards.push(JSON.parse(json) as Scoreboard));
    const phoneBoards = new Map<string, string[]>();
    for (let i = 0; i < TEAMS; i++) {
      const teamId = `team-${i}`;
      const boards: string[] = [];
      phoneBoards.set(teamId, boards);
      feed.watchAsPhone(game, teamId, {
        sendJson: (event, json) => {
          if (event === 'scoreboard') boards.push(json);
        },
      });
    }
    // The first board for everyone, then a quiet moment.
    await vi.advanceTimersByTimeAsync(3_000);
    const screensBefore = screenBoards.length;
    const phonesBefore = phoneBoards.get('team-0')!.length;
    expect(screensBefore).toBeGreaterThan(0);
    expect(phonesBefore).toBeGreaterThan(0);

    // A burst: an answer every 100 ms for 3 s.
    for (let n = 1; n <= 30; n++) {
      bus.publish(gameChannel(game.id), answer(n % 10, n));
      await vi.advanceTimersByTimeAsync(100);
    }
    const screensDuring = screenBoards.length - screensBefore;
    const phonesDuring = phoneBoards.get('team-0')!.length - phonesBefore;
    // 3 s at 500 ms: 6 (±1 at the edges); at 1.5 s: 2 (±1).
    expect(screensDuring).toBeGreaterThanOrEqual(5);
    expect(screensDuring).toBeLessThanOrEqual(7);
    expect(phonesDuring).toBeGreaterThanOrEqual(1);
    expect(phonesDuring).toBeLessThanOrEqual(3);

    // Once the phones' turn comes, they show the last answer too.
    await vi.advanceTimersByTimeAsync(phoneBoardInterval(TEAMS));
    const leader = (json: string) => (JSON.parse(json) as Scoreboard).rows[0];
    expect(screenBoards.at(-1)!.rows[0]).toMatchObject({ name: 'Team 0', score: 300 });
    expect(leader(phoneBoards.get('team-0')!.at(-1)!)).toMatchObject({
      name: 'Team 0',
      score: 300,
    });
    expect(leader(phoneBoards.get('team-1499')!.at(-1)!)).toMatchObject({ score: 300 });
    // Nothing more is owed: no update without a change.
    const settled = screenBoards.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(screenBoards.length).toBe(settled);
  });

  it('sends a few phones every update the screens get', async () => {
    const { app, bus } = fakeApp();
    const feed = createLiveGameFeed(app);
    let screens = 0;
    let phone = 0;
    feed.watchScoreboard(game, () => screens++);
    feed.watchAsPhone(game, 'team-1', { sendJson: () => phone++ });
    await vi.advanceTimersByTimeAsync(1_000);
    for (let n = 1; n <= 20; n++) {
      bus.publish(gameChannel(game.id), answer(1, n));
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    expect(phone).toBe(screens);
  });
});

describe('a phones’ update', () => {
  it('is written a slice of phones per turn of the event loop, so that requests are read between slices, and skips a phone gone meanwhile', async () => {
    const { app } = fakeApp();
    const feed = createLiveGameFeed(app);
    // The turn of the event loop each phone's board was written in.
    let turn = 0;
    let turning = true;
    const tick = () => {
      turn++;
      if (turning) setImmediate(tick);
    };
    setImmediate(tick);
    const turnOfPhone = new Map<number, number>();
    const stops: (() => void)[] = [];
    for (let i = 0; i < TEAMS; i++) {
      stops.push(
        feed.watchAsPhone(game, `team-${i}`, {
          sendJson: (event) => {
            if (event !== 'scoreboard') return;
            turnOfPhone.set(i, turn);
            // The last phone leaves while the first slice is being written.
            if (i === 0) stops[TEAMS - 1]!();
          },
        }),
      );
    }
    // Until every phone but the one that left has its board (the slices are written on the
    // feed's own schedule: real timers here).
    await vi.waitFor(() => expect(turnOfPhone.size).toBe(TEAMS - 1), { timeout: 10_000 });
    turning = false;

    expect(turnOfPhone.has(TEAMS - 1)).toBe(false);
    const phonesPerTurn = new Map<number, number>();
    for (const at of turnOfPhone.values()) phonesPerTurn.set(at, (phonesPerTurn.get(at) ?? 0) + 1);
    expect(Math.max(...phonesPerTurn.values())).toBeLessThanOrEqual(PHONES_PER_TURN);
    expect(phonesPerTurn.size).toBeGreaterThanOrEqual(Math.ceil((TEAMS - 1) / PHONES_PER_TURN));
  });
});
