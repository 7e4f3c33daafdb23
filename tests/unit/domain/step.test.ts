import { describe, it, expect } from 'vitest';
import {
  clampPoints,
  correctAnswerId,
  ensureMultipleChoiceSlots,
  isAllowedPointsKey,
  isFreeTextAnswerCorrect,
  isStepValid,
  markCorrect,
  pointsFromInput,
  sanitizePointsInput,
  setAnswerValue,
  validateStep,
} from '../../../src/domain/validation/step';
import { MESSAGES } from '../../../src/domain/messages';
import { answer, challengeStep, freeTextStep, idSequence, multipleChoiceStep } from './fixtures';

describe('validateStep: the fixtures are valid', () => {
  it('a complete free text, multiple choice and challenge step have no errors', () => {
    expect(validateStep(freeTextStep())).toEqual([]);
    expect(validateStep(multipleChoiceStep())).toEqual([]);
    expect(validateStep(challengeStep())).toEqual([]);
    expect(isStepValid(freeTextStep())).toBe(true);
  });
});

describe('Step: Name required', () => {
  it('an empty name is an error', () => {
    expect(validateStep(freeTextStep({ name: '' }))).toEqual(['Task name is required']);
  });
  it('a name of spaces only is trimmed and counts as empty', () => {
    expect(validateStep(freeTextStep({ name: '   \t' }))).toEqual(['Task name is required']);
    expect(isStepValid(freeTextStep({ name: ' ' }))).toBe(false);
  });
});

describe('Step: Question required', () => {
  it('a question type without text reports "Task question is required"', () => {
    expect(validateStep(freeTextStep({ text: '  ' }))).toEqual(['Task question is required']);
    expect(validateStep(multipleChoiceStep({ text: '' }))).toEqual(['Task question is required']);
  });
  it('challenge types say "Challenge" instead of "Question"', () => {
    for (const type of ['standardChallenge', 'photoChallenge', 'videoChallenge'] as const) {
      expect(validateStep(challengeStep({ type, text: '' }))).toEqual([
        'Task challenge is required',
      ]);
    }
  });
});

describe('Step: Points 1–1000', () => {
  it.each([1, 500, 1000])('%i points is valid', (points) => {
    expect(validateStep(freeTextStep({ points }))).toEqual([]);
  });
  it.each([0, -5, 1001, 2.5, Number.NaN, Number.POSITIVE_INFINITY])(
    '%s points is an error',
    (points) => {
      expect(validateStep(freeTextStep({ points }))).toEqual([
        'Points must be a whole number from 1 to 1000',
      ]);
    },
  );
});

describe('Step: Free text: one answer required, compared case-insensitively', () => {
  it('no answer is an error', () => {
    expect(validateStep(freeTextStep({ answers: [] }))).toEqual(['Free text tasks need an answer']);
  });
  it('a blank answer is an error', () => {
    expect(validateStep(freeTextStep({ answers: [answer('a1', '  ', true)] }))).toEqual([
      'Free text tasks need an answer',
    ]);
  });
  it('more than one answer is an error', () => {
    const answers = [answer('a1', 'Paris', true), answer('a2', 'Lyon')];
    expect(validateStep(freeTextStep({ answers }))).toEqual([
      'Free text tasks have exactly one answer',
    ]);
  });
  it('answers match whatever their case and surrounding spaces', () => {
    expect(isFreeTextAnswerCorrect('Paris', 'paris')).toBe(true);
    expect(isFreeTextAnswerCorrect('Paris', '  PARIS ')).toBe(true);
    expect(isFreeTextAnswerCorrect('Straße', 'STRASSE')).toBe(true);
  });
  it('a different answer does not match, nor does anything match an empty answer', () => {
    expect(isFreeTextAnswerCorrect('Paris', 'Pari')).toBe(false);
    expect(isFreeTextAnswerCorrect('Paris', 'Par is')).toBe(false);
    expect(isFreeTextAnswerCorrect('', '')).toBe(false);
    expect(isFreeTextAnswerCorrect('  ', ' ')).toBe(false);
  });
});

