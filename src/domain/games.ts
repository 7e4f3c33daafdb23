/**
 * Games: what players and live screens see of a launched or demo activity (docs/games.md). The
 * rules here are shared by the server, the phone player (/play) and the live screens: activity
 * codes, team names, scoring, what a player may see of a task (never which answer is right), and
 * the shapes of the player and live-screen calls.
 */
import { z } from 'zod';
import { isFreeTextAnswerCorrect } from './validation/step';
import {
  assetSchema,
  brandingSchema,
  idSchema,
  isoDateTime,
  stepSchema,
  themeSchema,
} from './schemas';
import type { Step } from './schemas';
import { gameTypeSchema, stepTypeSchema } from './enums';
import { LIMITS } from './limits';
import { TEAM_NAME_MAX_LENGTH, TEAM_NAME_MESSAGES } from './gameCodes';

// ---------------------------------------------------------------------------------------------
// Activity codes and team names: in gameCodes.ts, without zod (the phone player uses them).

export {
  CODE_ALPHABET,
  CODE_LENGTH,
  normaliseCode,
  formatCode,
  playerUrl,
  REJOIN_CODE_LENGTH,
  normaliseRejoinCode,
  formatRejoinCode,
  rejoinUrl,
  TEAM_NAME_MAX_LENGTH,
  TEAM_NAME_MESSAGES,
  teamNameProblem,
  sameTeamName,
} from './gameCodes';

export const teamNameSchema = z
  .string()
  .trim()
  .min(1, TEAM_NAME_MESSAGES.empty)
  .max(TEAM_NAME_MAX_LENGTH, TEAM_NAME_MESSAGES.tooLong);

// ---------------------------------------------------------------------------------------------
// A game's phase

export const GAME_PHASES = ['upcoming', 'open', 'paused', 'ended'] as const;
export type GamePhase = (typeof GAME_PHASES)[number];

/**
 * Where a game stands at `now`. A paused game (the organiser's Pause, docs/games.md "Game
 * control") is `paused` until resumed, or until its end passes: the end is never held back.
 */
export function gamePhase(
  game: { startsAt: Date; endsAt: Date; pausedAt?: Date | null },
  now: Date,
): GamePhase {
  if (now.getTime() < game.startsAt.getTime()) return 'upcoming';
  if (now.getTime() >= game.endsAt.getTime()) return 'ended';
  return game.pausedAt ? 'paused' : 'open';
}

// ---------------------------------------------------------------------------------------------
// Scoring

/** What a team sends for one task. */
export const answerRequestSchema = z.strictObject({
  stepId: idSchema,
  /** The phone's own id for this answer: a resend after a dropped connection is recognised. */
  clientId: z.uuid(),
  /** Free text: what the team typed. */
  text: z.string().max(LIMITS.answerMaxLength).optional(),
  /** Multiple choice: the chosen answer's id. */
  answerId: idSchema.optional(),
  /** "Pass": the team gives the task up for no points. */
  pass: z.literal(true).optional(),
  /** A standard challenge: the team says it is done. */
  done: z.literal(true).optional(),
  /**
   * When the phone recorded the answer, in server time as the phone estimates it: an answer made
   * before the end and delivered after it still counts, within the grace period (docs/games.md).
   */
  answeredAt: isoDateTime.optional(),
});
export type AnswerRequest = z.infer<typeof answerRequestSchema>;

export interface Marking {
  kind: 'answer' | 'pass' | 'media' | 'done';
  correct: boolean | null;
  points: number;
}

export type MarkingProblem =
  | 'passOrAnswer'
  | 'textRequired'
  | 'answerIdRequired'
  | 'unknownAnswer'
  | 'mediaRequired'
  | 'doneRequired';

export const MARKING_PROBLEMS: Record<MarkingProblem, string> = {
  passOrAnswer: 'Send either an answer or a pass, not both.',
  textRequired: 'Type an answer for this task.',
  answerIdRequired: 'Choose one of the answers for this task.',
  unknownAnswer: 'That answer is not one of this task’s choices.',
  mediaRequired: 'This challenge needs a photo or a video: upload it with the media call.',
  doneRequired: 'Mark this challenge as done.',
};

