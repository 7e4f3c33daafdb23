/**
 * Making games from templates (docs/games.md): demo, launch ("Play") and scheduled instance,
 * each from a snapshot of the template, under the plan's limits (SPEC §6) and the schedule
 * checks (SPEC §5). Also the game status call of SPEC §7.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, gte, lte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { games, themes, type GameSnapshot } from '../../db/schema';
import type { GameStatus, PublishRequest, Theme } from '../../../src/domain/schemas';
import { MESSAGES } from '../../../src/domain/messages';
import {
  launchDayStart,
  launchViolation,
  maxPlayersPerActivity,
  PLAN_MESSAGES,
} from '../../../src/domain/plans';
import { launchWindow } from '../../../src/domain/schedule';
import { validateScheduleInstants } from '../../../src/domain/schedule';
import { DEMO_VALIDITY_MINUTES } from '../../../src/domain/constants';
import { isTemplateValid } from '../../../src/domain/validation/template';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../errors';
import type { Actor } from '../actor';
import { getWritableRow, type TemplateRow } from '../templates';
import { newActivityCode, newSecret } from './codes';

export type GameRow = typeof games.$inferSelect;
export type GameKind = 'demo' | 'launch' | 'schedule';

/** The plan's 403 texts; they live with the rule in src/domain/plans.ts, which the client shares. */
export { PLAN_MESSAGES };

const MAX_CODE_ATTEMPTS = 5;

/** The live-screen URLs of a game (docs/games.md), with its screen key. */
export function liveScreenUrls(publicUrl: string, game: Pick<GameRow, 'id' | 'screenKey'>) {
  const url = (screen: string) => `${publicUrl}/live/${game.id}/${screen}?key=${game.screenKey}`;
  return {
    scoreboardUrl: url('scoreboard'),
    presentationUrl: url('presentation'),
    statisticsUrl: url('statistics'),
  };
}

export const gameStatusUrl = (publicUrl: string, game: Pick<GameRow, 'id' | 'templateId'>) =>
  `${publicUrl}/v1/templates/${game.templateId}/games/${game.id}`;

export const qrCodeUrl = (code: string) => `/v1/qr/${code}.png`;

/** What a game plays: the template's content and theme as they are now, kept with the game. */
export async function snapshotOf(
  db: Database,
  row: TemplateRow,
  name: string,
): Promise<GameSnapshot> {
  let theme: Theme | null = null;
  if (row.selectedThemeId) {
    const [found] = await db.select().from(themes).where(eq(themes.id, row.selectedThemeId));
    if (found) {
      const { sortOrder: _sortOrder, ...rest } = found;
      theme = rest;
    }
  }
  return {
    name,
    gameType: row.gameType as GameSnapshot['gameType'],
    duration: row.duration,
    steps: row.steps,
    branding: row.branding,
    theme,
  };
}

/**
 * The owner's launch instances open now, and those made today: what the plan limits count. The
 * day is the organiser's (`launchDayStart`, the rule My Activities applies to its rows'
 * `lastLaunchedAt` to tell the daily limit before Play).
 */
async function launchUsage(db: Database, userId: string, now: Date, timeZone?: string) {
  const launches = and(eq(games.ownerUserId, userId), ne(games.kind, 'demo'));
  const [open] = await db
    .select({ n: count() })
    .from(games)
    .where(and(launches, lte(games.startsAt, now), gt(games.endsAt, now)));
  const dayStart = launchDayStart(now, timeZone);
  const [today] = await db
    .select({ n: count() })
    .from(games)
    .where(and(launches, gte(games.createdAt, dayStart)));
  return { liveActivities: open?.n ?? 0, launchesToday: today?.n ?? 0 };
}

function windowFor(
  kind: GameKind,
  request: PublishRequest,
  runTimeMin: number,
  now: Date,
  timeZone: string | undefined,
): { startsAt: Date; endsAt: Date } {
  if (kind === 'demo') {
    return { startsAt: now, endsAt: new Date(now.getTime() + DEMO_VALIDITY_MINUTES * 60_000) };
  }
  if (kind === 'launch') return launchWindow(now, timeZone);
  const startsAt = new Date(request.startsAt!);
  const endsAt = new Date(request.endsAt!);
  // The client checks the same (SPEC §5, "Schedule Activity" is disabled until they pass); a
  // minute of grace lets a form submitted at "now" through.
  const problem = validateScheduleInstants(startsAt, endsAt, {
    now: new Date(now.getTime() - 60_000),
    runTimeMin,
  });
  if (problem) throw badRequest(problem);
  // SPEC §9: "Scheduling window: today to 1 year ahead". The form's last date is today plus a
  // year in the organiser's own time zone, so a day of grace covers any zone and that day's end.
  const latest = now.getTime() + SCHEDULE_WINDOW_MS;
  if (startsAt.getTime() > latest || endsAt.getTime() > latest) {
    throw badRequest(SCHEDULE_TOO_FAR);
  }
  return { startsAt, endsAt };
}

