/**
 * Where the AI assistant's tasks came from, and "Another task like this" (docs/ai.md): the
 * template's recorded origins, and a new task from the same origin as one of them. Both answers
 * are checked before use: the new task goes into the organiser's activity as a local edit.
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
import { apiCall, UNREADABLE_MESSAGE, type ApiCredentials, type ApiCallResult } from './client';

const anotherTaskResponseSchema = z.object({ step: stepSchema, origin: taskOriginSchema });

const templatePath = (templateId: string) => `/templates/${encodeURIComponent(templateId)}`;

/** A 2xx whose body is not the agreed shape is treated as the server's failure. */
function checked<T>(result: ApiCallResult<unknown>, schema: z.ZodType<T>): ApiCallResult<T> {
  if (!result.ok) return result;
  const parsed = schema.safeParse(result.data);
  return parsed.success
    ? { ok: true, status: result.status, data: parsed.data }
    : { ok: false, status: result.status, errorMessage: UNREADABLE_MESSAGE };
}

/** GET /templates/{id}/task_origins: every recorded origin, tasks since deleted included. */
export async function getTaskOrigins(
  templateId: string,
  credentials: ApiCredentials,
): Promise<ApiCallResult<TaskOrigin[]>> {
  const result = await apiCall<unknown>(`${templatePath(templateId)}/task_origins`, credentials);
  const answer = checked(result, taskOriginsResponseSchema);
  return answer.ok ? { ...answer, data: answer.data.origins } : answer;
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
): Promise<ApiCallResult<{ step: Step; origin: TaskOrigin }>> {
  const result = await apiCall<unknown>(
    `${templatePath(templateId)}/steps/${encodeURIComponent(stepId)}/another`,
    { ...credentials, body: { avoid: avoidTexts(avoid) } },
  );
  return checked(result, anotherTaskResponseSchema);
}
