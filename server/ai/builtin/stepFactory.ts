/**
 * Turns bank entries and organiser facts into Steps of src/domain. Ids come from the request's
 * random source, so a request id always gives the same template, and points follow the task's
 * difficulty and effort.
 */
import type { Answer, Step } from '../../../src/domain/schemas';
import type { BankChallenge, BankQuestion, ChallengeKind, Difficulty } from '../bank/types';
import type { OrganiserFact } from './facts';
import type { Random } from './random';

const QUESTION_POINTS: Record<Difficulty, number> = { easy: 10, medium: 20, hard: 30 };
/** Typing the answer is harder than choosing it. */
const FREE_TEXT_BONUS = 10;
const CHALLENGE_POINTS: Record<ChallengeKind, number> = { standard: 40, photo: 50, video: 75 };
const HARD_CHALLENGE_BONUS = 25;

const CHALLENGE_TYPES: Record<ChallengeKind, Step['type']> = {
  standard: 'standardChallenge',
  photo: 'photoChallenge',
  video: 'videoChallenge',
};

/** A version 4 UUID drawn from the request's random source. */
export function randomUuid(random: Random): string {
  const bytes = Array.from({ length: 16 }, () => random.int(256));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface QuestionContent {
  name: string;
  text: string;
  answer: string;
  distractors: readonly string[];
  difficulty: Difficulty;
}

export function questionStep(
  content: QuestionContent,
  type: 'freeText' | 'multipleChoice',
  random: Random,
): Step {
  const correct: Answer = { id: randomUuid(random), value: content.answer, correct: true };
  const answers =
    type === 'freeText'
      ? [correct]
      : random.shuffle([
          correct,
          ...content.distractors.map((value) => ({
            id: randomUuid(random),
            value,
            correct: false,
          })),
        ]);
  return {
    id: randomUuid(random),
    name: content.name,
    type,
    text: content.text,
    answers,
    media: null,
    points: QUESTION_POINTS[content.difficulty] + (type === 'freeText' ? FREE_TEXT_BONUS : 0),
    locked: false,
  };
}

export const bankQuestionStep = (
  question: BankQuestion,
  type: 'freeText' | 'multipleChoice',
  random: Random,
): Step => questionStep(question, type, random);

/**
 * The organiser's facts are about their own world: medium, whatever the kind. A fact without
 * wrong answers is always typed.
 */
export const factStep = (
  fact: OrganiserFact,
  type: 'freeText' | 'multipleChoice',
  random: Random,
): Step =>
  questionStep(
    { ...fact, distractors: fact.distractors ?? [], difficulty: 'medium' },
    fact.distractors === null ? 'freeText' : type,
    random,
  );

export function challengeStep(challenge: BankChallenge, random: Random): Step {
  return {
    id: randomUuid(random),
    name: challenge.name,
    type: CHALLENGE_TYPES[challenge.kind],
    text: challenge.text,
    answers: [],
    media: null,
    points:
      CHALLENGE_POINTS[challenge.kind] +
      (challenge.difficulty === 'hard' ? HARD_CHALLENGE_BONUS : 0),
    locked: false,
  };
}
