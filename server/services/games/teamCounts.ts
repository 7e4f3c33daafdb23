/** How many teams joined each of a set of games: one grouped query, for lists of games. */
import { count, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { teams } from '../../db/schema';

/** Teams per game id; a game nobody joined is absent (read it as 0). */
export async function teamCounts(
  db: Database,
  gameIds: readonly string[],
): Promise<Map<string, number>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db
    .select({ gameId: teams.gameId, n: count() })
    .from(teams)
    .where(inArray(teams.gameId, [...gameIds]))
    .groupBy(teams.gameId);
  return new Map(rows.map((row) => [row.gameId, row.n]));
}
