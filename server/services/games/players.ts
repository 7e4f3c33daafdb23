/**
 * The phone player's side of a game (docs/games.md): finding a game by its code, joining as a
 * team, moving a team to another phone, the team's view of the game, and its answers. Teams are
 * identified by secret tokens that only their phones hold (stored hashed; one per phone). Every
 * answer is one row per team and task; the team's score is kept with it in the same
 * transaction, so the scoreboard reads one table.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { games, submissions, teams, teamTokens, type GameSnapshot } from '../../db/schema';
import {
  CODE_ALPHABET,
  effectivePoints,
  gamePhase,
  markAnswer,
  MARKING_PROBLEMS,
  normaliseCode,
  normaliseRejoinCode,
  REJOIN_CODE_LENGTH,
  teamNameSchema,
  toPlayerStep,
  type AnswerRequest,
  type AnswerResult,
  type PlayerState,
  type ProgressEntry,
  type PublicGame,
  type Scoreboard,
  type Team,
} from '../../../src/domain/games';
import type { Step } from '../../../src/domain/schemas';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../errors';
import { latestAnnouncements } from './announcements';
import { gameCacheOf } from './gameCache';
import { writeJoin } from './joinBatch';
import { writeAnswer, type AnswerWritten, type InsertedSubmission } from './answerBatch';
import type { BoardTeam, TeamStanding } from './liveScoreboard';
import { hashToken, newSecret } from './codes';
import type { GameRow } from './publishing';

export type TeamRow = typeof teams.$inferSelect;
/** What the answer path needs of a team: who it is and in which game. */
export type TeamIdentity = Pick<TeamRow, 'id' | 'gameId'>;
export type SubmissionRow = typeof submissions.$inferSelect;

export const PLAY_MESSAGES = {
  unknownCode: 'There is no activity with this code. Check the code and try again.',
  notStarted: 'This activity has not started yet.',
  ended: 'This activity has ended.',
  paused:
    'The organiser has paused the game. Your answer was not sent: send it again when the game resumes.',
  full: 'This activity is full: it takes no more teams. Ask the organiser to upgrade to PRO for more players.',
  nameTaken: 'Another team already has this name. Choose a different one.',
  badToken: 'This phone is not part of a team in this activity. Join the activity again.',
  unknownRejoinCode: "No team in this activity has that code. Check it on the team's other phone.",
  unknownStep: 'This activity has no such task.',
  alreadyAnswered: 'You have already answered this task.',
  wrongMediaKind: (want: 'photo' | 'video') =>
    want === 'photo'
      ? 'This challenge needs a photo (JPEG or PNG).'
      : 'This challenge needs a video (MP4 or MOV).',
} as const;

const uploadUrl = (key: string | null): string | null => (key ? `/uploads/${key}` : null);

const errorCode = (error: unknown): string | undefined => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code;
};
const isUniqueViolation = (error: unknown): boolean => errorCode(error) === '23505';
/** A row that refers to one that is gone (a team removed meanwhile). */
const isForeignKeyViolation = (error: unknown): boolean => errorCode(error) === '23503';

export function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    name: row.name,
    photoUrl: uploadUrl(row.photoKey),
    score: row.score,
    joinedAt: row.joinedAt.toISOString(),
  };
}

/**
 * The answer to POST /play/{code}/answers (and media answers): the submission's id (the one the
 * organiser's judging calls take), the team's progress entry and its score.
 */
const answerResult = (row: SubmissionRow, score: number): AnswerResult => ({
  id: row.id,
  entry: toProgressEntry(row),
  score,
});

export function toProgressEntry(row: SubmissionRow): ProgressEntry {
  return {
    stepId: row.stepId,
    kind: row.kind as ProgressEntry['kind'],
    correct: row.correct,
    points: effectivePoints(row),
    rejected: row.rejected,
    mediaUrl: uploadUrl(row.mediaKey),
  };
}