/**
 * Marks one answer to one task (everything but media uploads). Free text compares
 * case-insensitively (SPEC §2.8 "Answer is treated case insensitive."); multiple choice by the
 * chosen answer's id; a pass scores nothing; a standard challenge scores its points when done.
 */
export function markAnswer(
  step: Step,
  request: Omit<AnswerRequest, 'stepId' | 'clientId'>,
): Marking | MarkingProblem {
  const given = [
    request.text !== undefined,
    request.answerId !== undefined,
    request.pass,
    request.done,
  ].filter(Boolean).length;
  if (given !== 1) return 'passOrAnswer';
  if (request.pass) return { kind: 'pass', correct: false, points: 0 };
  switch (step.type) {
    case 'freeText': {
      if (request.text === undefined || request.text.trim() === '') return 'textRequired';
      const expected = step.answers.find((a) => a.correct)?.value ?? '';
      const correct = isFreeTextAnswerCorrect(expected, request.text);
      return { kind: 'answer', correct, points: correct ? step.points : 0 };
    }
    case 'multipleChoice': {
      if (request.answerId === undefined) return 'answerIdRequired';
      const chosen = step.answers.find((a) => a.id === request.answerId && a.value.trim() !== '');
      if (!chosen) return 'unknownAnswer';
      return { kind: 'answer', correct: chosen.correct, points: chosen.correct ? step.points : 0 };
    }
    case 'standardChallenge':
      return request.done ? { kind: 'done', correct: null, points: step.points } : 'doneRequired';
    case 'photoChallenge':
    case 'videoChallenge':
      return 'mediaRequired';
  }
}

/** The points a submission counts for after judging: rejected is 0, an adjustment replaces. */
export const effectivePoints = (submission: {
  points: number;
  rejected: boolean;
  adjustedPoints: number | null;
}): number => (submission.rejected ? 0 : (submission.adjustedPoints ?? submission.points));

/**
 * Whether the presentation may show a submission: not once the organiser rejected it or hid it.
 * The server leaves the others out of what it sends a projector (docs/games.md "Judging").
 */
export const shownOnPresentation = (submission: { rejected: boolean; hidden: boolean }): boolean =>
  !submission.rejected && !submission.hidden;

// ---------------------------------------------------------------------------------------------
// What a player sees of a task: never the right answer.

export const playerAnswerSchema = z.object({ id: idSchema, value: z.string() });

export const playerStepSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: stepTypeSchema,
  text: z.string(),
  media: assetSchema.nullable(),
  points: z.number().int(),
  /** Multiple choice only: the filled choices, in the organiser's order. */
  answers: z.array(playerAnswerSchema),
});
export type PlayerStep = z.infer<typeof playerStepSchema>;

export function toPlayerStep(step: Step): PlayerStep {
  return {
    id: step.id,
    name: step.name,
    type: step.type,
    text: step.text,
    media: step.media,
    points: step.points,
    answers:
      step.type === 'multipleChoice'
        ? step.answers.filter((a) => a.value.trim() !== '').map(({ id, value }) => ({ id, value }))
        : [],
  };
}

// ---------------------------------------------------------------------------------------------
// Shapes of the calls (docs/games.md)

