/**
 * Where each task the AI assistant wrote came from (docs/ai.md "Where each task came from"):
 * recorded when a request completes, listed for the builder's task cards, and the seed of
 * "Another task like this". Kept in task_origins, apart from the template, so that sync and the
 * step schema stay as they are. The question bank and the built-in generator are loaded when the
 * first call needs them, not with the server: an idle server holds neither.
 */
import { and, eq } from 'drizzle-orm';
import type { Step, TaskOrigin } from '../../src/domain/schemas';
import { originOf, type StoredOrigin } from '../ai/origins';
import type { GeneratedTask } from '../ai/generator';
import type { Database } from '../db/client';
import { taskOrigins } from '../db/schema';
import { HttpError, notFound } from '../errors';
import { getReadableRow, getWritableRow, type Owner } from './templates';

export const NO_ORIGIN_MESSAGE = 'This task has no record of where it came from.';
export const NOTHING_NEW_MESSAGE =
  'There is no other task to make from this. Edit the task, or generate again with more detail.';

type OriginRow = typeof taskOrigins.$inferInsert;

const rowOf = (templateId: string, stepId: string, origin: StoredOrigin): OriginRow => ({
  templateId,
  stepId,
  ...origin,
});

type TopicTitle = (topicId: string | null) => string | null;

/** The bank's topic titles; loaded only for a template that has a task from the bank. */
const bankTitles = async (): Promise<TopicTitle> => (await import('../ai/bank')).bankTopicTitle;

const answerOf = (
  row: {
    stepId: string;
    kind: string;
    sentence: string | null;
    topicId: string | null;
    general: boolean;
  },
  topicTitle: TopicTitle | null,
): TaskOrigin => ({
  stepId: row.stepId,
  kind: row.kind as TaskOrigin['kind'],
  sentence: row.kind === 'organiserText' ? row.sentence : null,
  topic: row.kind === 'questionBank' ? (topicTitle?.(row.topicId) ?? null) : null,
  general: row.kind === 'questionBank' && row.general,
});

/** Records where a finished request's tasks came from (a task written again replaces its row). */
export async function recordTaskOrigins(
  db: Database,
  templateId: string,
  tasks: readonly GeneratedTask[],
  topics: string,
): Promise<void> {
  if (tasks.length === 0) return;
  const rows = tasks.map((task) => rowOf(templateId, task.step.id, originOf(task, topics)));
  await db
    .insert(taskOrigins)
    .values(rows)
    .onConflictDoNothing({ target: [taskOrigins.templateId, taskOrigins.stepId] });
}

/** GET /templates/{id}/task_origins: every recorded origin of a template its reader may see. */
export async function listTaskOrigins(
  db: Database,
  owner: Owner,
  templateId: string,
): Promise<TaskOrigin[]> {
  await getReadableRow(db, templateId, owner);
  const rows = await db.select().from(taskOrigins).where(eq(taskOrigins.templateId, templateId));
  const topicTitle = rows.some((row) => row.kind === 'questionBank') ? await bankTitles() : null;
  return rows.map((row) => answerOf(row, topicTitle));
}

/**
 * POST /templates/{id}/steps/{stepId}/another: a new task from the same origin, recorded as the
 * new task's origin. The template itself is not changed: the builder replaces the task.
 */
export async function anotherTask(
  db: Database,
  owner: Owner,
  templateId: string,
  stepId: string,
  avoid: readonly string[],
): Promise<{ step: Step; origin: TaskOrigin }> {
  const template = await getWritableRow(db, templateId, owner);
  const [row] = await db
    .select()
    .from(taskOrigins)
    .where(and(eq(taskOrigins.templateId, templateId), eq(taskOrigins.stepId, stepId)));
  if (!row) throw notFound(NO_ORIGIN_MESSAGE);
  const stored: StoredOrigin = {
    kind: row.kind as StoredOrigin['kind'],
    sentence: row.sentence,
    topicId: row.topicId,
    general: row.general,
    topics: row.topics,
  };
  const old = template.steps.find((step) => step.id === stepId) ?? null;
  const { anotherTaskLike } = await import('../ai/anotherTask');
  const made = anotherTaskLike(stored, old, avoid, template.gameType as 'quiz' | 'location');
  if (!made) throw new HttpError(422, NOTHING_NEW_MESSAGE);
  const origin = originOf(made, stored.topics);
  await db.insert(taskOrigins).values(rowOf(templateId, made.step.id, origin));
  return {
    step: made.step,
    origin: answerOf({ stepId: made.step.id, ...origin }, await bankTitles()),
  };
}
