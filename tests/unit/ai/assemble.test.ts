/**
 * Generated tasks into a template (server/ai/assemble.ts; SPEC §6 locked steps): locked tasks
 * keep their places, the rest are replaced in order, short templates are filled up to the
 * default count, and invalid or duplicated output is refused as incomplete (SPEC §8 422). When
 * fewer tasks came than places, the places left keep their earlier tasks, and the organiser is
 * told (docs/ai.md "When the text gives too little").
 */
import { describe, expect, it } from 'vitest';
import {
  AI_DEFAULT_STEPS,
  checkGeneratedSteps,
  generationNotice,
  mergeIntoTemplate,
  nameFromTopics,
  plannedCounts,
} from '../../../server/ai/assemble';
import { GenerationError, type GeneratedTask } from '../../../server/ai/generator';
import { MESSAGES } from '../../../src/domain/messages';
import type { Step } from '../../../src/domain/schemas';

const step = (id: string, locked = false, text = `Question ${id}?`): Step => ({
  id,
  name: `Task ${id}`,
  type: 'freeText',
  text,
  answers: [{ id: `${id}-a`, value: 'Yes', correct: true }],
  media: null,
  points: 10,
  locked,
});

describe('plannedCounts', () => {
  it('keeps the length of a template of 10 or more tasks and generates its unlocked ones', () => {
    const steps = Array.from({ length: 12 }, (_, i) => step(`s${i}`, i % 4 === 0));
    expect(plannedCounts(steps)).toEqual({ total: 12, generate: 9 });
  });

  it('fills a shorter template (a blank copy) up to the default count', () => {
    expect(plannedCounts([step('a'), step('b', true)])).toEqual({
      total: AI_DEFAULT_STEPS,
      generate: AI_DEFAULT_STEPS - 1,
    });
    expect(plannedCounts([])).toEqual({ total: AI_DEFAULT_STEPS, generate: AI_DEFAULT_STEPS });
  });
});

describe('mergeIntoTemplate', () => {
  it('leaves locked tasks at their places and fills the others in order', () => {
    const steps = Array.from({ length: 10 }, (_, i) => step(`old${i}`, i === 0 || i === 7));
    const generated = Array.from({ length: 8 }, (_, i) => step(`new${i}`));
    const { steps: merged, keptEarlier } = mergeIntoTemplate(steps, generated);
    expect(keptEarlier).toBe(0);
    expect(merged.map((s) => s.id)).toEqual([
      'old0',
      'new0',
      'new1',
      'new2',
      'new3',
      'new4',
      'new5',
      'old7',
      'new6',
      'new7',
    ]);
    expect(merged[0]).toBe(steps[0]);
  });

  it('when fewer tasks came than places, the places left keep their earlier tasks, never a repeat', () => {
    const steps = Array.from({ length: 10 }, (_, i) => step(`old${i}`, i === 0));
    // The second new task asks what old5 asked: old5 is not kept beside it.
    const generated = [step('new0'), step('new1', false, 'Question old5?')];
    const { steps: merged, keptEarlier } = mergeIntoTemplate(steps, generated);
    expect(merged.map((s) => s.id)).toEqual([
      'old0',
      'new0',
      'new1',
      'old3',
      'old4',
      'old6',
      'old7',
      'old8',
      'old9',
    ]);
    expect(keptEarlier).toBe(6);
  });

  it('a short template filled up to the default count ends where the new tasks run out', () => {
    const { steps: merged, keptEarlier } = mergeIntoTemplate(
      [step('old0'), step('old1', true)],
      [step('new0'), step('new1'), step('new2')],
    );
    expect(merged.map((s) => s.id)).toEqual(['new0', 'old1', 'new1', 'new2']);
    expect(keptEarlier).toBe(0);
  });
});

describe('generationNotice', () => {
  const task = (id: string, filler = false): GeneratedTask => ({
    step: step(id),
    source: filler ? 'general' : 'organiser',
    ...(filler ? { filler: true as const } : {}),
  });
  const tasks = (n: number, filler = false) =>
    Array.from({ length: n }, (_, i) => task(`t${i}`, filler));

  it('says nothing when every task asked for came, on the subject', () => {
    expect(generationNotice(tasks(20), 20)).toBeNull();
  });

  it('tells how many of the tasks asked for the topics gave', () => {
    expect(generationNotice(tasks(6), 20)).toBe(MESSAGES.ai.fewerTasks(6, 20));
    expect(MESSAGES.ai.fewerTasks(6, 20)).toMatch(/^Your topics gave enough for 6 of the 20 tasks/);
  });

  it('in an existing activity, also how many earlier tasks stay', () => {
    expect(generationNotice(tasks(6), 9, 3)).toBe(MESSAGES.ai.fewerTasksKept(6, 9, 3));
    expect(MESSAGES.ai.fewerTasksKept(6, 9, 3)).toContain('3 earlier tasks stay');
    expect(MESSAGES.ai.fewerTasksKept(8, 9, 1)).toContain('one earlier task stays');
  });

  it('says so when nothing in the topics was usable and the tasks are a general mix', () => {
    expect(generationNotice(tasks(20, true), 20)).toBe(MESSAGES.ai.generalTasks);
  });
});

describe('checkGeneratedSteps', () => {
  it('accepts the wanted number of valid, distinct tasks', () => {
    expect(() => checkGeneratedSteps([step('a'), step('b')], [], 2)).not.toThrow();
  });

  it('accepts fewer down to the minimum given (the built-in generator), never none or more', () => {
    expect(() => checkGeneratedSteps([step('a')], [], 5, 1)).not.toThrow();
    expect(() => checkGeneratedSteps([], [], 5, 1)).toThrow(GenerationError);
    expect(() => checkGeneratedSteps([step('a'), step('b'), step('c')], [], 2, 1)).toThrow(
      GenerationError,
    );
  });

  const cases: [string, Step[], Step[], number][] = [
    ['too few tasks', [step('a')], [], 2],
    [
      'an invalid task (free text without its answer)',
      [step('a'), { ...step('b'), answers: [] }],
      [],
      2,
    ],
    ['two tasks alike', [step('a', false, 'Same?'), step('b', false, 'same?')], [], 2],
    ['a task that repeats a kept one', [step('a', false, 'Kept?')], [step('k', true, 'Kept?')], 1],
  ];
  it.each(cases)('refuses %s as incomplete', (_label, generated, kept, wanted) => {
    expect(() => checkGeneratedSteps(generated, kept, wanted)).toThrow(GenerationError);
    try {
      checkGeneratedSteps(generated, kept, wanted);
    } catch (error) {
      expect((error as GenerationError).reason).toBe('incomplete');
    }
  });
});

describe('nameFromTopics', () => {
  it('names a new activity after the first subject, capitalised and kept short', () => {
    expect(nameFromTopics('sustainability at work, recycling')).toBe('Sustainability at work');
    expect(nameFromTopics('x'.repeat(100)).length).toBeLessThanOrEqual(60);
  });
});
