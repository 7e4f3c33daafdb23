/**
 * Small builders for seed steps: they fill in the fields every seed step shares (media null,
 * locked false unless asked) so that the content files read as content. The result is a plain
 * Step of src/domain/schemas.ts.
 */
import type { Answer, Step } from '../../src/domain/schemas';

interface StepBase {
  id: string;
  /** Short task title. */
  name: string;
  /** The question or challenge text. */
  text: string;
  points: number;
  /** Locked at the activity level: can't be edited or replaced (SPEC §2.8, §6). */
  locked?: boolean;
}

/** A free-text question: exactly one correct answer, compared case-insensitively. */
export function freeText(step: StepBase & { answer: { id: string; value: string } }): Step {
  return {
    id: step.id,
    name: step.name,
    type: 'freeText',
    text: step.text,
    answers: [{ id: step.answer.id, value: step.answer.value, correct: true }],
    media: null,
    points: step.points,
    locked: step.locked ?? false,
  };
}

/** A multiple-choice question: four answers, exactly one of them correct. */
export function multipleChoice(
  step: StepBase & { answers: [Answer, Answer, Answer, Answer] },
): Step {
  return {
    id: step.id,
    name: step.name,
    type: 'multipleChoice',
    text: step.text,
    answers: step.answers.map((answer) => ({ ...answer })),
    media: null,
    points: step.points,
    locked: step.locked ?? false,
  };
}

function challenge(
  type: 'standardChallenge' | 'photoChallenge' | 'videoChallenge',
  step: StepBase,
): Step {
  return {
    id: step.id,
    name: step.name,
    type,
    text: step.text,
    answers: [],
    media: null,
    points: step.points,
    locked: step.locked ?? false,
  };
}

/** A challenge that asks for an action; the player taps Continue. */
export const standardChallenge = (step: StepBase): Step => challenge('standardChallenge', step);

/** A challenge completed by taking a photo. */
export const photoChallenge = (step: StepBase): Step => challenge('photoChallenge', step);

/** A challenge completed by recording a video. */
export const videoChallenge = (step: StepBase): Step => challenge('videoChallenge', step);