/**
 * A game's snapshot never changes once the game is made, and every player call needs it: it is
 * kept in memory (the most recently used games), so a busy game's tasks are parsed once, not on
 * every answer. Safe with several instances, since there is nothing to invalidate.
 */
const SNAPSHOT_CACHE_SIZE = 500;
const snapshots = new Map<string, GameSnapshot>();

async function snapshotOf(db: Database, gameId: string): Promise<GameSnapshot> {
  const cached = snapshots.get(gameId);
  if (cached) {
    snapshots.delete(gameId); // re-insert: Map order is the recency order
    snapshots.set(gameId, cached);
    return cached;
  }
  const [row] = await db
    .select({ snapshot: games.snapshot })
    .from(games)
    .where(eq(games.id, gameId));
  if (!row) throw notFound(PLAY_MESSAGES.unknownCode);
  snapshots.set(gameId, row.snapshot);
  if (snapshots.size > SNAPSHOT_CACHE_SIZE) snapshots.delete(snapshots.keys().next().value!);
  return row.snapshot;
}

const { snapshot: _snapshot, ...gameColumnsWithoutSnapshot } = getTableColumns(games);

export async function findGameByCode(db: Database, input: string): Promise<GameRow> {
  const code = normaliseCode(input);
  if (!code) throw notFound(PLAY_MESSAGES.unknownCode);
  const game = await gameCacheOf(db).lookUp(code, async () => {
    const [row] = await db
      .select(gameColumnsWithoutSnapshot)
      .from(games)
      .where(eq(games.code, code));
    return row;
  });
  if (!game) throw notFound(PLAY_MESSAGES.unknownCode);
  return { ...game, snapshot: await snapshotOf(db, game.id) };
}

export async function countTeams(db: Database, gameId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(teams).where(eq(teams.gameId, gameId));
  return row?.n ?? 0;
}

export function toPublicGame(game: GameRow, teamsCount: number, now: Date): PublicGame {
  return {
    code: game.code,
    name: game.name,
    gameType: game.snapshot.gameType,
    phase: gamePhase(game, now),
    demo: game.kind === 'demo',
    startsAt: game.startsAt.toISOString(),
    endsAt: game.endsAt.toISOString(),
    pausedAt: game.pausedAt?.toISOString() ?? null,
    stepsCount: game.snapshot.steps.length,
    teamsCount,
    maxTeams: game.maxTeams,
    branding: game.snapshot.branding,
    theme: game.snapshot.theme,
  };
}

/**
 * How long after the end an answer made before it may still arrive (a phone offline at the end,
 * in a basement or on a train): it counts, marked late. An answer made after the end never does.
 */
export const LATE_ANSWER_GRACE_MS = 15 * 60_000;

/**
 * Whether an answer delivered `now` while the game does not take answers still counts, because
 * the phone made it at `answeredAt` while the game did: before the end (within the grace period:
 * then it is late) or before a pause. Refused otherwise, as requireOpen says. `answeredAt` is
 * the phone's word, so it buys at most the grace period, and never a time before the start.
 */
function admitEarlierAnswer(game: GameRow, now: Date, answeredAt: Date | null): { late: boolean } {
  const made = answeredAt && answeredAt.getTime() <= now.getTime() ? answeredAt : null;
  const phase = gamePhase(game, now);
  if (made && made.getTime() >= game.startsAt.getTime()) {
    if (
      phase === 'ended' &&
      made.getTime() < game.endsAt.getTime() &&
      now.getTime() < game.endsAt.getTime() + LATE_ANSWER_GRACE_MS
    ) {
      return { late: true };
    }
    if (phase === 'paused' && game.pausedAt && made.getTime() < game.pausedAt.getTime()) {
      return { late: false };
    }
  }
  requireOpen(game, now);
  return { late: false };
}

/**
 * Refuses what a game in its phase does not take. Teams may join a paused game (they wait in it
 * as in the lobby); answers wait for the organiser's Resume.
 */
