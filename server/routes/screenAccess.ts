/**
 * Who may use a game's live-screen and organiser calls (docs/games.md "Live screens"): whoever
 * has the game's screen key (`?key=`), or its signed-in owner. Anyone else, like a game that
 * does not exist, is 404, so games cannot be probed. Shared by the routes of games.ts and
 * gameTeams.ts.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { games } from '../db/schema';
import { idSchema } from '../../src/domain/schemas';
import { notFound } from '../errors';
import type { GameRow } from '../services/games/publishing';

export const SCREEN_NOT_FOUND = 'This activity does not exist, or the link is not complete.';

/** The `:gameId` of a live-screen call, and its `?key=`. */
export const screenParams = z.object({ gameId: idSchema });
export const screenQuery = z.object({ key: z.string().max(100).optional() });

const sameSecret = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** A live screen's game: by its screen key, or as its signed-in owner; else "not found". */
export async function screenGameOf(
  db: Database,
  request: FastifyRequest,
  gameId: string,
): Promise<GameRow> {
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  const key = (request.query as { key?: unknown } | undefined)?.key;
  const allowed =
    game &&
    ((typeof key === 'string' && sameSecret(key, game.screenKey)) ||
      (request.actor.userId !== null && request.actor.userId === game.ownerUserId));
  if (!allowed) throw notFound(SCREEN_NOT_FOUND);
  return game;
}