describe('Step: Multiple choice', () => {
  it('Multiple choice: up to 4 slots, the first two required', () => {
    const oneFilled = [answer('a1', 'Jupiter', true), answer('a2', ''), answer('a3', 'Mars')];
    expect(validateStep(multipleChoiceStep({ answers: oneFilled }))).toEqual([
      'Multiple choice tasks need at least two answers',
    ]);
    const onlyOne = [answer('a1', 'Jupiter', true)];
    expect(validateStep(multipleChoiceStep({ answers: onlyOne }))).toEqual([
      'Multiple choice tasks need at least two answers',
    ]);
    const twoFilled = [answer('a1', 'Jupiter', true), answer('a2', 'Mars')];
    expect(validateStep(multipleChoiceStep({ answers: twoFilled }))).toEqual([]);
  });

  it('Multiple choice: slots 3 and 4 may stay empty', () => {
    const answers = [
      answer('a1', 'Jupiter'),
      answer('a2', 'Mars', true),
      answer('a3', ''),
      answer('a4', ''),
    ];
    expect(validateStep(multipleChoiceStep({ answers }))).toEqual([]);
  });

  it('Multiple choice: more than 4 answers is an error', () => {
    const answers = ['A', 'B', 'C', 'D', 'E'].map((v, i) => answer(`a${i}`, v, i === 0));
    expect(validateStep(multipleChoiceStep({ answers }))).toEqual([
      'Multiple choice tasks have at most 4 answers',
    ]);
  });

  it('Multiple choice: exactly one correct answer (none is an error)', () => {
    const answers = [answer('a1', 'Jupiter'), answer('a2', 'Mars')];
    expect(validateStep(multipleChoiceStep({ answers }))).toEqual([
      'Multiple choice tasks need exactly one correct answer',
    ]);
  });

  it('Multiple choice: exactly one correct answer (two is an error)', () => {
    const answers = [answer('a1', 'Jupiter', true), answer('a2', 'Mars', true)];
    expect(validateStep(multipleChoiceStep({ answers }))).toEqual([
      'Multiple choice tasks need exactly one correct answer',
    ]);
  });

  it('Multiple choice: an empty answer does not count as correct, whatever its mark', () => {
    // A blank optional answer carrying a mark: the filled one is still the only correct answer.
    const extra = [answer('a1', 'Jupiter', true), answer('a2', 'Mars'), answer('a3', '', true)];
    expect(validateStep(multipleChoiceStep({ answers: extra }))).toEqual([]);
    // The blank first answer a type change marks (SPEC §4): no correct answer yet, and no message
    // about a mark the editor does not show.
    const switched = [answer('a1', '', true), answer('a2', '')];
    expect(validateStep(multipleChoiceStep({ answers: switched }))).toEqual([
      'Multiple choice tasks need at least two answers',
      'Multiple choice tasks need exactly one correct answer',
    ]);
    // Typed in, that answer is the correct one.
    const typed = [answer('a1', 'Jupiter', true), answer('a2', 'Mars')];
    expect(validateStep(multipleChoiceStep({ answers: typed }))).toEqual([]);
  });

  it('Multiple choice: marking one correct clears the others', () => {
    const answers = [answer('a1', 'Jupiter', true), answer('a2', 'Mars'), answer('a3', 'Venus')];
    const next = markCorrect(answers, 'a3');
    expect(next.map((a) => a.correct)).toEqual([false, false, true]);
    expect(next.map((a) => a.value)).toEqual(['Jupiter', 'Mars', 'Venus']);
    expect(correctAnswerId(next)).toBe('a3');
    // the input is not mutated
    expect(answers[0]?.correct).toBe(true);
  });

  it('Multiple choice: marking the correct answer again keeps it the only correct one', () => {
    const answers = [answer('a1', 'Jupiter', true), answer('a2', 'Mars')];
    expect(markCorrect(answers, 'a1').map((a) => a.correct)).toEqual([true, false]);
  });

  it('Multiple choice: an empty answer cannot be marked correct (markCorrect refuses)', () => {
    const answers = [answer('a1', 'Jupiter', true), answer('a2', 'Mars'), answer('a3', ' ')];
    expect(markCorrect(answers, 'a3')).toBe(answers);
    expect(markCorrect(answers, 'missing')).toBe(answers);
  });

  it('emptying the correct answer also clears its correct mark', () => {
    const answers = [answer('a1', 'Jupiter', true), answer('a2', 'Mars')];
    const emptied = setAnswerValue(answers, 'a1', '');
    expect(emptied[0]).toEqual({ id: 'a1', value: '', correct: false });
    const edited = setAnswerValue(answers, 'a1', 'Saturn');
    expect(edited[0]).toEqual({ id: 'a1', value: 'Saturn', correct: true });
    expect(edited[1]).toBe(answers[1]);
  });

  it('ensureMultipleChoiceSlots pads with blank incorrect answers up to 4 slots', () => {
    const answers = [answer('a1', 'Jupiter', true), answer('a2', 'Mars')];
    const padded = ensureMultipleChoiceSlots(answers, idSequence('new'));
    expect(padded).toEqual([
      answers[0],
      answers[1],
      { id: 'new-1', value: '', correct: false },
      { id: 'new-2', value: '', correct: false },
    ]);
    expect(ensureMultipleChoiceSlots(padded, idSequence())).toBe(padded);
    expect(ensureMultipleChoiceSlots([], idSequence())).toHaveLength(4);
  });

  it('correctAnswerId is null when no answer or several answers are correct', () => {
    expect(correctAnswerId([answer('a', 'x'), answer('b', 'y')])).toBeNull();
    expect(correctAnswerId([answer('a', 'x', true), answer('b', 'y', true)])).toBeNull();
  });
});

