/**
 * The organiser's changes to a game's teams (docs/games.md "Teams: rename, remove, bonus and
 * penalty points"): rename a team, remove it, and give it bonus or penalty points with a reason.
 * Each works during the game and after its end (organisers fix scores afterwards). Access is
 * checked by the routes (the game's screen key or the owner's sign-in); a team of another game
 * is "not found", like a team that does not exist.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scoreAdjustments, teams } from '../../db/schema';
import {
  teamNameSchema,
  type ScoreAdjustment,
  type ScoreAdjustmentRequest,
} from '../../../src/domain/games';
import { badRequest, HttpError, notFound } from '../../errors';
import { PLAY_MESSAGES, type TeamRow } from './players';
import type { GameRow } from './publishing';

export const TEAM_MESSAGES = {
  unknownTeam: 'This activity has no such team.',
} as const;

export type ScoreAdjustmentRow = typeof scoreAdjustments.$inferSelect;

export function toScoreAdjustment(row: ScoreAdjustmentRow): ScoreAdjustment {
  return {
    id: row.id,
    teamId: row.teamId,
    points: row.points,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

const ofGame = (game: GameRow, teamId: string) =>
  and(eq(teams.id, teamId), eq(teams.gameId, game.id));

/** The team, if it is one of this game's; else 404. */
export async function gameTeam(db: Database, game: GameRow, teamId: string): Promise<TeamRow> {
  const [team] = await db.select().from(teams).where(ofGame(game, teamId));
  if (!team) throw notFound(TEAM_MESSAGES.unknownTeam);
  return team;
}

/**
 * PATCH /games/{id}/teams/{teamId} {name}: the joining rules (1–40 characters, spaces run
 * together, unique in the game whatever the case: 409 as when joining). A team may change the
 * case of its own name.
 */
export async function renameTeam(
  db: Database,
  game: GameRow,
  teamId: string,
  rawName: string,
): Promise<TeamRow> {
  const parsed = teamNameSchema.safeParse(rawName);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  const name = parsed.data.replace(/\s+/g, ' ');
  try {
    const [renamed] = await db
      .update(teams)
      .set({ name, nameKey: name.toLowerCase() })
      .where(ofGame(game, teamId))
      .returning();
    if (!renamed) throw notFound(TEAM_MESSAGES.unknownTeam);
    return renamed;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, PLAY_MESSAGES.nameTaken);
    throw error;
  }
}

/**
 * DELETE /games/{id}/teams/{teamId}: the team's row goes, and its submissions and adjustments
 * with it (foreign keys cascade). Its token then matches no team: its phone is refused (401).
 * Its uploaded photos and videos stay in storage (like those of a rejected submission).
 */
export async function removeTeam(db: Database, game: GameRow, teamId: string): Promise<void> {
  const removed = await db.delete(teams).where(ofGame(game, teamId)).returning({ id: teams.id });
  if (removed.length === 0) throw notFound(TEAM_MESSAGES.unknownTeam);
}

/**
 * POST /games/{id}/teams/{teamId}/adjustments: a bonus or a penalty. The adjustment is stored
 * and the team's score moves by its points in one transaction: the UPDATE locks the team's row,
 * so a removal at the same moment waits, and answers arriving meanwhile add to the score as
 * usual (`score = score + …`). A penalty may take a score below 0.
 */
export async function adjustScore(
  db: Database,
  game: GameRow,
  teamId: string,
  request: ScoreAdjustmentRequest,
  now = new Date(),
): Promise<{ adjustment: ScoreAdjustmentRow; team: TeamRow }> {
  return db.transaction(async (tx) => {
    const [team] = await tx
      .update(teams)
      .set({ score: sql`${teams.score} + ${request.points}` })
      .where(ofGame(game, teamId))
      .returning();
    if (!team) throw notFound(TEAM_MESSAGES.unknownTeam);
    const [adjustment] = await tx
      .insert(scoreAdjustments)
      .values({
        id: randomUUID(),
        gameId: game.id,
        teamId: team.id,
        points: request.points,
        reason: request.reason,
        createdAt: now,
      })
      .returning();
    return { adjustment: adjustment!, team };
  });
}

/** GET /games/{id}/teams/{teamId}/adjustments: the team's adjustments, oldest first. */
export async function teamAdjustments(
  db: Database,
  game: GameRow,
  teamId: string,
): Promise<ScoreAdjustmentRow[]> {
  await gameTeam(db, game, teamId);
  return db
    .select()
    .from(scoreAdjustments)
    .where(eq(scoreAdjustments.teamId, teamId))
    .orderBy(asc(scoreAdjustments.createdAt), asc(scoreAdjustments.id));
}

/** Every adjustment of a game, oldest first (statistics and the CSV). */
export function gameAdjustments(db: Database, game: GameRow): Promise<ScoreAdjustmentRow[]> {
  return db
    .select()
    .from(scoreAdjustments)
    .where(eq(scoreAdjustments.gameId, game.id))
    .orderBy(asc(scoreAdjustments.createdAt), asc(scoreAdjustments.id));
}
