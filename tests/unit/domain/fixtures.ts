// Builders of valid domain objects for the unit tests; each test changes only what it checks.
import type { Answer, Step } from '../../../src/domain/schemas';

export const answer = (id: string, value: string, correct = false): Answer => ({
  id,
  value,
  correct,
});

export function freeTextStep(overrides: Partial<Step> = {}): Step {
  return {
    id: 's-free',
    name: 'Capital',
    type: 'freeText',
    text: 'What is the capital of France?',
    answers: [answer('a1', 'Paris', true)],
    media: null,
    points: 10,
    locked: false,
    ...overrides,
  };
}

export function multipleChoiceStep(overrides: Partial<Step> = {}): Step {
  return {
    id: 's-mc',
    name: 'Planets',
    type: 'multipleChoice',
    text: 'Which planet is largest?',
    answers: [
      answer('a1', 'Jupiter', true),
      answer('a2', 'Mars'),
      answer('a3', 'Venus'),
      answer('a4', ''),
    ],
    media: null,
    points: 20,
    locked: false,
    ...overrides,
  };
}

export function challengeStep(overrides: Partial<Step> = {}): Step {
  return {
    id: 's-photo',
    name: 'Team selfie',
    type: 'photoChallenge',
    text: 'Take a photo of your team with a statue',
    answers: [],
    media: null,
    points: 50,
    locked: false,
    ...overrides,
  };
}

/** A deterministic id generator: id-1, id-2, … */
export function idSequence(prefix = 'id'): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}