describe('Step: challenge types have no answers to check', () => {
  it('a challenge step is valid without answers, and leftover answers are ignored', () => {
    expect(validateStep(challengeStep({ answers: [] }))).toEqual([]);
    expect(validateStep(challengeStep({ answers: [answer('x', '', true)] }))).toEqual([]);
  });
});

describe('Step: several broken rules are all reported', () => {
  it('name, question and points together', () => {
    expect(validateStep(multipleChoiceStep({ name: '', text: '', points: 0 }))).toEqual([
      MESSAGES.step.nameRequired,
      MESSAGES.step.questionRequired,
      MESSAGES.step.pointsOutOfRange,
    ]);
  });
});

describe('Points: digits only (editing and navigation keys allowed)', () => {
  it('sanitizePointsInput keeps only digits', () => {
    expect(sanitizePointsInput('12a3')).toBe('123');
    expect(sanitizePointsInput('-4.5e2')).toBe('452');
    expect(sanitizePointsInput(' 1 000 ')).toBe('1000');
    expect(sanitizePointsInput('٣')).toBe('');
    expect(sanitizePointsInput('')).toBe('');
  });

  it('digit keys are allowed', () => {
    for (const key of '0123456789') expect(isAllowedPointsKey(key)).toBe(true);
  });

  it('editing and navigation keys are allowed', () => {
    for (const key of [
      'Backspace',
      'Delete',
      'ArrowLeft',
      'ArrowRight',
      'ArrowUp',
      'ArrowDown',
      'Tab',
      'Home',
      'End',
      'Enter',
      'Escape',
    ]) {
      expect(isAllowedPointsKey(key)).toBe(true);
    }
  });

  it('letters, signs and separators are refused', () => {
    for (const key of ['a', 'e', 'E', '-', '+', '.', ',', ' ', 'Dead', '12']) {
      expect(isAllowedPointsKey(key)).toBe(false);
    }
  });

  it('shortcuts with Ctrl or Cmd are let through', () => {
    expect(isAllowedPointsKey('v', { ctrlKey: true })).toBe(true);
    expect(isAllowedPointsKey('a', { metaKey: true })).toBe(true);
    expect(isAllowedPointsKey('v', { ctrlKey: false, metaKey: false })).toBe(false);
  });
});

describe('Points: below 1 becomes 1, above 1000 becomes 1000', () => {
  it('clampPoints', () => {
    expect(clampPoints(0)).toBe(1);
    expect(clampPoints(-20)).toBe(1);
    expect(clampPoints(1)).toBe(1);
    expect(clampPoints(750)).toBe(750);
    expect(clampPoints(1000)).toBe(1000);
    expect(clampPoints(1001)).toBe(1000);
    expect(clampPoints(99999)).toBe(1000);
  });

  it('non-finite values become 1 and fractions are cut to whole points', () => {
    expect(clampPoints(Number.NaN)).toBe(1);
    expect(clampPoints(Number.POSITIVE_INFINITY)).toBe(1);
    expect(clampPoints(Number.NEGATIVE_INFINITY)).toBe(1);
    expect(clampPoints(12.9)).toBe(12);
  });

  it('pointsFromInput cleans then clamps, and an empty input gives 1', () => {
    expect(pointsFromInput('')).toBe(1);
    expect(pointsFromInput('abc')).toBe(1);
    expect(pointsFromInput('0')).toBe(1);
    expect(pointsFromInput('25x')).toBe(25);
    expect(pointsFromInput('5000')).toBe(1000);
  });
});
