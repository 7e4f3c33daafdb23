/**
 * "Another task like this" (docs/ai.md "Where each task came from"): one new task from the same
 * origin as a task the assistant wrote: the organiser's same sentence, the same bank topic, or,
 * for a model's task, the request's topics (written by the built-in generator: no model call for
 * one task). It keeps the kind of task where it can (a question for a question, a challenge for a
 * challenge) and never repeats a text the activity has. It brings the built-in generator (an NLP
 * library and the question bank), so the service loads it when the first such request comes.
 */
import { randomUUID } from 'node:crypto';
import { isChallengeType, type GameType } from '../../src/domain/enums';
import type { Step } from '../../src/domain/schemas';
import { validateStep } from '../../src/domain/validation/step';
import { bankTopicTitle } from './bank';
import { bankIndex, generateTasks } from './builtin/builtinGenerator';
import type { GeneratedTask } from './generator';
import type { StoredOrigin } from './origins';

/** Candidates drawn at a time: enough for a question and a challenge to be among them. */
const CANDIDATES = 10;

const fold = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** The text the new task is written from. */
function seedText(origin: StoredOrigin): string {
  if (origin.kind === 'organiserText' && origin.sentence) return origin.sentence;
  if (origin.kind === 'questionBank') return bankTopicTitle(origin.topicId) ?? origin.topics;
  return origin.topics;
}

/** Whether a candidate comes from the same place as the origin. */
function sameOrigin(task: GeneratedTask, origin: StoredOrigin): boolean {
  if (task.filler && !origin.general) return false;
  if (origin.kind === 'organiserText') return task.source === 'organiser';
  if (origin.kind === 'questionBank') return task.source === origin.topicId;
  return true;
}

/**
 * A new task like `old` (when the server has it) from `origin`, or null when nothing new can be
 * made. `avoid` are the texts of the activity's tasks now.
 */
export function anotherTaskLike(
  origin: StoredOrigin,
  old: Step | null,
  avoid: readonly string[],
  gameType: GameType,
): GeneratedTask | null {
  const texts = [...avoid, ...(old ? [old.text] : [])];
  const keep: Step[] = texts.map((text, i) => ({
    id: `avoid-${i}`,
    name: 'avoid',
    type: 'standardChallenge',
    text,
    answers: [],
    media: null,
    points: 10,
    locked: true,
  }));
  const avoided = new Set(texts.map(fold));
  const candidates = generateTasks(bankIndex(), {
    requestId: randomUUID(),
    topics: seedText(origin),
    count: CANDIDATES,
    gameType,
    keep,
    signal: new AbortController().signal,
  }).filter(
    (task) =>
      sameOrigin(task, origin) &&
      !avoided.has(fold(task.step.text)) &&
      validateStep(task.step).length === 0,
  );
  const wantChallenge = old ? isChallengeType(old.type) : null;
  return (
    candidates.find((task) => isChallengeType(task.step.type) === wantChallenge) ??
    candidates[0] ??
    null
  );
}
