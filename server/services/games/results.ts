/**
 * What organisers see of a game (docs/games.md "Live screens"): the statistics per task and per
 * team, every submission, judging (reject, adjust points, hide from the presentation), and the
 * CSV export. Access is checked by the routes (the game's screen key or the owner's sign-in).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { submissions, teams } from '../../db/schema';
import {
  describeAdjustment,
  effectivePoints,
  shownOnPresentation,
  type JudgeRequest,
  type Statistics,
  type Submission,
} from '../../../src/domain/games';
import { notFound } from '../../errors';
import type { GameRow } from './publishing';
import { countTeams, toPublicGame, toTeam, type SubmissionRow, type TeamRow } from './players';
import { gameAdjustments, type ScoreAdjustmentRow } from './teams';

export function toSubmission(row: SubmissionRow, teamName: string): Submission {
  return {
    id: row.id,
    teamId: row.teamId,
    teamName,
    stepId: row.stepId,
    kind: row.kind as Submission['kind'],
    answer: row.answer,
    correct: row.correct,
    points: row.points,
    rejected: row.rejected,
    adjustedPoints: row.adjustedPoints,
    mediaUrl: row.mediaKey ? `/uploads/${row.mediaKey}` : null,
    mediaType: row.mediaType,
    late: row.late,
    hidden: row.hidden,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One team's submission for one task, as the live screens show it. */
export async function submissionOf(
  db: Database,
  teamId: string,
  stepId: string,
): Promise<Submission | null> {
  const [row] = await db
    .select({ submission: submissions, teamName: teams.name })
    .from(submissions)
    .innerJoin(teams, eq(teams.id, submissions.teamId))
    .where(and(eq(submissions.teamId, teamId), eq(submissions.stepId, stepId)));
  return row ? toSubmission(row.submission, row.teamName) : null;
}

async function gameRows(db: Database, game: GameRow) {
  const teamRows = await db
    .select()
    .from(teams)
    .where(eq(teams.gameId, game.id))
    // The id breaks ties, so the zip's numbered folders ("Owls (2)") come out the same each time.
    .orderBy(asc(teams.joinedAt), asc(teams.id));
  const submissionRows = await db
    .select()
    .from(submissions)
    .where(eq(submissions.gameId, game.id))
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
  return { teamRows, submissionRows };
}

export async function statistics(
  db: Database,
  game: GameRow,
  now = new Date(),
): Promise<Statistics> {
  return (await statisticsWithAdjustments(db, game, now)).statistics;
}

/**
 * GET /games/{id}/statistics?view=presentation: what the presentation may show, for a projector
 * that must never receive what the organiser hid or rejected. The submissions and the answers per
 * task leave those out; the teams' figures and scores stay whole (hidden still counts).
 */
export async function presentationStatistics(
  db: Database,
  game: GameRow,
  now = new Date(),
): Promise<Statistics> {
  return (await statisticsWithAdjustments(db, game, now, shownOnPresentation)).statistics;
}

