/**
 * GET /my_games: one row per activity (an own, live template) with its status worked out by
 * the domain rules (docs/statuses.md) from its launch instances (launches and scheduled games;
 * demos are tests and do not count), its plays (teams over all instances), and the live-screen
 * URLs of its current instance (docs/games.md), and that instance's game status URL for the
 * join info dialog (SPEC §2.9: its schedule, QR code and code), and that instance's game id,
 * phase and end for the row's game controls, when its latest launch instance was made
 * (`lastLaunchedAt`, for FREE's one launch a day), and where an activity that keeps edits
 * made after a deletion came from.
 */
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { games, templates } from '../db/schema';
import { isInstanceOpen, type LaunchInstance } from '../../src/domain/status';
import { gameStatusUrl, liveScreenUrls, type GameRow } from './games/publishing';
import { teamCounts } from './games/teamCounts';
import type { ActivityRow } from '../../src/domain/schemas';
import { deriveActivityStatus } from '../../src/domain/status';
import { gamePhase } from '../../src/domain/games';
import { isTemplateValid } from '../../src/domain/validation/template';
import { formatDuration } from '../../src/domain/constants';
import { ownedBy, restoredFields, type Owner, type TemplateRow } from './templates';

type Instance = LaunchInstance & { game: GameRow };

/**
 * The instance whose live screens the row links to: the one open now, else the next to start,
 * else the most recent.
 */
function currentInstance(instances: readonly Instance[], now: Date): Instance | null {
  const open = instances.find((i) => isInstanceOpen(i, now));
  if (open) return open;
  const upcoming = instances
    .filter((i) => i.startsAt.getTime() > now.getTime())
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  if (upcoming[0]) return upcoming[0];
  return [...instances].sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime())[0] ?? null;
}

export function toActivityRow(
  row: TemplateRow,
  now: Date,
  instances: readonly Instance[] = [],
  publicUrl = '',
): ActivityRow {
  const status = deriveActivityStatus(
    {
      templateValid: isTemplateValid(row),
      // Revision 1 is the template as it was created (copied or generated); any accepted edit
      // moves it on.
      changedSinceCreation: row.revision > 1,
      instances,
    },
    now,
  );
  const current = currentInstance(instances, now);
  const urls = current
    ? {
        ...liveScreenUrls(publicUrl, current.game),
        gameStatusUrl: gameStatusUrl(publicUrl, current.game),
      }
    : { scoreboardUrl: null, presentationUrl: null, statisticsUrl: null, gameStatusUrl: null };
  // The row's game controls act on the same instance its live screens show.
  const game = current
    ? {
        gameId: current.game.id,
        gamePhase: gamePhase(current.game, now),
        gameEndsAt: current.game.endsAt.toISOString(),
      }
    : { gameId: null, gamePhase: null, gameEndsAt: null };
  // When the latest launch instance was made: the client tells FREE's one launch a day from it.
  const lastLaunched = instances.reduce<Date | null>(
    (latest, i) => (latest && latest >= i.game.createdAt ? latest : i.game.createdAt),
    null,
  );
  return {
    id: row.id,
    name: row.name,
    gameType: row.gameType as ActivityRow['gameType'],
    stepsCount: row.steps.length,
    runTime: formatDuration(row.duration),
    runTimeMin: row.duration,
    plays: instances.reduce((sum, i) => sum + i.plays, 0),
    status,
    ...urls,
    ...game,
    lastLaunchedAt: lastLaunched ? lastLaunched.toISOString() : null,
    // Deleted on another device, edited here: My Activities marks an activity that keeps edits
    // made after a deletion.
    ...restoredFields(row),
  };
}

async function launchInstances(db: Database, owner: Owner): Promise<Map<string, Instance[]>> {
  const byTemplate = new Map<string, Instance[]>();
  if (!owner.userId) return byTemplate; // guests cannot launch
  const rows = await db
    .select()
    .from(games)
    .where(and(eq(games.ownerUserId, owner.userId), ne(games.kind, 'demo')));
  if (rows.length === 0) return byTemplate;
  const playsByGame = await teamCounts(
    db,
    rows.map((g) => g.id),
  );
  for (const game of rows) {
    const list = byTemplate.get(game.templateId) ?? [];
    list.push({
      startsAt: game.startsAt,
      endsAt: game.endsAt,
      plays: playsByGame.get(game.id) ?? 0,
      game,
    });
    byTemplate.set(game.templateId, list);
  }
  return byTemplate;
}

export async function listActivities(
  db: Database,
  owner: Owner,
  publicUrl: string,
  now = new Date(),
): Promise<ActivityRow[]> {
  const rows = await db
    .select()
    .from(templates)
    .where(and(ownedBy(owner), isNull(templates.deletedAt)))
    .orderBy(desc(templates.updatedAt), desc(templates.id));
  const instances = await launchInstances(db, owner);
  return rows.map((row) => toActivityRow(row, now, instances.get(row.id) ?? [], publicUrl));
}
