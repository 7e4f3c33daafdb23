/**
 * The task list edits the Edit Tasks screen offers beyond SPEC §2.8 (users expect them): add,
 * delete (with undo), duplicate, reorder, and replace (with undo: "Another task like this"). Pure functions over the step list, so each edit is
 * one recipe for the template repository and the rules can be tested without a screen.
 */
import { LIMITS } from '../../../domain/limits';
import type { Step } from '../../../domain/schemas';
import { blankAnswer } from '../../../domain/validation/step';

/** Points a new task starts with (the project's choice; SPEC gives only the 1–1000 range). */
export const NEW_TASK_POINTS = 10;

/** A new, empty free-text task: invalid until it has a name, a question and an answer. */
export function newTask(newId: () => string): Step {
  return {
    id: newId(),
    name: '',
    type: 'freeText',
    text: '',
    answers: [blankAnswer(newId(), true)],
    media: null,
    points: NEW_TASK_POINTS,
    locked: false,
  };
}

export const canAddTask = (steps: readonly Step[]): boolean => steps.length < LIMITS.stepsMax;

/** Appends a task; refused (same list) at the project's cap on steps. */
export function addTask(steps: readonly Step[], task: Step): Step[] {
  return canAddTask(steps) ? [...steps, task] : [...steps];
}

/**
 * A copy placed right after the original, with new ids for the task and its answers. The copy is
 * not locked: the lock belongs to the activity's own task, not to tasks made from it.
 */
export function duplicateTask(
  steps: readonly Step[],
  stepId: string,
  newId: () => string,
): { steps: Step[]; copyId: string | null } {
  const index = steps.findIndex((s) => s.id === stepId);
  const original = steps[index];
  if (original === undefined || !canAddTask(steps)) return { steps: [...steps], copyId: null };
  const copy: Step = {
    ...original,
    id: newId(),
    name: original.name === '' ? '' : `${original.name} (copy)`.slice(0, LIMITS.stepNameMaxLength),
    answers: original.answers.map((a) => ({ ...a, id: newId() })),
    locked: false,
  };
  const next = [...steps];
  next.splice(index + 1, 0, copy);
  return { steps: next, copyId: copy.id };
}

export interface RemovedTask {
  step: Step;
  index: number;
}

/** Removes a task, returning what undo needs. Locked tasks cannot be removed (SPEC §6). */
export function removeTask(
  steps: readonly Step[],
  stepId: string,
): { steps: Step[]; removed: RemovedTask | null } {
  const index = steps.findIndex((s) => s.id === stepId);
  const step = steps[index];
  if (step === undefined || step.locked) return { steps: [...steps], removed: null };
  return { steps: steps.filter((s) => s.id !== stepId), removed: { step, index } };
}

/** Puts a removed task back where it was (or at the end if the list has since shrunk). */
export function restoreTask(steps: readonly Step[], removed: RemovedTask): Step[] {
  if (steps.some((s) => s.id === removed.step.id)) return [...steps];
  const next = [...steps];
  next.splice(Math.min(removed.index, next.length), 0, removed.step);
  return next;
}

/** Moves a task to another position (clamped to the list); the same list when nothing moves. */
export function moveTask(steps: readonly Step[], stepId: string, toIndex: number): Step[] {
  const from = steps.findIndex((s) => s.id === stepId);
  if (from === -1) return [...steps];
  const to = Math.max(0, Math.min(steps.length - 1, toIndex));
  if (from === to) return [...steps];
  const next = [...steps];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** Replaces one task by the result of `change`; locked tasks are never changed (SPEC §6). */
export function updateTask(
  steps: readonly Step[],
  stepId: string,
  change: (step: Step) => Step,
): Step[] {
  return steps.map((s) => (s.id === stepId && !s.locked ? change(s) : s));
}

/**
 * Puts `step` in the place of task `stepId` (the same list when there is no such task). A locked
 * task is never replaced (SPEC §6); undo replaces the new task by the old one the same way.
 */
export function replaceTask(steps: readonly Step[], stepId: string, step: Step): Step[] {
  return steps.map((s) => (s.id === stepId && !s.locked ? step : s));
}

/** What a task card edits and writes onto its task: everything but the id and the lock. */
export function withTaskDraft(step: Step, draft: Step): Step {
  return {
    ...step,
    name: draft.name,
    type: draft.type,
    text: draft.text,
    answers: draft.answers,
    media: draft.media,
    points: draft.points,
  };
}

/**
 * What a task card writes, in a fixed order: equal whatever the key order, so the database's
 * echo of a write, or a draft kept in the tab's journal, compares equal to what was written.
 */
export function taskContentKey(step: Step): string {
  const { name, type, text, answers, media, points } = step;
  return JSON.stringify([
    name,
    type,
    text,
    answers.map((a) => [a.id, a.value, a.correct]),
    media && [media.url, media.filename, media.mimeType],
    points,
  ]);
}