/** The statistics, and the game's bonus and penalty points by team (oldest first) for the CSV. */
async function statisticsWithAdjustments(
  db: Database,
  game: GameRow,
  now = new Date(),
  /** Which submissions to list (and count per task); all of them unless said. */
  listed: (submission: Submission) => boolean = () => true,
): Promise<{ statistics: Statistics; adjustments: Map<string, ScoreAdjustmentRow[]> }> {
  const { teamRows, submissionRows } = await gameRows(db, game);
  const adjustments = new Map<string, ScoreAdjustmentRow[]>();
  for (const row of await gameAdjustments(db, game)) {
    const list = adjustments.get(row.teamId);
    if (list) list.push(row);
    else adjustments.set(row.teamId, [row]);
  }
  const names = new Map(teamRows.map((t) => [t.id, t.name]));
  const all = submissionRows
    .map((row) => toSubmission(row, names.get(row.teamId) ?? ''))
    .filter(listed);

  const steps = game.snapshot.steps.map((step) => {
    const mine = all.filter((s) => s.stepId === step.id);
    const answers = new Map<string, { answer: string; count: number; correct: boolean | null }>();
    for (const s of mine) {
      if (s.answer === null) continue;
      const key = s.answer.trim().toLowerCase();
      const entry = answers.get(key) ?? { answer: s.answer.trim(), count: 0, correct: s.correct };
      entry.count++;
      answers.set(key, entry);
    }
    return {
      step,
      answered: mine.filter((s) => s.kind !== 'pass').length,
      correct: mine.filter((s) => s.correct === true).length,
      passed: mine.filter((s) => s.kind === 'pass').length,
      answers: [...answers.values()].sort(
        (a, b) => b.count - a.count || a.answer.localeCompare(b.answer),
      ),
    };
  });

  const teamStats = teamRows.map((team: TeamRow) => {
    const mine = submissionRows.filter((s) => s.teamId === team.id);
    const last = mine.at(-1)?.createdAt ?? null;
    return {
      team: toTeam(team),
      answered: mine.filter((s) => s.kind !== 'pass').length,
      correct: mine.filter((s) => s.correct === true).length,
      timeSeconds: last
        ? Math.max(0, Math.round((last.getTime() - team.joinedAt.getTime()) / 1000))
        : null,
      adjustmentPoints: (adjustments.get(team.id) ?? []).reduce((sum, a) => sum + a.points, 0),
    };
  });
  // The scoreboard's order: score, then who got there first, then name.
  const lastAnswer = new Map(teamRows.map((t) => [t.id, t.lastAnswerAt?.getTime() ?? Infinity]));
  teamStats.sort(
    (a, b) =>
      b.team.score - a.team.score ||
      lastAnswer.get(a.team.id)! - lastAnswer.get(b.team.id)! ||
      a.team.name.toLowerCase().localeCompare(b.team.name.toLowerCase()),
  );

  return {
    statistics: {
      game: toPublicGame(game, await countTeams(db, game.id), now),
      steps,
      teams: teamStats,
      submissions: all,
    },
    adjustments,
  };
}

/**
 * PATCH /games/{id}/submissions/{submissionId}: reject (0 points) or restore a submission, set
 * its points, or hide it from the presentation (or show it again). The team's score moves by the
 * difference, in the same transaction; hiding alone leaves the points as they are.
 */
export async function judgeSubmission(
  db: Database,
  game: GameRow,
  submissionId: string,
  request: JudgeRequest,
): Promise<Submission> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(submissions)
      .where(eq(submissions.id, submissionId))
      .for('update');
    if (!row || row.gameId !== game.id) throw notFound('This activity has no such submission.');
    const before = effectivePoints(row);
    // Only what was asked for is written: the row's other fields stay as they are.
    const change = {
      ...(request.rejected !== undefined ? { rejected: request.rejected } : {}),
      ...(request.points !== undefined ? { adjustedPoints: request.points } : {}),
      ...(request.hidden !== undefined ? { hidden: request.hidden } : {}),
    };
    const [updated] = await tx
      .update(submissions)
      .set(change)
      .where(eq(submissions.id, row.id))
      .returning();
    const delta = effectivePoints(updated!) - before;
    // Hiding alone moves no points: the team's row is only read for its name, not written.
    const [team] =
      delta === 0
        ? await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, row.teamId))
        : await tx
            .update(teams)
            .set({ score: sql`${teams.score} + ${delta}` })
            .where(eq(teams.id, row.teamId))
            .returning({ name: teams.name });
    return toSubmission(updated!, team!.name);
  });
}

/**
 * RFC 4180 quoting; a text's leading =, +, - or @ is defused so a spreadsheet never runs a
 * formula. Numbers are left as they are: a penalty's -5 is a number to add up, not a formula.
 */
function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value !== 'number' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_HEADER = [
  'Team',
  'Team score',
  'Task number',
  'Task',
  'Type',
  'Answer',
  'Correct',
  'Points',
  'Rejected',
  'Media',
  'Submitted at',
  'Late',
  'Hidden',
];

/**
 * One row per team and task answered, in task order; then the teams' totals are clear. After a
 * team's answers, one row per bonus or penalty, oldest first: the task columns empty, the Answer
 * "Bonus: <reason>" or "Penalty: <reason>", the Points its points. A team with neither answers
 * nor adjustments still has one row (its name and score, the other columns empty), so every team
 * that joined is in the file.
 */
