/**
 * SPEC §5 step (task) rules, the points input rules, and the multiple-choice answer helpers the
 * task editor uses. validateStep returns the project's own messages (SPEC does not show them).
 */
import { isChallengeType } from '../enums';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import type { Answer, Step } from '../schemas';

const isBlank = (value: string): boolean => value.trim() === '';

/**
 * Case-insensitive comparison of a free-text answer (SPEC §5; the editor's hint says "Answer is
 * treated case insensitive."). Both sides are trimmed, Unicode-normalised and case-folded; the
 * upper-then-lower round trip folds letters such as "ß" and "SS" together. An empty expected
 * answer matches nothing.
 */
export function isFreeTextAnswerCorrect(expected: string, given: string): boolean {
  const fold = (s: string): string => s.trim().normalize('NFC').toUpperCase().toLowerCase();
  const want = fold(expected);
  return want !== '' && want === fold(given);
}

function validateFreeTextAnswers(answers: readonly Answer[]): string[] {
  const [first] = answers;
  if (first === undefined || isBlank(first.value)) return [MESSAGES.step.freeTextAnswerRequired];
  if (answers.length > 1) return [MESSAGES.step.freeTextSingleAnswer];
  return [];
}

function validateMultipleChoiceAnswers(answers: readonly Answer[]): string[] {
  const errors: string[] = [];
  if (answers.length > LIMITS.multipleChoiceSlots) {
    errors.push(MESSAGES.step.multipleChoiceTooManyAnswers);
  }
  const required = answers.slice(0, LIMITS.multipleChoiceRequiredSlots);
  if (
    required.length < LIMITS.multipleChoiceRequiredSlots ||
    required.some((a) => isBlank(a.value))
  ) {
    errors.push(MESSAGES.step.multipleChoiceTwoAnswers);
  }
  // An empty answer is never correct (SPEC §5): the editor will not mark one and play leaves empty
  // answers out. The mark a type change puts on the blank first answer (SPEC §4) waits for its
  // text, so it is not an error of its own; until then the task has no correct answer.
  const correctFilled = answers.filter((a) => a.correct && !isBlank(a.value)).length;
  if (correctFilled !== 1) errors.push(MESSAGES.step.multipleChoiceOneCorrect);
  return errors;
}

/**
 * Every rule a step breaks, as messages; an empty array means the step is valid. Challenge types
 * have no answers to check: any answers a challenge step carries (a type change from a question
 * type leaves one blank answer, SPEC §4) are ignored.
 */
export function validateStep(step: Step): string[] {
  const errors: string[] = [];
  const challenge = isChallengeType(step.type);
  if (isBlank(step.name)) errors.push(MESSAGES.step.nameRequired);
  if (isBlank(step.text)) {
    errors.push(challenge ? MESSAGES.step.challengeRequired : MESSAGES.step.questionRequired);
  }
  if (
    !Number.isInteger(step.points) ||
    step.points < LIMITS.pointsMin ||
    step.points > LIMITS.pointsMax
  ) {
    errors.push(MESSAGES.step.pointsOutOfRange);
  }
  if (step.type === 'freeText') errors.push(...validateFreeTextAnswers(step.answers));
  if (step.type === 'multipleChoice') errors.push(...validateMultipleChoiceAnswers(step.answers));
  return errors;
}

export const isStepValid = (step: Step): boolean => validateStep(step).length === 0;

// ---------------------------------------------------------------------------------------------
// Points input: digits only; below 1 becomes 1, above 1000 becomes 1000.

/** Keys, other than digits, that the points input lets through: editing and navigation. */
export const POINTS_EDITING_KEYS = [
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
] as const;

/**
 * Whether a keydown with this `key` may reach the points input. Shortcuts held with Ctrl or Cmd
 * (select all, copy, paste, undo) are let through when the modifiers are passed: pasted text is
 * cleaned by sanitizePointsInput anyway.
 */
export function isAllowedPointsKey(
  key: string,
  modifiers: { ctrlKey?: boolean; metaKey?: boolean } = {},
): boolean {
  if (/^[0-9]$/.test(key)) return true;
  if ((POINTS_EDITING_KEYS as readonly string[]).includes(key)) return true;
  return modifiers.ctrlKey === true || modifiers.metaKey === true;
}

/** Keeps only the ASCII digits of what was typed or pasted. */
export function sanitizePointsInput(raw: string): string {
  return raw.replace(/[^0-9]/g, '');
}

/** Below 1 becomes 1, above 1000 becomes 1000; fractions are cut down; NaN/±Infinity become 1. */
export function clampPoints(n: number): number {
  if (!Number.isFinite(n)) return LIMITS.pointsMin;
  const whole = Math.trunc(n);
  return Math.min(LIMITS.pointsMax, Math.max(LIMITS.pointsMin, whole));
}

/** The points value of what is in the input (e.g. on blur); an empty input gives 1. */
export function pointsFromInput(raw: string): number {
  const digits = sanitizePointsInput(raw);
  return clampPoints(digits === '' ? LIMITS.pointsMin : Number(digits));
}

// ---------------------------------------------------------------------------------------------
// Multiple-choice answers

export const blankAnswer = (id: string, correct = false): Answer => ({ id, value: '', correct });

/**
 * Marks one answer correct and clears the others (exactly one correct answer). Refuses, and
 * returns the same array, when the answer does not exist or its value is empty.
 */
export function markCorrect(answers: Answer[], answerId: string): Answer[] {
  const chosen = answers.find((a) => a.id === answerId);
  if (chosen === undefined || isBlank(chosen.value)) return answers;
  return answers.map((a) => ({ ...a, correct: a.id === answerId }));
}

/**
 * Sets an answer's text. An answer emptied by the edit also loses its correct mark, because an
 * empty answer cannot be marked correct.
 */
export function setAnswerValue(answers: Answer[], answerId: string, value: string): Answer[] {
  return answers.map((a) =>
    a.id === answerId ? { ...a, value, correct: a.correct && !isBlank(value) } : a,
  );
}

/**
 * Pads a multiple-choice answer list with blank, incorrect answers up to the 4 slots the editor
 * shows. Lists that already have 4 or more answers are returned as they are (validateStep
 * reports more than 4).
 */
export function ensureMultipleChoiceSlots(answers: Answer[], newId: () => string): Answer[] {
  if (answers.length >= LIMITS.multipleChoiceSlots) return answers;
  const padding = Array.from({ length: LIMITS.multipleChoiceSlots - answers.length }, () =>
    blankAnswer(newId()),
  );
  return [...answers, ...padding];
}

/** The id of the one answer marked correct, or null when none or several are. */
export function correctAnswerId(answers: readonly Answer[]): string | null {
  const correct = answers.filter((a) => a.correct);
  return correct.length === 1 && correct[0] !== undefined ? correct[0].id : null;
}