/** GET /play/{code}: anyone with the code. */
export const publicGameSchema = z.object({
  code: z.string(),
  name: z.string(),
  gameType: gameTypeSchema,
  phase: z.enum(GAME_PHASES),
  demo: z.boolean(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  /** When the organiser paused the game; null while it is not paused. */
  pausedAt: isoDateTime.nullable(),
  stepsCount: z.number().int(),
  teamsCount: z.number().int(),
  /** null = unlimited (FREE: 3). */
  maxTeams: z.number().int().nullable(),
  branding: brandingSchema,
  theme: themeSchema.nullable(),
});
export type PublicGame = z.infer<typeof publicGameSchema>;

export const teamSchema = z.object({
  id: idSchema,
  name: z.string(),
  photoUrl: z.string().nullable(),
  score: z.number().int(),
  joinedAt: isoDateTime,
});
export type Team = z.infer<typeof teamSchema>;

/** POST /play/{code}/teams: the token identifies the team from then on (TeamToken header). */
export const joinResponseSchema = z.object({ team: teamSchema, token: z.string() });

/**
 * POST /play/{code}/teams/rejoin: a team moves to another phone with its rejoin code (any case,
 * spaces). The new phone gets a token of its own; the first phone's stays valid.
 */
export const rejoinRequestSchema = z.strictObject({ rejoinCode: z.string().max(40) });
export type RejoinRequest = z.infer<typeof rejoinRequestSchema>;
export const rejoinResponseSchema = joinResponseSchema;
export type RejoinResponse = z.infer<typeof rejoinResponseSchema>;

export const progressEntrySchema = z.object({
  stepId: idSchema,
  kind: z.enum(['answer', 'pass', 'media', 'done']),
  /** null for challenges (judged by people, not by the app). */
  correct: z.boolean().nullable(),
  points: z.number().int(),
  rejected: z.boolean(),
  mediaUrl: z.string().nullable(),
});
export type ProgressEntry = z.infer<typeof progressEntrySchema>;

/** C0 controls other than tab and line breaks, and DEL. */
const isControlCharacter = (ch: string): boolean => {
  const code = ch.codePointAt(0)!;
  return (code < 0x20 && ch !== '\t' && ch !== '\n' && ch !== '\r') || code === 0x7f;
};

/** A message from the organiser to every team of a game (docs/games.md "Announcements"). */
export const ANNOUNCEMENT_MAX_LENGTH = 280;
export const announcementSchema = z.object({
  id: idSchema,
  text: z.string(),
  createdAt: isoDateTime,
});
export type Announcement = z.infer<typeof announcementSchema>;

/** POST /games/{id}/announcements. */
export const announcementRequestSchema = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, 'Write the announcement first.')
    .max(
      ANNOUNCEMENT_MAX_LENGTH,
      `An announcement can be at most ${ANNOUNCEMENT_MAX_LENGTH} characters.`,
    )
    // The database cannot store NUL; other control characters would show as boxes on phones.
    .refine((text) => ![...text].some(isControlCharacter), {
      message: 'The announcement contains a control character. Remove it and send again.',
    }),
});

/** How many of the latest announcements a phone gets with its state (newest first). */
export const PLAYER_ANNOUNCEMENTS = 5;

/** GET /play/{code}/me: everything the phone needs to show the game to its team. */
export const playerStateSchema = z.object({
  game: publicGameSchema,
  team: teamSchema,
  steps: z.array(playerStepSchema),
  progress: z.array(progressEntrySchema),
  /** The latest announcements, newest first: a phone that was away sees what it missed. */
  announcements: z.array(announcementSchema),
  /** The team's code for continuing on another phone (POST /play/{code}/teams/rejoin). */
  rejoinCode: z.string(),
});
export type PlayerState = z.infer<typeof playerStateSchema>;

/** POST /play/{code}/answers and /answers/media. */
/** An answer as the server took it: `id` is the submission's, for the judging calls. */
export const answerResultSchema = z.object({
  id: idSchema,
  entry: progressEntrySchema,
  score: z.number().int(),
});
export type AnswerResult = z.infer<typeof answerResultSchema>;

export const scoreboardRowSchema = z.object({
  rank: z.number().int(),
  teamId: idSchema,
  name: z.string(),
  photoUrl: z.string().nullable(),
  score: z.number().int(),
  answered: z.number().int(),
  lastAnswerAt: isoDateTime.nullable(),
});
export type ScoreboardRow = z.infer<typeof scoreboardRowSchema>;

