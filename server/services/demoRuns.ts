/**
 * GET /my_demo_games (docs/games.md "Recent demo runs"): the caller's demo games that started in
 * the last 24 hours, newest first, with their teams and live-screen URLs, so a demo's statistics
 * stay reachable from My Activities for a day. Demos are tests, not launch instances, so they
 * never appear in /my_games (docs/statuses.md).
 */
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { games } from '../db/schema';
import { unauthorized } from '../errors';
import type { Actor } from './actor';
import { gamePhase } from '../../src/domain/games';
import { RECENT_DEMO_HOURS, type DemoRun } from '../../src/domain/demoRuns';
import { liveScreenUrls } from './games/publishing';
import { teamCounts } from './games/teamCounts';

const HOUR_MS = 3_600_000;

export async function listRecentDemoRuns(
  db: Database,
  actor: Actor,
  publicUrl: string,
  now = new Date(),
): Promise<DemoRun[]> {
  // Demos need an account (docs/games.md), so a guest has none to list.
  if (!actor.userId || !actor.user) throw unauthorized('Please sign in to see your demo runs.');
  const since = new Date(now.getTime() - RECENT_DEMO_HOURS * HOUR_MS);
  const rows = await db
    .select()
    .from(games)
    .where(
      and(eq(games.ownerUserId, actor.userId), eq(games.kind, 'demo'), gte(games.startsAt, since)),
    )
    .orderBy(desc(games.startsAt), desc(games.id));
  if (rows.length === 0) return [];
  const teamsByGame = await teamCounts(
    db,
    rows.map((g) => g.id),
  );
  return rows.map((game) => ({
    gameId: game.id,
    templateId: game.templateId,
    name: game.name,
    startsAt: game.startsAt.toISOString(),
    endsAt: game.endsAt.toISOString(),
    phase: gamePhase(game, now),
    teams: teamsByGame.get(game.id) ?? 0,
    ...liveScreenUrls(publicUrl, game),
  }));
}