function requireOpen(game: GameRow, now: Date, { joining = false } = {}): void {
  const phase = gamePhase(game, now);
  if (phase === 'upcoming') throw new HttpError(409, PLAY_MESSAGES.notStarted);
  if (phase === 'ended') throw new HttpError(410, PLAY_MESSAGES.ended);
  if (phase === 'paused' && !joining) throw new HttpError(409, PLAY_MESSAGES.paused);
}

/** POST /play/{code}/teams: a new team, while the game is open and has room. */
export async function joinGame(
  db: Database,
  game: GameRow,
  rawName: string,
  now = new Date(),
): Promise<{ team: TeamRow; token: string }> {
  const parsed = teamNameSchema.safeParse(rawName);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  const name = parsed.data.replace(/\s+/g, ' ');
  requireOpen(game, now, { joining: true });
  const token = newSecret();
  const tokenHash = hashToken(token);
  // With the other joins that arrive meanwhile; a teams limit holds exactly (joinBatch.ts).
  const team = await writeJoin(db, {
    id: randomUUID(),
    gameId: game.id,
    maxTeams: game.maxTeams,
    name,
    nameKey: name.toLowerCase(),
    tokenHash,
    joinedAt: now,
  });
  if (team === 'full') throw forbidden(PLAY_MESSAGES.full);
  if (team === 'nameTaken') throw new HttpError(409, PLAY_MESSAGES.nameTaken);
  // Its phone's first answer then needs no look-up (on this instance).
  rememberTeamToken(tokenHash, { id: team.id, gameId: team.gameId });
  return { team, token };
}

/**
 * The team of a token's hash: the phone that joined (`teams.token_hash`) or one that continued
 * as the team with its rejoin code (`team_tokens`). One query: the subquery is uncorrelated, so
 * it runs once and both halves use their unique index.
 */
const ofTokenHash = (hash: string) =>
  or(
    eq(teams.tokenHash, hash),
    eq(
      teams.id,
      sql`(SELECT ${teamTokens.teamId} FROM ${teamTokens} WHERE ${teamTokens.tokenHash} = ${hash})`,
    ),
  );

/** The team a TeamToken header stands for, in this game; anything else is 401. */
export async function teamByToken(
  db: Database,
  game: GameRow,
  token: string | undefined,
): Promise<TeamRow> {
  if (!token || token.length > 200) throw unauthorized(PLAY_MESSAGES.badToken);
  const [team] = await db
    .select()
    .from(teams)
    .where(ofTokenHash(hashToken(token)));
  if (!team || team.gameId !== game.id) throw unauthorized(PLAY_MESSAGES.badToken);
  return team;
}

/**
 * Which team a token stands for never changes: the answer path looks it up in memory (the most
 * recent teams) instead of asking the database on every answer. Safe with several instances.
 * Each of a team's phones has its own token, so its own entry; only tokens found in the
 * database are kept (never a miss), so a token made a moment ago by another instance's rejoin
 * is found. A removed team may linger here: its answers are then refused by the database
 * (insertSubmission), and every other call reads the team itself (teamByToken).
 */
const TEAM_CACHE_SIZE = 20_000;
const teamIdentities = new Map<string, TeamIdentity>();

function rememberTeamToken(hash: string, identity: TeamIdentity): void {
  teamIdentities.set(hash, identity);
  if (teamIdentities.size > TEAM_CACHE_SIZE) {
    teamIdentities.delete(teamIdentities.keys().next().value!);
  }
}

/**
 * The team a TeamToken stands for, if the database knows it (any game); null for anything else.
 * The routes ask once per request (routes/play.ts): the per-team rate limit's bucket and the
 * answer's team both come from it.
 */
export async function verifiedTeam(db: Database, token: unknown): Promise<TeamIdentity | null> {
  if (typeof token !== 'string' || token === '' || token.length > 200) return null;
  const hash = hashToken(token);
  const cached = teamIdentities.get(hash);
  if (cached) return cached;
  const [row] = await db
    .select({ id: teams.id, gameId: teams.gameId })
    .from(teams)
    .where(ofTokenHash(hash));
  if (!row) return null;
  rememberTeamToken(hash, row);
  return row;
}

