/**
 * GET /my_games: one row per activity (an own, live template) with its status worked out by
 * the domain rules (docs/statuses.md). Launch instances arrive with the games issue; until
 * then every activity has none, so its status is unpublished, editing or ready.
 */
import { and, desc, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { templates } from '../db/schema';
import type { ActivityRow } from '../../src/domain/schemas';
import { deriveActivityStatus } from '../../src/domain/status';
import { isTemplateValid } from '../../src/domain/validation/template';
import { formatDuration } from '../../src/domain/constants';
import { ownedBy, type Owner, type TemplateRow } from './templates';

export function toActivityRow(row: TemplateRow, now: Date): ActivityRow {
  const status = deriveActivityStatus(
    {
      templateValid: isTemplateValid(row),
      // Revision 1 is the template as it was created (copied or generated); any accepted edit
      // moves it on.
      changedSinceCreation: row.revision > 1,
      instances: [],
    },
    now,
  );
  return {
    id: row.id,
    name: row.name,
    gameType: row.gameType as ActivityRow['gameType'],
    stepsCount: row.steps.length,
    runTime: formatDuration(row.duration),
    runTimeMin: row.duration,
    plays: 0,
    status,
    scoreboardUrl: null,
    presentationUrl: null,
    statisticsUrl: null,
  };
}

export async function listActivities(
  db: Database,
  owner: Owner,
  now = new Date(),
): Promise<ActivityRow[]> {
  const rows = await db
    .select()
    .from(templates)
    .where(and(ownedBy(owner), isNull(templates.deletedAt)))
    .orderBy(desc(templates.updatedAt), desc(templates.id));
  return rows.map((row) => toActivityRow(row, now));
}