/**
 * Phones get the top of the scoreboard and their own row, not all of it: a 2,000-team board is a
 * quarter of a megabyte, sent to every phone several times a second.
 */
export const PLAYER_SCOREBOARD_ROWS = 20;

export function playerScoreboard<T extends { rows: { teamId: string }[] }>(
  board: T,
  teamId?: string,
): T {
  if (board.rows.length <= PLAYER_SCOREBOARD_ROWS) return board;
  const top = board.rows.slice(0, PLAYER_SCOREBOARD_ROWS);
  const own = teamId
    ? board.rows.find((row, i) => i >= PLAYER_SCOREBOARD_ROWS && row.teamId === teamId)
    : undefined;
  return { ...board, rows: own ? [...top, own] : top };
}

export const scoreboardSchema = z.object({
  game: publicGameSchema,
  rows: z.array(scoreboardRowSchema),
  updatedAt: isoDateTime,
});
export type Scoreboard = z.infer<typeof scoreboardSchema>;

/** One submission as organisers see it (statistics, presentation, judging). */
export const submissionSchema = z.object({
  id: idSchema,
  teamId: idSchema,
  teamName: z.string(),
  stepId: idSchema,
  kind: z.enum(['answer', 'pass', 'media', 'done']),
  /** What the team answered: the typed text or the chosen choice's text. */
  answer: z.string().nullable(),
  correct: z.boolean().nullable(),
  points: z.number().int(),
  rejected: z.boolean(),
  adjustedPoints: z.number().int().nullable(),
  mediaUrl: z.string().nullable(),
  mediaType: z.string().nullable(),
  /** Made before the end, delivered after it within the grace period: it counts (docs/games.md). */
  late: z.boolean(),
  /** Kept off the presentation by the organiser; it still counts (docs/games.md "Judging"). */
  hidden: z.boolean(),
  createdAt: isoDateTime,
});
export type Submission = z.infer<typeof submissionSchema>;

export const stepStatisticsSchema = z.object({
  step: stepSchema,
  answered: z.number().int(),
  correct: z.number().int(),
  passed: z.number().int(),
  /** Each distinct answer given, with how many teams gave it. */
  answers: z.array(
    z.object({ answer: z.string(), count: z.number().int(), correct: z.boolean().nullable() }),
  ),
});

export const teamStatisticsSchema = z.object({
  team: teamSchema,
  answered: z.number().int(),
  correct: z.number().int(),
  /** From joining to the last submission, in seconds; null before the first one. */
  timeSeconds: z.number().int().nullable(),
  /**
   * The organiser's bonus and penalty points in total (docs/games.md "Teams"), already in
   * `team.score`; 0 without any. The server always sends it; optional so that statistics from
   * before adjustments (and screens' own fixtures) still read.
   */
  adjustmentPoints: z.number().int(),
});

