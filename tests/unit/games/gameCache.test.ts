/**
 * The one-second cache of games by code (server/services/games/gameCache.ts): a game is kept for
 * a second, forgotten at once after a change, never brought back by a look-up that was already
 * in flight when the change happened, and kept per database handle (per instance).
 */
import { describe, expect, it } from 'vitest';
import { GAME_CACHE_MS, GameCache, gameCacheOf } from '../../../server/services/games/gameCache';
import type { GameRow } from '../../../server/services/games/publishing';

const game = (code: string, endsAt: string) =>
  ({ id: `id-${code}`, code, endsAt: new Date(endsAt) }) as unknown as Omit<GameRow, 'snapshot'>;

describe('gameCache', () => {
  it('keeps a game for a second, then reads the database again', () => {
    const cache = new GameCache();
    cache.remember(game('ABC123', '2026-11-27T12:00:00Z'), cache.ticket(), 1_000);
    expect(cache.get('ABC123', 1_000 + GAME_CACHE_MS - 1)?.code).toBe('ABC123');
    expect(cache.get('ABC123', 1_000 + GAME_CACHE_MS)).toBeNull();
  });

  it('forgets a game at once after a change to its row', () => {
    const cache = new GameCache();
    cache.remember(game('ABC123', '2026-11-27T12:00:00Z'), cache.ticket(), 1_000);
    cache.forget('ABC123');
    expect(cache.get('ABC123', 1_001)).toBeNull();
  });

  it('does not remember a row read before an End that happened while the read was in flight', () => {
    const cache = new GameCache();
    const ticket = cache.ticket(); // the look-up starts
    cache.forget('ABC123'); // the organiser ends the game meanwhile
    cache.remember(game('ABC123', '2026-11-27T12:00:00Z'), ticket, 1_000); // the old row arrives
    expect(cache.get('ABC123', 1_001)).toBeNull();
    // A look-up that starts after the End is remembered as usual.
    cache.remember(game('ABC123', '2026-11-27T10:00:00Z'), cache.ticket(), 1_002);
    expect(cache.get('ABC123', 1_003)?.endsAt.toISOString()).toBe('2026-11-27T10:00:00.000Z');
  });

  it('a change to one game does not stop another being remembered', () => {
    const cache = new GameCache();
    const ticket = cache.ticket();
    cache.forget('OTHER1');
    cache.remember(game('ABC123', '2026-11-27T12:00:00Z'), ticket, 1_000);
    expect(cache.get('ABC123', 1_001)?.code).toBe('ABC123');
  });

  it('is one cache per database handle, so instances in one process do not share it', () => {
    const dbA = {};
    const dbB = {};
    expect(gameCacheOf(dbA)).toBe(gameCacheOf(dbA));
    expect(gameCacheOf(dbA)).not.toBe(gameCacheOf(dbB));
    gameCacheOf(dbA).remember(game('ABC123', '2026-11-27T12:00:00Z'), 0);
    expect(gameCacheOf(dbB).get('ABC123')).toBeNull();
  });
});