const SCHEDULE_WINDOW_MS = (366 + 1) * 24 * 60 * 60_000;
const SCHEDULE_TOO_FAR =
  'An activity can be scheduled at most one year ahead: choose a start and an end within the next year.';

/** POST /templates/{id}/publish and /demo_game. */
export async function createGame(
  db: Database,
  actor: Actor,
  templateId: string,
  kind: 'demo' | 'publish',
  request: PublishRequest,
  now = new Date(),
  /** The organiser's IANA time zone: a launch lasts the rest of *their* day (docs/games.md). */
  timeZone?: string,
): Promise<GameRow> {
  if (!actor.userId || !actor.user) {
    throw unauthorized('Please sign in to test or launch an activity: a FREE account is enough.');
  }
  const row = await getWritableRow(db, templateId, actor);
  if (!isTemplateValid(row)) {
    throw new HttpError(
      422,
      kind === 'demo' ? MESSAGES.demo.incompleteData : MESSAGES.launch.incompleteTasks,
    );
  }
  if ((request.startsAt === undefined) !== (request.endsAt === undefined)) {
    throw badRequest(
      'Send both startsAt and endsAt to schedule an activity, or neither to launch it now.',
    );
  }
  const gameKind: GameKind =
    kind === 'demo' ? 'demo' : request.startsAt !== undefined ? 'schedule' : 'launch';
  if (gameKind === 'schedule' && actor.user.restricted) {
    throw forbidden('Scheduling is not available on your account. Please Contact Us.');
  }
  const window = windowFor(gameKind, request, row.duration, now, timeZone);
  if (gameKind !== 'demo') {
    const violation = launchViolation(
      actor.plan,
      window,
      await launchUsage(db, actor.userId, now, timeZone),
      now,
      timeZone,
    );
    if (violation) throw forbidden(PLAN_MESSAGES[violation]);
  }

  const name = request.name ?? row.name;
  const snapshot = await snapshotOf(db, row, name);
  for (let attempt = 1; ; attempt++) {
    try {
      const [game] = await db
        .insert(games)
        .values({
          id: randomUUID(),
          templateId,
          ownerUserId: actor.userId,
          kind: gameKind,
          name,
          code: newActivityCode(),
          screenKey: newSecret(),
          snapshot,
          maxTeams: maxPlayersPerActivity(actor.plan),
          startsAt: window.startsAt,
          endsAt: window.endsAt,
          publishedAt: now,
          createdAt: now,
        })
        .returning();
      return game!;
    } catch (error) {
      // A code already in use (one in 10^11 per live game): draw another.
      const unique =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      if (unique !== '23505' || attempt >= MAX_CODE_ATTEMPTS) throw error;
    }
  }
}

/** A game of the caller's, by id; anyone else's is "not found". */
export async function getOwnGame(db: Database, actor: Actor, gameId: string): Promise<GameRow> {
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  if (!game || !actor.userId || game.ownerUserId !== actor.userId) {
    throw notFound('This activity does not exist.');
  }
  return game;
}

/** GET /templates/{templateId}/games/{gameId}: SPEC §7's game status. */
export async function getGameStatus(
  db: Database,
  actor: Actor,
  templateId: string,
  gameId: string,
  publicUrl: string,
): Promise<GameStatus> {
  const game = await getOwnGame(db, actor, gameId);
  if (game.templateId !== templateId) throw notFound('This activity does not exist.');
  return {
    code: game.code,
    qrCodeUrl: qrCodeUrl(game.code),
    publishedAt: game.publishedAt.toISOString(),
    templateId: game.templateId,
    startsAt: game.startsAt.toISOString(),
    endsAt: game.endsAt.toISOString(),
    ...liveScreenUrls(publicUrl, game),
  };
}