/** The verified team, for an answer to this game; anything else is 401. */
export function teamOfGame(game: GameRow, team: TeamIdentity | null): TeamIdentity {
  if (!team || team.gameId !== game.id) throw unauthorized(PLAY_MESSAGES.badToken);
  return team;
}

export async function playerState(
  db: Database,
  game: GameRow,
  team: TeamRow,
  now = new Date(),
): Promise<PlayerState> {
  const rows = await db
    .select()
    .from(submissions)
    .where(eq(submissions.teamId, team.id))
    .orderBy(asc(submissions.createdAt));
  return {
    game: toPublicGame(game, await countTeams(db, game.id), now),
    team: toTeam(team),
    steps: game.snapshot.steps.map(toPlayerStep),
    progress: rows.map(toProgressEntry),
    announcements: await latestAnnouncements(db, game.id),
    rejoinCode: await rejoinCodeOf(db, team),
  };
}

// ---------------------------------------------------------------------------------------------
// A team moves to another phone (docs/games.md "A team moves to another phone")

function newRejoinCode(): string {
  let code = '';
  for (let i = 0; i < REJOIN_CODE_LENGTH; i++) {
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  }
  return code;
}

/**
 * The team's rejoin code, made the first time its phone asks (teams that joined before rejoin
 * codes existed get one too). Unique in the game: a clash draws again. Two phones asking at
 * once agree: only the first UPDATE finds the code still empty, the other reads its code.
 */
async function rejoinCodeOf(db: Database, team: TeamRow): Promise<string> {
  if (team.rejoinCode) return team.rejoinCode;
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      const [set] = await db
        .update(teams)
        .set({ rejoinCode: newRejoinCode() })
        .where(and(eq(teams.id, team.id), isNull(teams.rejoinCode)))
        .returning({ rejoinCode: teams.rejoinCode });
      if (set?.rejoinCode) return set.rejoinCode;
      const [row] = await db
        .select({ rejoinCode: teams.rejoinCode })
        .from(teams)
        .where(eq(teams.id, team.id));
      // Removed by the organiser meanwhile: its phone is no team any more.
      if (!row) throw unauthorized(PLAY_MESSAGES.badToken);
      if (row.rejoinCode) return row.rejoinCode;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('no free rejoin code was found for the team');
}

/**
 * POST /play/{code}/teams/rejoin {rejoinCode}: the team with that code, and a new token for the
 * phone that asks; the team's other phones keep theirs. While the game has not ended (teams may
 * rejoin a paused game, as they may join one). Nothing is written on a refusal.
 */
export async function rejoinTeam(
  db: Database,
  game: GameRow,
  rawCode: string,
  now = new Date(),
): Promise<{ team: TeamRow; token: string }> {
  if (gamePhase(game, now) === 'ended') throw new HttpError(410, PLAY_MESSAGES.ended);
  const code = normaliseRejoinCode(rawCode);
  if (!code) throw notFound(PLAY_MESSAGES.unknownRejoinCode);
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.gameId, game.id), eq(teams.rejoinCode, code)));
  if (!team) throw notFound(PLAY_MESSAGES.unknownRejoinCode);
  const token = newSecret();
  try {
    await db
      .insert(teamTokens)
      .values({ tokenHash: hashToken(token), teamId: team.id, createdAt: now });
  } catch (error) {
    // The organiser removed the team a moment ago.
    if (isForeignKeyViolation(error)) throw notFound(PLAY_MESSAGES.unknownRejoinCode);
    throw error;
  }
  return { team, token };
}

function stepOf(game: GameRow, stepId: string): Step {
  const step = game.snapshot.steps.find((s) => s.id === stepId);
  if (!step) throw notFound(PLAY_MESSAGES.unknownStep);
  return step;
}

