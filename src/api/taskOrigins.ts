/**
 * Where the AI assistant's tasks came from, and "Another task like this" (docs/ai.md): the
 * template's recorded origins, and a new task from the same origin as one of them. Both answers
 * are checked before use (a 2xx not in the agreed shape is the server failing): the new task
 * goes into the organiser's activity as a local edit.
 */
import { z } from 'zod';
import { LIMITS } from '../domain/limits';
import {
  stepSchema,
  taskOriginSchema,
  taskOriginsResponseSchema,
  type Step,
  type TaskOrigin,
} from '../domain/schemas';
import type { ApiResult } from '../protocol/result';
import { apiCall, type ApiCredentials } from './client';

const anotherTaskResponseSchema = z.object({ step: stepSchema, origin: taskOriginSchema });

const templatePath = (templateId: string) => `/templates/${encodeURIComponent(templateId)}`;

/** GET /templates/{id}/task_origins: every recorded origin, tasks since deleted included. */
export async function getTaskOrigins(
  templateId: string,
  credentials: ApiCredentials,
): Promise<ApiResult<TaskOrigin[]>> {
  const answer = await apiCall(`${templatePath(templateId)}/task_origins`, {
    ...credentials,
    schema: taskOriginsResponseSchema,
  });
  return answer.ok ? { ok: true, data: answer.data.origins } : answer;
}

/**
 * The texts the new task must not repeat, within what the server accepts (more is a 400):
 * the device's tasks, since the server's copy of the activity may be behind.
 */
export function avoidTexts(texts: readonly string[]): string[] {
  const distinct = new Set(
    texts.map((text) => text.trim().slice(0, LIMITS.stepTextMaxLength)).filter(Boolean),
  );
  return [...distinct].slice(0, LIMITS.stepsMax);
}

/** POST /templates/{id}/steps/{stepId}/another: a new task (new id) and its recorded origin. */
export async function anotherTaskLikeThis(
  templateId: string,
  stepId: string,
  avoid: readonly string[],
  credentials: ApiCredentials,
): Promise<ApiResult<{ step: Step; origin: TaskOrigin }>> {
  return apiCall(`${templatePath(templateId)}/steps/${encodeURIComponent(stepId)}/another`, {
    ...credentials,
    body: { avoid: avoidTexts(avoid) },
    schema: anotherTaskResponseSchema,
  });
}
