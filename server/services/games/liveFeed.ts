/**
 * Live scoreboards for the streams of a game (players and live screens): one scoreboard is
 * worked out per game however many screens and phones watch it, at most every
 * SCOREBOARD_MIN_INTERVAL_MS, and only while somebody watches. Events from other instances
 * arrive through the same bus (realtimePostgres.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Scoreboard } from '../../../src/domain/games';
import { gameChannel } from '../realtime';
import { scoreboard } from './players';
import type { GameRow } from './publishing';

/**
 * A burst of answers becomes at most 2 scoreboard updates a second: "within a second" on every
 * screen, while a 2,000-team board is worked out only twice a second.
 */
export const SCOREBOARD_MIN_INTERVAL_MS = 500;

interface Watched {
  game: GameRow;
  listeners: Set<(board: Scoreboard) => void>;
  unsubscribe: () => void;
  timer: NodeJS.Timeout | null;
  lastSentAt: number;
}

export interface ScoreboardFeed {
  watch(game: GameRow, listener: (board: Scoreboard) => void): () => void;
}

export function createScoreboardFeed(app: FastifyInstance): ScoreboardFeed {
  const watched = new Map<string, Watched>();

  const sendNow = async (entry: Watched) => {
    entry.timer = null;
    entry.lastSentAt = Date.now();
    try {
      const board = await scoreboard(app.db, entry.game);
      for (const listener of entry.listeners) listener(board);
    } catch (error) {
      app.log.warn({ err: error, gameId: entry.game.id }, 'live scoreboard update failed');
    }
  };

  const schedule = (entry: Watched) => {
    if (entry.timer) return; // an update is already on its way and will include this change
    const wait = Math.max(0, entry.lastSentAt + SCOREBOARD_MIN_INTERVAL_MS - Date.now());
    entry.timer = setTimeout(() => void sendNow(entry), wait);
  };

  return {
    watch(game, listener) {
      let entry = watched.get(game.id);
      if (!entry) {
        const created: Watched = {
          game,
          listeners: new Set(),
          unsubscribe: () => undefined,
          timer: null,
          lastSentAt: 0,
        };
        created.unsubscribe = app.bus.subscribe(gameChannel(game.id), (event) => {
          // The organiser ended, paused or extended the game: the boards carry its new phase.
          if (event.type === 'game-changed' && event.control) {
            const { startsAt, endsAt, pausedAt } = event.control;
            created.game = {
              ...created.game,
              startsAt: new Date(startsAt),
              endsAt: new Date(endsAt),
              pausedAt: pausedAt === null ? null : new Date(pausedAt),
            };
          }
          schedule(created);
        });
        watched.set(game.id, created);
        entry = created;
      }
      entry.listeners.add(listener);
      const mine = entry;
      return () => {
        mine.listeners.delete(listener);
        if (mine.listeners.size === 0) {
          mine.unsubscribe();
          if (mine.timer) clearTimeout(mine.timer);
          watched.delete(game.id);
        }
      };
    },
  };
}
