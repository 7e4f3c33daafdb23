import { describe, it, expect } from 'vitest';
import {
  changeStepType,
  isSelectableStepType,
  SELECTABLE_STEP_TYPES,
  STEP_TYPE_OPTIONS,
} from '../../../src/domain/taskTypeChange';
import { answer, challengeStep, freeTextStep, idSequence, multipleChoiceStep } from './fixtures';

describe('Task type change: from a question type', () => {
  it('freeText → multipleChoice: one blank correct answer plus one blank incorrect answer', () => {
    const changed = changeStepType(freeTextStep(), 'multipleChoice', idSequence('n'));
    expect(changed.type).toBe('multipleChoice');
    expect(changed.answers).toEqual([
      { id: 'n-1', value: '', correct: true },
      { id: 'n-2', value: '', correct: false },
    ]);
  });

  it('multipleChoice → freeText: the answers are cleared and reset to one blank correct answer', () => {
    const changed = changeStepType(multipleChoiceStep(), 'freeText', idSequence('n'));
    expect(changed.type).toBe('freeText');
    expect(changed.answers).toEqual([{ id: 'n-1', value: '', correct: true }]);
  });

  it('multipleChoice → photoChallenge: one blank correct answer (the rule looks at the old type)', () => {
    const changed = changeStepType(multipleChoiceStep(), 'photoChallenge', idSequence('n'));
    expect(changed.type).toBe('photoChallenge');
    expect(changed.answers).toEqual([{ id: 'n-1', value: '', correct: true }]);
  });

  it('keeps everything but the type and the answers', () => {
    const step = freeTextStep({ media: { filename: 'a.png', mimeType: 'image/png', url: '/u/a' } });
    const changed = changeStepType(step, 'multipleChoice', idSequence());
    expect({ ...changed, type: step.type, answers: step.answers }).toEqual(step);
  });
});

describe('Task type change: from a challenge type the answers become empty', () => {
  it('photoChallenge → freeText gives no answers', () => {
    const step = challengeStep({ answers: [answer('x', 'left over', true)] });
    expect(changeStepType(step, 'freeText', idSequence()).answers).toEqual([]);
  });
  it('videoChallenge → multipleChoice gives no answers', () => {
    const step = challengeStep({ type: 'videoChallenge' });
    const changed = changeStepType(step, 'multipleChoice', idSequence());
    expect(changed.type).toBe('multipleChoice');
    expect(changed.answers).toEqual([]);
  });
  it('photoChallenge → videoChallenge gives no answers', () => {
    const changed = changeStepType(challengeStep(), 'videoChallenge', idSequence());
    expect(changed.type).toBe('videoChallenge');
    expect(changed.answers).toEqual([]);
  });
});

describe('Task type change: no change', () => {
  it('choosing the current type leaves the step (and its answers) untouched', () => {
    const step = multipleChoiceStep();
    expect(changeStepType(step, 'multipleChoice', idSequence())).toBe(step);
  });
  it('Locked steps cannot be edited', () => {
    const step = freeTextStep({ locked: true });
    expect(changeStepType(step, 'multipleChoice', idSequence())).toBe(step);
  });
  it('does not mutate the step it was given', () => {
    const step = multipleChoiceStep();
    const before = structuredClone(step);
    changeStepType(step, 'freeText', idSequence());
    expect(step).toEqual(before);
  });
});

describe('Task type selector: the standard challenge cannot be chosen', () => {
  it('offers Free Text Question, Multiple Choice Question, Photo Challenge and Video Challenge', () => {
    expect(STEP_TYPE_OPTIONS).toEqual([
      { value: 'freeText', label: 'Free Text Question' },
      { value: 'multipleChoice', label: 'Multiple Choice Question' },
      { value: 'photoChallenge', label: 'Photo Challenge' },
      { value: 'videoChallenge', label: 'Video Challenge' },
    ]);
    expect(SELECTABLE_STEP_TYPES).not.toContain('standardChallenge');
  });
  it('isSelectableStepType', () => {
    expect(isSelectableStepType('standardChallenge')).toBe(false);
    expect(isSelectableStepType('photoChallenge')).toBe(true);
    expect(isSelectableStepType('nonsense')).toBe(false);
  });
});
