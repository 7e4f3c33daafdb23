/**
 * Generated tasks into a template (server/ai/assemble.ts; SPEC §6 locked steps): locked tasks
 * keep their places, the rest are replaced in order, short templates are filled up to the
 * default count, and invalid or duplicated output is refused as incomplete (SPEC §8 422).
 */
import { describe, expect, it } from 'vitest';
import {
  AI_DEFAULT_STEPS,
  checkGeneratedSteps,
  mergeIntoTemplate,
  nameFromTopics,
  plannedCounts,
} from '../../../server/ai/assemble';
import { GenerationError } from '../../../server/ai/generator';
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
    const merged = mergeIntoTemplate(steps, generated);
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
});

describe('checkGeneratedSteps', () => {
  it('accepts the wanted number of valid, distinct tasks', () => {
    expect(() => checkGeneratedSteps([step('a'), step('b')], [], 2)).not.toThrow();
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
