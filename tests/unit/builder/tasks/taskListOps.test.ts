/**
 * The list edits of the Edit Tasks screen (add, duplicate, delete/undo, reorder, replace/undo),
 * and SPEC §6: locked tasks cannot be edited, removed or replaced.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../src/domain/limits';
import type { Step } from '../../../../src/domain/schemas';
import { validateStep } from '../../../../src/domain/validation/step';
import {
  addTask,
  duplicateTask,
  moveTask,
  newTask,
  removeTask,
  replaceTask,
  restoreTask,
  updateTask,
} from '../../../../src/features/builder/tasks/taskListOps';

let n = 0;
const ids = () => `id-${++n}`;
const task = (name: string, locked = false): Step => ({ ...newTask(ids), name, locked });
const names = (steps: Step[]) => steps.map((s) => s.name);

describe('Task list edits', () => {
  it('a new task is a free-text task with one blank correct answer, invalid until filled in', () => {
    const t = newTask(ids);
    expect(t).toMatchObject({ type: 'freeText', name: '', text: '', media: null, locked: false });
    expect(t.answers).toEqual([{ id: expect.any(String), value: '', correct: true }]);
    expect(validateStep(t).length).toBeGreaterThan(0);
  });

  it('adds at the end, up to the cap on steps', () => {
    expect(names(addTask([task('A')], task('B')))).toEqual(['A', 'B']);
    const full = Array.from({ length: LIMITS.stepsMax }, (_, i) => task(String(i)));
    expect(addTask(full, task('X'))).toHaveLength(LIMITS.stepsMax);
  });

  it('removes a task and restores it at its old place; a locked task is not removed', () => {
    const steps = [task('A'), task('B'), task('C', true)];
    const { steps: after, removed } = removeTask(steps, steps[1]!.id);
    expect(names(after)).toEqual(['A', 'C']);
    expect(names(restoreTask(after, removed!))).toEqual(['A', 'B', 'C']);
    expect(removeTask(steps, steps[2]!.id).removed).toBeNull();
  });

  it('moves a task, clamped to the list', () => {
    const steps = [task('A'), task('B'), task('C')];
    expect(names(moveTask(steps, steps[0]!.id, 2))).toEqual(['B', 'C', 'A']);
    expect(names(moveTask(steps, steps[2]!.id, -5))).toEqual(['C', 'A', 'B']);
  });

  it('duplicates right after the original with new ids, unlocked', () => {
    const steps = [task('A', true), task('B')];
    const { steps: after, copyId } = duplicateTask(steps, steps[0]!.id, ids);
    expect(names(after)).toEqual(['A', 'A (copy)', 'B']);
    expect(after[1]!.id).toBe(copyId);
    expect(after[1]!.locked).toBe(false);
    expect(after[1]!.answers[0]!.id).not.toBe(steps[0]!.answers[0]!.id);
  });

  it('never changes a locked task', () => {
    const steps = [task('A', true)];
    expect(updateTask(steps, steps[0]!.id, (s) => ({ ...s, name: 'Z' }))[0]!.name).toBe('A');
  });

  it('replaces a task in its place, and undo replaces it back; a locked or missing task is left alone', () => {
    const steps = [task('A'), task('B'), task('C', true)];
    const fresh = task('New');
    const after = replaceTask(steps, steps[1]!.id, fresh);
    expect(names(after)).toEqual(['A', 'New', 'C']);
    expect(after[1]).toBe(fresh);
    expect(replaceTask(after, fresh.id, steps[1]!)).toEqual(steps);
    expect(names(replaceTask(steps, steps[2]!.id, fresh))).toEqual(['A', 'B', 'C']);
    expect(replaceTask(steps, 'gone', fresh)).toEqual(steps);
  });
});