/** A resend of the same answer (same clientId) gets the first result; another answer is 409. */
async function earlierSubmission(
  db: Database,
  team: TeamIdentity,
  stepId: string,
  clientId: string,
) {
  const [existing] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.teamId, team.id), eq(submissions.stepId, stepId)));
  if (!existing) return null;
  if (existing.clientId !== clientId) throw new HttpError(409, PLAY_MESSAGES.alreadyAnswered);
  return existing;
}

/** An answer stored: what its phone is told, and its team's standing when it was new. */
export interface RecordedAnswer {
  result: AnswerResult;
  /** The team's score after this answer; null for a resend of an answer stored before. */
  standing: TeamStanding | null;
}

interface NewSubmission {
  kind: ProgressEntry['kind'];
  answer: string | null;
  correct: boolean | null;
  points: number;
  mediaKey?: string;
  mediaType?: string;
  /** Delivered after the end, made before it (admitEarlierAnswer). */
  late?: boolean;
}

const fromInserted = (row: InsertedSubmission): SubmissionRow => ({
  id: row.id,
  gameId: row.game_id,
  teamId: row.team_id,
  stepId: row.step_id,
  clientId: row.client_id,
  kind: row.kind,
  answer: row.answer,
  correct: row.correct,
  points: row.points,
  rejected: row.rejected,
  adjustedPoints: row.adjusted_points,
  mediaKey: row.media_key,
  mediaType: row.media_type,
  late: row.late,
  hidden: row.hidden,
  createdAt: new Date(row.created_at),
});

/**
 * Stores a submission and moves the team's score with it (answerBatch.ts: in one statement with
 * the other answers that arrive meanwhile, one commit). A second submission for the same task
 * inserts nothing and is then answered from the first. A team removed by the organiser
 * (docs/games.md "Teams") may still be in the token cache of this or another instance: the
 * database's foreign key then refuses the row, and the phone is told, as for any unknown token,
 * that it is no team any more.
 */