/** GET /games/{id}/statistics: for the organiser. */
export const statisticsSchema = z.object({
  game: publicGameSchema,
  steps: z.array(stepStatisticsSchema),
  teams: z.array(teamStatisticsSchema),
  submissions: z.array(submissionSchema),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** PATCH /games/{id}/submissions/{submissionId}: judging. */
export const judgeRequestSchema = z
  .strictObject({
    rejected: z.boolean().optional(),
    points: z.number().int().min(0).max(LIMITS.pointsMax).nullable().optional(),
    /** true keeps it off the presentation, false shows it again; its points stay as they are. */
    hidden: z.boolean().optional(),
  })
  .refine(
    (body) => body.rejected !== undefined || body.points !== undefined || body.hidden !== undefined,
    { message: 'Send rejected, points, hidden, or any of them together.' },
  );
export type JudgeRequest = z.infer<typeof judgeRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Game control (docs/games.md "Game control"): end, pause, resume, move the end

/** POST /games/{id}/end|pause|resume and PATCH /games/{id}: the game as it now stands. */
export const gameControlSchema = z.object({
  id: idSchema,
  phase: z.enum(GAME_PHASES),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  pausedAt: isoDateTime.nullable(),
});
export type GameControl = z.infer<typeof gameControlSchema>;

/** PATCH /games/{id}: a new end, later (extend) or earlier (shorten) than the present one. */
export const gameChangeRequestSchema = z.strictObject({ endsAt: isoDateTime });
export type GameChangeRequest = z.infer<typeof gameChangeRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Teams (docs/games.md "Teams: rename, remove, bonus and penalty points"): the organiser renames
// or removes a team and gives it bonus or penalty points, during the game or after its end.

/** PATCH /games/{id}/teams/{teamId}: the name follows the joining rules (teamNameSchema). */
export const teamRenameRequestSchema = z.strictObject({ name: z.string().max(200) });
export type TeamRenameRequest = z.infer<typeof teamRenameRequestSchema>;

export const ADJUSTMENT_REASON_MAX_LENGTH = 200;

export const ADJUSTMENT_MESSAGES = {
  points: `Points must be a whole number from -${LIMITS.pointsMax} to ${LIMITS.pointsMax}: positive for a bonus, negative for a penalty.`,
  zero: 'Points cannot be 0: give a bonus (positive) or a penalty (negative).',
  reasonEmpty: 'Say why the team gets these points.',
  reasonTooLong: `The reason can be at most ${ADJUSTMENT_REASON_MAX_LENGTH} characters.`,
} as const;

/** POST /games/{id}/teams/{teamId}/adjustments: a bonus (points > 0) or a penalty (< 0). */
export const scoreAdjustmentRequestSchema = z.strictObject({
  points: z
    .number(ADJUSTMENT_MESSAGES.points)
    .int(ADJUSTMENT_MESSAGES.points)
    .min(-LIMITS.pointsMax, ADJUSTMENT_MESSAGES.points)
    .max(LIMITS.pointsMax, ADJUSTMENT_MESSAGES.points)
    .refine((points) => points !== 0, ADJUSTMENT_MESSAGES.zero),
  reason: z
    .string(ADJUSTMENT_MESSAGES.reasonEmpty)
    .trim()
    .min(1, ADJUSTMENT_MESSAGES.reasonEmpty)
    .max(ADJUSTMENT_REASON_MAX_LENGTH, ADJUSTMENT_MESSAGES.reasonTooLong),
});
export type ScoreAdjustmentRequest = z.infer<typeof scoreAdjustmentRequestSchema>;

export const scoreAdjustmentSchema = z.object({
  id: idSchema,
  teamId: idSchema,
  /** Positive: a bonus; negative: a penalty. Never 0. */
  points: z.number().int(),
  reason: z.string(),
  createdAt: isoDateTime,
});
export type ScoreAdjustment = z.infer<typeof scoreAdjustmentSchema>;

/** The adjustment made, and the team with its new score. */
export const scoreAdjustmentResultSchema = z.object({
  adjustment: scoreAdjustmentSchema,
  team: teamSchema,
});
export type ScoreAdjustmentResult = z.infer<typeof scoreAdjustmentResultSchema>;

/** GET /games/{id}/teams/{teamId}/adjustments: oldest first. */
export const scoreAdjustmentListSchema = z.object({
  adjustments: z.array(scoreAdjustmentSchema),
});
export type ScoreAdjustmentList = z.infer<typeof scoreAdjustmentListSchema>;

/** How the CSV and the screens name an adjustment: "Bonus: <reason>" or "Penalty: <reason>". */
export const describeAdjustment = (adjustment: { points: number; reason: string }): string =>
  `${adjustment.points > 0 ? 'Bonus' : 'Penalty'}: ${adjustment.reason}`;

/** GET /sample_game: the standing sample game of "Play a demo" (docs/games.md). */
export const sampleGameResponseSchema = z.object({
  code: z.string(),
  qrCodeUrl: z.string(),
  /** When today's sample game makes way for tomorrow's (a new code). */
  endsAt: isoDateTime,
});
export type SampleGameResponse = z.infer<typeof sampleGameResponseSchema>;
