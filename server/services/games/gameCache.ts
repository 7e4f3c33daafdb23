/**
 * Games by code, kept in memory for a second: every player call starts by finding its game, and
 * in a 2,000-team burst that look-up would be half the database's work. A second is what a change
 * made elsewhere can take to be seen here: the organiser's own End, Pause or new end is forgotten
 * at once on the instance that made it (control.ts), and other instances (and a plan change that
 * lifts a teams limit) catch up within the second. An answer that lands in that second after an
 * End counts as one made just before it, which the late-answer grace allows anyway.
 */
import type { GameRow } from './publishing';

export const GAME_CACHE_MS = 1_000;
const GAME_CACHE_SIZE = 500;

type GameWithoutSnapshot = Omit<GameRow, 'snapshot'>;

const cached = new Map<string, { game: GameWithoutSnapshot; until: number }>();

export function cachedGame(code: string, now = Date.now()): GameWithoutSnapshot | null {
  const entry = cached.get(code);
  if (!entry) return null;
  if (entry.until <= now) {
    cached.delete(code);
    return null;
  }
  return entry.game;
}

export function rememberGame(game: GameWithoutSnapshot, now = Date.now()): void {
  cached.delete(game.code); // re-insert: Map order is the recency order
  cached.set(game.code, { game, until: now + GAME_CACHE_MS });
  if (cached.size > GAME_CACHE_SIZE) cached.delete(cached.keys().next().value!);
}

/** After a change to a game's row: its next look-up reads the database. */
export function forgetGame(code: string): void {
  cached.delete(code);
}

/** For tests that change games' rows directly in the database. */
export function forgetCachedGames(): void {
  cached.clear();
}