async function record(
  db: Database,
  game: GameRow,
  team: TeamIdentity,
  stepId: string,
  clientId: string,
  submission: NewSubmission,
  now: Date,
): Promise<RecordedAnswer> {
  let written: AnswerWritten;
  try {
    written = await writeAnswer(db, {
      id: randomUUID(),
      gameId: game.id,
      teamId: team.id,
      stepId,
      clientId,
      kind: submission.kind,
      answer: submission.answer,
      correct: submission.correct,
      points: submission.points,
      mediaKey: submission.mediaKey ?? null,
      mediaType: submission.mediaType ?? null,
      late: submission.late ?? false,
      createdAt: now.toISOString(),
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw unauthorized(PLAY_MESSAGES.badToken);
    throw error;
  }
  if (written) {
    return {
      result: answerResult(fromInserted(written.submission), written.standing.score),
      standing: written.standing,
    };
  }
  // The task was answered already: a resend gets the first result, another answer is 409.
  const first = await earlierSubmission(db, team, stepId, clientId);
  if (!first) throw new Error('a submission conflicted but none was found');
  return { result: answerResult(first, await teamScore(db, team.id)), standing: null };
}

async function teamScore(db: Database, teamId: string): Promise<number> {
  const [row] = await db.select({ score: teams.score }).from(teams).where(eq(teams.id, teamId));
  return row?.score ?? 0;
}

/** POST /play/{code}/answers: free text, multiple choice, a pass or a standard challenge done. */
export async function submitAnswer(
  db: Database,
  game: GameRow,
  team: TeamIdentity,
  request: AnswerRequest,
  now = new Date(),
): Promise<RecordedAnswer> {
  const step = stepOf(game, request.stepId);
  let late = false;
  if (gamePhase(game, now) !== 'open') {
    // An answer kept on a phone through the end of the game is still answered, if it was sent.
    const earlier = await earlierSubmission(db, team, step.id, request.clientId);
    if (earlier) {
      return { result: answerResult(earlier, await teamScore(db, team.id)), standing: null };
    }
    const answeredAt = request.answeredAt ? new Date(request.answeredAt) : null;
    late = admitEarlierAnswer(game, now, answeredAt).late;
  }
  const marking = markAnswer(step, request);
  if (typeof marking === 'string') throw badRequest(MARKING_PROBLEMS[marking]);
  const answer =
    marking.kind !== 'answer'
      ? null
      : step.type === 'multipleChoice'
        ? (step.answers.find((a) => a.id === request.answerId)?.value ?? null)
        : (request.text?.trim() ?? null);
  return record(db, game, team, step.id, request.clientId, { ...marking, answer, late }, now);
}

/** Checks made before a photo or video is read: the task, the game's phase, a resend. */
export async function prepareMediaAnswer(
  db: Database,
  game: GameRow,
  team: TeamIdentity,
  stepId: string,
  clientId: string,
  /** When the phone took the photo or video (server time as the phone reckons it). */
  answeredAt: Date | null = null,
  now = new Date(),
): Promise<{ step: Step; earlier: AnswerResult | null; want: 'photo' | 'video'; late: boolean }> {
  const step = stepOf(game, stepId);
  if (step.type !== 'photoChallenge' && step.type !== 'videoChallenge') {
    throw badRequest('Only photo and video challenges take a photo or a video.');
  }
  const want = step.type === 'photoChallenge' ? 'photo' : 'video';
  const earlier = await earlierSubmission(db, team, step.id, clientId);
  if (earlier)
    return {
      step,
      want,
      earlier: answerResult(earlier, await teamScore(db, team.id)),
      late: earlier.late,
    };
  const { late } = admitEarlierAnswer(game, now, answeredAt);
  return { step, want, earlier: null, late };
}

export function recordMediaAnswer(
  db: Database,
  game: GameRow,
  team: TeamIdentity,
  step: Step,
  clientId: string,
  media: { key: string; mimeType: string },
  late = false,
  now = new Date(),
): Promise<RecordedAnswer> {
  return record(
    db,
    game,
    team,
    step.id,
    clientId,
    {
      kind: 'media',
      answer: null,
      correct: null,
      points: step.points,
      mediaKey: media.key,
      mediaType: media.mimeType,
      late,
    },
    now,
  );
}

export async function setTeamPhoto(
  db: Database,
  team: TeamIdentity,
  key: string,
): Promise<TeamRow> {
  const [updated] = await db
    .update(teams)
    .set({ photoKey: key })
    .where(eq(teams.id, team.id))
    .returning();
  return updated!;
}

/** The ranking: score, then who got there first, then name. */
export async function scoreboard(
  db: Database,
  game: GameRow,
  now = new Date(),
): Promise<Scoreboard> {
  const rows = await db
    .select()
    .from(teams)
    .where(eq(teams.gameId, game.id))
    .orderBy(desc(teams.score), asc(teams.lastAnswerAt), asc(teams.nameKey));
  let rank = 0;
  let previous: number | null = null;
  return {
    game: toPublicGame(game, rows.length, now),
    rows: rows.map((row, i) => {
      if (row.score !== previous) rank = i + 1;
      previous = row.score;
      return {
        rank,
        teamId: row.id,
        name: row.name,
        photoUrl: uploadUrl(row.photoKey),
        score: row.score,
        answered: row.answered,
        lastAnswerAt: row.lastAnswerAt?.toISOString() ?? null,
      };
    }),
    updatedAt: now.toISOString(),
  };
}

/** A game's teams as its live scoreboard starts from them (liveFeed.ts). */
export async function loadBoardTeams(db: Database, gameId: string): Promise<BoardTeam[]> {
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      photoKey: teams.photoKey,
      score: teams.score,
      answered: teams.answered,
      lastAnswerAt: teams.lastAnswerAt,
    })
    .from(teams)
    .where(eq(teams.gameId, gameId));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    photoUrl: uploadUrl(row.photoKey),
    score: row.score,
    answered: row.answered,
    lastAnswerAt: row.lastAnswerAt?.toISOString() ?? null,
  }));
}
