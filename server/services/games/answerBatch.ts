/**
 * Answers are written in batches (batchQueue.ts): the answers that arrive while one batch is
 * being written go together into the next, as one statement that inserts every submission and
 * moves every team's score with it (a data-modifying CTE is atomic), and one commit. A 2,000-team
 * burst is then tens of commits, not 2,000. Each answer is still acknowledged only once its
 * batch has committed.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { submissions, teams } from '../../db/schema';
import { queuePerOwner, type BatchOutcome } from '../batchQueue';
import type { TeamStanding } from './liveScoreboard';

/** One submission to store; `createdAt` is when the server took it. */
export interface AnswerWrite {
  id: string;
  gameId: string;
  teamId: string;
  stepId: string;
  clientId: string;
  kind: string;
  answer: string | null;
  correct: boolean | null;
  points: number;
  mediaKey: string | null;
  mediaType: string | null;
  late: boolean;
  createdAt: string;
}

/** A submission as the database returned it (row_to_json: the columns' own names). */
export interface InsertedSubmission {
  id: string;
  game_id: string;
  team_id: string;
  step_id: string;
  client_id: string;
  kind: string;
  answer: string | null;
  correct: boolean | null;
  points: number;
  rejected: boolean;
  adjusted_points: number | null;
  media_key: string | null;
  media_type: string | null;
  late: boolean;
  hidden: boolean;
  created_at: string;
}

/** What one answer became: its row and its team's standing; null when the task had one already. */
export type AnswerWritten = { submission: InsertedSubmission; standing: TeamStanding } | null;

/** The most answers in one statement: a batch's JSON stays well under a megabyte. */
const MAX_BATCH = 500;

interface ScoredTeam {
  id: string;
  score: number;
  answered: number;
  last_answer_at: string;
}

/** PGlite hands json columns back parsed, node-postgres as text on some paths: take both. */
const parsed = <T>(value: T | string | null | undefined): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? null);

const toIso = (timestamp: string) => new Date(timestamp).toISOString();

async function insertAnswers(
  db: Database,
  items: readonly AnswerWrite[],
): Promise<AnswerWritten[]> {
  const input = JSON.stringify(
    items.map((item) => ({
      id: item.id,
      game_id: item.gameId,
      team_id: item.teamId,
      step_id: item.stepId,
      client_id: item.clientId,
      kind: item.kind,
      answer: item.answer,
      correct: item.correct,
      points: item.points,
      media_key: item.mediaKey,
      media_type: item.mediaType,
      late: item.late,
      created_at: item.createdAt,
    })),
  );
  // The teams as an array literal (their ids are UUIDs: nothing to quote), so that the teams
  // are found by their primary key: the planner takes jsonb_to_recordset for 100 rows and would
  // otherwise read a 2,000-team table whole for each batch (the embedded database never
  // ANALYZEs, having no autovacuum).
  const teamIds = `{${[...new Set(items.map((item) => item.teamId))].join(',')}}`;
  // A team with two answers in one batch (two tasks) moves once, by their sum: an UPDATE … FROM
  // changes each row at most once.
  const result = await db.execute(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS x(id text, game_id text, team_id text,
        step_id text, client_id text, kind text, answer text, correct boolean, points integer,
        media_key text, media_type text, late boolean, created_at timestamptz)
    ), inserted AS (
      INSERT INTO ${submissions} (id, game_id, team_id, step_id, client_id, kind, answer, correct,
        points, media_key, media_type, late, created_at)
      SELECT id, game_id, team_id, step_id, client_id, kind, answer, correct, points, media_key,
        media_type, late, created_at FROM input
      ON CONFLICT (team_id, step_id) DO NOTHING
      RETURNING *
    ), totals AS (
      SELECT team_id, sum(points)::int AS points, count(*)::int AS n, max(created_at) AS at
      FROM inserted GROUP BY team_id
    ), scored AS (
      UPDATE ${teams} SET score = ${teams.score} + totals.points,
        answered = ${teams.answered} + totals.n, last_answer_at = totals.at
      FROM totals WHERE ${teams.id} = ANY(${teamIds}::text[]) AND ${teams.id} = totals.team_id
      RETURNING ${teams.id} AS id, ${teams.score} AS score, ${teams.answered} AS answered,
        ${teams.lastAnswerAt} AS last_answer_at
    )
    SELECT (SELECT json_agg(row_to_json(inserted)) FROM inserted) AS submissions,
      (SELECT json_agg(row_to_json(scored)) FROM scored) AS teams
  `);
  const [row] = (result as unknown as { rows: { submissions: unknown; teams: unknown }[] }).rows;
  const inserted = parsed<InsertedSubmission[]>(row?.submissions as string) ?? [];
  const scored = parsed<ScoredTeam[]>(row?.teams as string) ?? [];
  const byTask = new Map(inserted.map((s) => [`${s.team_id} ${s.step_id}`, s]));
  const standings = new Map<string, TeamStanding>(
    scored.map((team) => [
      team.id,
      {
        teamId: team.id,
        score: team.score,
        answered: team.answered,
        lastAnswerAt: toIso(team.last_answer_at),
      },
    ]),
  );
  return items.map((item) => {
    const submission = byTask.get(`${item.teamId} ${item.stepId}`);
    // Inserted by this batch only if it is this item's own (a resend has the first's clientId).
    if (!submission || submission.id !== item.id) return null;
    const standing = standings.get(item.teamId);
    return standing ? { submission, standing } : null;
  });
}

/**
 * A batch that fails as a whole (a team removed meanwhile: its row breaks the foreign key) is
 * written again one answer at a time, so that only the answer at fault fails.
 */
async function writeBatch(
  db: Database,
  items: readonly AnswerWrite[],
): Promise<BatchOutcome<AnswerWritten>[]> {
  try {
    const written = await insertAnswers(db, items);
    return written.map((value) => ({ ok: true, value }));
  } catch (error) {
    if (items.length === 1) return [{ ok: false, error }];
    const outcomes: BatchOutcome<AnswerWritten>[] = [];
    for (const item of items) {
      try {
        outcomes.push({ ok: true, value: (await insertAnswers(db, [item]))[0]! });
      } catch (itemError) {
        outcomes.push({ ok: false, error: itemError });
      }
    }
    return outcomes;
  }
}

/** Stores one answer with the next batch; resolves once that batch has committed. */
export const writeAnswer = queuePerOwner<Database, AnswerWrite, AnswerWritten>((db) => ({
  run: (items) => writeBatch(db, items),
  maxBatch: MAX_BATCH,
  // A team's second answer to one task waits for the next batch, which finds the first.
  keyOf: (item) => `${item.teamId} ${item.stepId}`,
}));
