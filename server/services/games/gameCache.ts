/**
 * Games by code, kept in memory for a second: every player call starts by finding its game, and
 * in a 2,000-team burst that look-up would be half the database's work. A second is what a change
 * made elsewhere can take to be seen here: the organiser's own End, Pause or new end is forgotten
 * at once on the instance that made it (control.ts) and, as soon as its event arrives, on every
 * instance whose phones or screens watch the game (liveFeed.ts); other instances (and a plan
 * change that lifts a teams limit) catch up within the second. An answer that lands in that
 * second after an End counts as one made just before it, which the late-answer grace allows.
 *
 * One read at a time per code: when the second runs out in the middle of a burst, the hundreds of
 * calls arriving before the database answers wait for the one read instead of each making its
 * own (measured: that herd kept the embedded database's queue long through a 2,000-answer burst).
 *
 * One cache per database handle, not per process: two instances in one process (the
 * two-instance tests) must not see each other's forgetting, or a missing cross-instance
 * invalidation would pass unnoticed.
 */
import { perOwner } from '../perOwner';
import type { GameRow } from './publishing';

export const GAME_CACHE_MS = 1_000;
const GAME_CACHE_SIZE = 500;

type GameWithoutSnapshot = Omit<GameRow, 'snapshot'>;

export class GameCache {
  private readonly games = new Map<string, { game: GameWithoutSnapshot; until: number }>();
  /**
   * Each forgetting gets the next number, kept per code: a row read before the latest forgetting
   * of its code (an End while the look-up was in flight) is not remembered, or the old phase
   * would come back for a second.
   */
  private generation = 0;
  private readonly forgotten = new Map<string, number>();
  /** The read under way per code, shared by every call that misses meanwhile. */
  private readonly reading = new Map<string, Promise<GameWithoutSnapshot | undefined>>();

  /**
   * The game of a code: from memory, or from `read` (once for all the calls that ask while it
   * runs). Undefined when there is no such game (not remembered: a code may be taken any time).
   */
  async lookUp(
    code: string,
    read: () => Promise<GameWithoutSnapshot | undefined>,
  ): Promise<GameWithoutSnapshot | undefined> {
    const cached = this.get(code);
    if (cached) return cached;
    let reading = this.reading.get(code);
    if (!reading) {
      const ticket = this.ticket();
      reading = read().then(
        (game) => {
          if (this.reading.get(code) === reading) this.reading.delete(code);
          if (game) this.remember(game, ticket);
          return game;
        },
        (error: unknown) => {
          if (this.reading.get(code) === reading) this.reading.delete(code);
          throw error;
        },
      );
      this.reading.set(code, reading);
    }
    return reading;
  }

  get(code: string, now = Date.now()): GameWithoutSnapshot | null {
    const entry = this.games.get(code);
    if (!entry) return null;
    if (entry.until <= now) {
      this.games.delete(code);
      return null;
    }
    return entry.game;
  }

  /** Taken just before reading a game's row; `remember` wants it back. */
  ticket(): number {
    return this.generation;
  }

  remember(game: GameWithoutSnapshot, ticket: number, now = Date.now()): void {
    if ((this.forgotten.get(game.code) ?? -1) >= ticket) return; // read before a change
    this.games.delete(game.code); // re-insert: Map order is the recency order
    this.games.set(game.code, { game, until: now + GAME_CACHE_MS });
    if (this.games.size > GAME_CACHE_SIZE) this.games.delete(this.games.keys().next().value!);
  }

  /** After a change to a game's row: its next look-up reads the database. */
  forget(code: string): void {
    this.games.delete(code);
    // Calls from now on read again: a read under way may have seen the row before the change.
    this.reading.delete(code);
    this.forgotten.delete(code);
    this.forgotten.set(code, this.generation++);
    if (this.forgotten.size > GAME_CACHE_SIZE) {
      this.forgotten.delete(this.forgotten.keys().next().value!);
    }
  }

  /** For tests that change games' rows directly in the database. */
  clear(): void {
    this.games.clear();
  }
}

/** The cache of the instance that uses this database handle (`app.db`). */
export const gameCacheOf = perOwner((_db: object) => new GameCache());
