/**
 * The one-second cache of games by code (server/services/games/gameCache.ts): a game is kept for
 * a second, forgotten at once after a change, never brought back by a look-up that was already
 * in flight when the change happened, read once for all the calls that miss together, and kept
 * per database handle (per instance).
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

  it('makes one read for all the calls that miss while it runs, not one each', async () => {
    const cache = new GameCache();
    let reads = 0;
    let answer: (row: Omit<GameRow, 'snapshot'>) => void = () => {};
    const read = () => {
      reads++;
      return new Promise<Omit<GameRow, 'snapshot'> | undefined>((resolve) => (answer = resolve));
    };
    const calls = Array.from({ length: 50 }, () => cache.lookUp('ABC123', read));
    answer(game('ABC123', '2026-11-27T12:00:00Z'));
    const found = await Promise.all(calls);
    expect(reads).toBe(1);
    expect(found.every((g) => g?.code === 'ABC123')).toBe(true);
    // Remembered: the next call reads nothing.
    await cache.lookUp('ABC123', read);
    expect(reads).toBe(1);
  });

  it('starts a new read for calls after a change, and shares no failed read', async () => {
    const cache = new GameCache();
    const rows = [game('ABC123', '2026-11-27T12:00:00Z'), game('ABC123', '2026-11-27T10:00:00Z')];
    const pending: ((row: Omit<GameRow, 'snapshot'>) => void)[] = [];
    const read = () =>
      new Promise<Omit<GameRow, 'snapshot'> | undefined>((resolve) => pending.push(resolve));
    const before = cache.lookUp('ABC123', read);
    cache.forget('ABC123'); // the organiser ends the game while the first read runs
    const after = cache.lookUp('ABC123', read);
    expect(pending).toHaveLength(2);
    pending[0]!(rows[0]!);
    pending[1]!(rows[1]!);
    expect((await before)?.endsAt.toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect((await after)?.endsAt.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(cache.get('ABC123')?.endsAt.toISOString()).toBe('2026-11-27T10:00:00.000Z');

    const failing = new GameCache();
    await expect(
      failing.lookUp('XYZ789', () => Promise.reject(new Error('database gone'))),
    ).rejects.toThrow('database gone');
    await expect(
      failing.lookUp('XYZ789', () => Promise.resolve(game('XYZ789', '2026-11-27T12:00:00Z'))),
    ).resolves.toMatchObject({ code: 'XYZ789' });
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
