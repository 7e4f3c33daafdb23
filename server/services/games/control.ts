/**
 * The organiser's control of a running game (docs/games.md "Game control"): end it now, pause
 * and resume it, move its end. Each change is one conditional UPDATE, so two organisers' screens
 * acting at once cannot revive an ended game or pause one that has just ended: the condition is
 * checked by the database in the same statement that writes.
 */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { games, users } from '../../db/schema';
import { gamePhase, type GameControl } from '../../../src/domain/games';
import { DEMO_VALIDITY_MINUTES } from '../../../src/domain/constants';
import { canScheduleFutureOrMultiDay, isFutureOrMultiDay } from '../../../src/domain/plans';
import type { PlanId } from '../../../src/domain/schemas';
import { badRequest, forbidden, HttpError } from '../../errors';
import { gameCacheOf } from './gameCache';
import { PLAN_MESSAGES, type GameRow } from './publishing';

export const CONTROL_MESSAGES = {
  ended: 'This activity has ended already.',
  notStarted: 'This activity has not started yet: it cannot be paused.',
  endPassed: 'The new end has passed already. Use End now to end the activity at once.',
  endBeforeStart: 'The activity must end after it starts.',
  tooLong: 'An activity can run for at most a year.',
  demoTooLong: `A demo runs for at most ${DEMO_VALIDITY_MINUTES} minutes. Launch the activity to play it for longer.`,
} as const;

const MAX_RUN_MS = 366 * 24 * 60 * 60_000;

export function toGameControl(game: GameRow, now = new Date()): GameControl {
  return {
    id: game.id,
    phase: gamePhase(game, now),
    startsAt: game.startsAt.toISOString(),
    endsAt: game.endsAt.toISOString(),
    pausedAt: game.pausedAt?.toISOString() ?? null,
  };
}

/** Whether a control call left the game as it was: the same start, end and pause. */
export function sameControl(before: GameRow, after: GameRow): boolean {
  const time = (date: Date | null) => date?.getTime() ?? null;
  return (
    time(before.startsAt) === time(after.startsAt) &&
    time(before.endsAt) === time(after.endsAt) &&
    time(before.pausedAt) === time(after.pausedAt)
  );
}

/** The game's row after a conditional update, or the refusal that explains why none matched. */
async function updated(db: Database, game: GameRow, rows: GameRow[], now: Date): Promise<GameRow> {
  // Players' calls on this instance see the change at once (gameCache.ts).
  gameCacheOf(db).forget(game.code);
  if (rows[0]) return rows[0];
  // Nothing matched: the game moved on meanwhile (another screen ended it, or its end passed).
  const [current] = await db.select().from(games).where(eq(games.id, game.id));
  const phase = gamePhase(current ?? game, now);
  if (phase === 'upcoming') throw new HttpError(409, CONTROL_MESSAGES.notStarted);
  throw new HttpError(410, CONTROL_MESSAGES.ended);
}

/**
 * POST /games/{id}/end: the game ends now; an upcoming one is called off. Ending an ended game
 * again changes nothing and answers it as it stands.
 */
export async function endGame(db: Database, game: GameRow, now = new Date()): Promise<GameRow> {
  const [ended] = await db
    .update(games)
    // Called off before its start: it starts and ends now, so it reads as ended, not upcoming.
    .set({
      endsAt: now,
      pausedAt: null,
      startsAt: sql`least(${games.startsAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(games.id, game.id), gt(games.endsAt, now)))
    .returning();
  gameCacheOf(db).forget(game.code);
  if (ended) return ended;
  const [current] = await db.select().from(games).where(eq(games.id, game.id));
  return current ?? game;
}

/** POST /games/{id}/pause: answers are refused until Resume. Pausing twice is one pause. */
export async function pauseGame(db: Database, game: GameRow, now = new Date()): Promise<GameRow> {
  const rows = await db
    .update(games)
    .set({ pausedAt: now })
    .where(
      and(
        eq(games.id, game.id),
        lte(games.startsAt, now),
        gt(games.endsAt, now),
        isNull(games.pausedAt),
      ),
    )
    .returning();
  gameCacheOf(db).forget(game.code);
  if (rows[0]) return rows[0];
  const [current] = await db.select().from(games).where(eq(games.id, game.id));
  if (current && gamePhase(current, now) === 'paused') return current;
  return updated(db, game, [], now);
}

/** POST /games/{id}/resume: answers are taken again. Resuming a game that runs changes nothing. */
export async function resumeGame(db: Database, game: GameRow, now = new Date()): Promise<GameRow> {
  const rows = await db
    .update(games)
    .set({ pausedAt: null })
    .where(and(eq(games.id, game.id), lte(games.startsAt, now), gt(games.endsAt, now)))
    .returning();
  return updated(db, game, rows, now);
}

async function ownerPlan(db: Database, game: GameRow): Promise<PlanId> {
  const [owner] = await db
    .select({ plan: users.plan })
    .from(users)
    .where(eq(users.id, game.ownerUserId));
  return (owner?.plan ?? 'FREE') as PlanId;
}

/**
 * PATCH /games/{id} {endsAt}: extend or shorten a game that has not ended, within the owner's
 * plan (SPEC §6: FREE launches are valid for their day; demos last DEMO_VALIDITY_MINUTES).
 * `timeZone` is the organiser's, as at launch: "the day" is theirs.
 */
export async function changeGameEnd(
  db: Database,
  game: GameRow,
  endsAt: Date,
  now = new Date(),
  timeZone?: string,
): Promise<GameRow> {
  if (gamePhase(game, now) === 'ended') throw new HttpError(410, CONTROL_MESSAGES.ended);
  if (endsAt.getTime() <= now.getTime()) throw badRequest(CONTROL_MESSAGES.endPassed);
  if (endsAt.getTime() <= game.startsAt.getTime())
    throw badRequest(CONTROL_MESSAGES.endBeforeStart);
  if (endsAt.getTime() - Math.max(now.getTime(), game.startsAt.getTime()) > MAX_RUN_MS) {
    throw badRequest(CONTROL_MESSAGES.tooLong);
  }
  if (game.kind === 'demo') {
    if (endsAt.getTime() > game.startsAt.getTime() + DEMO_VALIDITY_MINUTES * 60_000) {
      throw forbidden(CONTROL_MESSAGES.demoTooLong);
    }
  } else if (
    !canScheduleFutureOrMultiDay(await ownerPlan(db, game)) &&
    isFutureOrMultiDay({ startsAt: game.startsAt, endsAt }, game.startsAt, timeZone)
  ) {
    throw forbidden(PLAN_MESSAGES.futureOrMultiDay);
  }
  const rows = await db
    .update(games)
    .set({ endsAt })
    .where(and(eq(games.id, game.id), gt(games.endsAt, now)))
    .returning();
  return updated(db, game, rows, now);
}