export async function resultsCsv(db: Database, game: GameRow, publicUrl: string): Promise<string> {
  const { statistics: stats, adjustments } = await statisticsWithAdjustments(db, game);
  const order = new Map(game.snapshot.steps.map((s, i) => [s.id, i]));
  const lines = [CSV_HEADER.map(csvField).join(',')];
  for (const { team } of stats.teams) {
    const mine = stats.submissions
      .filter((s) => s.teamId === team.id)
      .sort((a, b) => (order.get(a.stepId) ?? 0) - (order.get(b.stepId) ?? 0));
    const adjusted = adjustments.get(team.id) ?? [];
    if (mine.length === 0 && adjusted.length === 0) {
      lines.push(
        [team.name, team.score, ...CSV_HEADER.slice(2).map(() => null)].map(csvField).join(','),
      );
    }
    for (const s of mine) {
      const index = order.get(s.stepId) ?? -1;
      const step = game.snapshot.steps[index];
      lines.push(
        [
          team.name,
          team.score,
          index + 1,
          step?.name ?? '',
          step?.type ?? '',
          s.kind === 'pass' ? '(passed)' : s.answer,
          s.correct,
          effectivePoints(s),
          s.rejected,
          s.mediaUrl ? `${publicUrl}${s.mediaUrl}` : null,
          s.createdAt,
          s.late,
          s.hidden,
        ]
          .map(csvField)
          .join(','),
      );
    }
    for (const a of adjusted) {
      lines.push(
        [
          team.name,
          team.score,
          null, // Task number
          null, // Task
          null, // Type
          describeAdjustment(a),
          null, // Correct
          a.points,
          null, // Rejected
          null, // Media
          a.createdAt.toISOString(),
          null, // Late
          null, // Hidden
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A name (a game's, a team's, a task's) as part of a file name: letters, digits, spaces, - and _. */
export const safeFileName = (name: string, maxLength: number, fallback: string): string =>
  name
    // Letters in any script (with their combining marks), digits and dashes of any kind are
    // safe in file and folder names on every system; the rest (slashes, colons, quotes,
    // brackets, control characters) is dropped, and the spaces it leaves are folded.
    .replace(/[^\p{L}\p{M}\p{N}\p{Pd} _]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    // Cutting may leave a space at the end, which Windows drops from folder names.
    .trimEnd() || fallback;

/**
 * Hands out names that differ from every name given before, whatever the case (Windows and macOS
 * do not tell "Owls" from "OWLS") and however accents are encoded: the second "Owls" is
 * "Owls (2)", the third "Owls (3)". safeFileName drops brackets, so a plain name never looks like
 * a numbered one.
 */
function distinctNames() {
  const taken = new Set<string>();
  const key = (name: string) => name.normalize('NFC').toLowerCase();
  return (base: string, extension = ''): string => {
    let name = `${base}${extension}`;
    for (let n = 2; taken.has(key(name)); n++) name = `${base} (${n})${extension}`;
    taken.add(key(name));
    return name;
  };
}

/** ".png" from "games/g1/abc.png"; nothing for a key without one. */
const extensionOf = (key: string): string => /\.[A-Za-z0-9]{1,10}$/.exec(key)?.[0] ?? '';

/**
 * The photos and videos to zip: a folder per team (its photo, then a file per task named after
 * the task). Two teams whose names give the same folder name ("Owls!" and "Owls?") get folders of
 * their own, numbered in the order they joined, so no file in the zip replaces another. Every team
 * keeps its folder name from one download to the next: it depends only on the teams before it.
 */
export async function mediaFiles(
  db: Database,
  game: GameRow,
): Promise<{ key: string; path: string }[]> {
  const { teamRows, submissionRows } = await gameRows(db, game);
  const safe = (text: string) => safeFileName(text, 60, 'untitled');
  const order = new Map(game.snapshot.steps.map((s, i) => [s.id, i]));
  const folderName = distinctNames();
  const mediaOf = new Map<string, SubmissionRow[]>();
  for (const row of submissionRows) {
    if (!row.mediaKey) continue;
    const list = mediaOf.get(row.teamId);
    if (list) list.push(row);
    else mediaOf.set(row.teamId, [row]);
  }
  const files: { key: string; path: string }[] = [];
  for (const team of teamRows) {
    const folder = folderName(safe(team.name));
    const fileName = distinctNames();
    if (team.photoKey)
      files.push({
        key: team.photoKey,
        path: `${folder}/${fileName('team-photo', extensionOf(team.photoKey))}`,
      });
    for (const s of mediaOf.get(team.id) ?? []) {
      const index = order.get(s.stepId) ?? 0;
      const step = game.snapshot.steps[index];
      const base = `${String(index + 1).padStart(2, '0')} ${safe(step?.name ?? 'task')}`;
      files.push({
        key: s.mediaKey!,
        path: `${folder}/${fileName(base, extensionOf(s.mediaKey!))}`,
      });
    }
  }
  return files;
}
