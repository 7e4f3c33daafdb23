/**
 * The organiser's stated facts for the model path (docs/ai.md "A language model"), and the check
 * of a model's result against them and against the built-in generator's language rules.
 *
 * - `statedFacts`: the statements of the organiser's text that carry answerable facts, read the
 *   way the built-in generator reads them (server/ai/builtin: readOrganiserText, extractFacts),
 *   each as a sentence for the prompt with the answers a task about it would carry.
 * - `missedFacts`: the facts no task carries, matched as tests/support/aiQuality.ts counts them
 *   (`carries`, textMatch.ts).
 * - `unaskedFactsProblem`: one sentence naming facts left unasked, when too many are (a reason
 *   for the repair round only: the model generator never fails a result for it).
 * - `languageProblems`: options that say the same thing, right answers too long to read, typed
 *   answers too long to type, as sentences a model can act on.
 */
import type { Answer, Step } from '../../src/domain/schemas';
import { extractFacts } from './builtin/facts';
import { readOrganiserText } from './builtin/organiserText';
import { seededRandom } from './builtin/random';
import type { Statement } from './builtin/statements';
import { carries, foldForMatch } from './textMatch';

export interface StatedFact {
  /** The organiser's statement as a sentence: "The alarm is tested every Tuesday at 10am." */
  sentence: string;
  /** A task carries the fact when its name, text or right answer carries any one of these. */
  answers: string[];
}

/** What the checks read of a task: a domain Step, or a model's task before it has ids. */
export type TaskLike = Pick<Step, 'name' | 'type' | 'text'> & {
  answers: readonly Pick<Answer, 'value' | 'correct'>[];
};

/** More than this share of the stated facts unasked is worth a repair round. */
export const UNASKED_SHARE = 0.2;
/** The unasked facts one problem names, so that the repair prompt stays short. */
const NAMED_UNASKED = 5;
/** Options and right answers longer than this are hard to read on a phone (the bank's limit). */
export const MAX_RIGHT_ANSWER_LENGTH = 80;
/** A freeText answer is typed by a team: a word, name or number. */
export const MAX_TYPED_LENGTH = 40;
export const MAX_TYPED_WORDS = 6;

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** "If you hear a continuous alarm, never use the lifts." */
function asSentence(statement: Statement): string {
  const body = (
    statement.condition ? `${statement.condition}, ${statement.text}` : statement.text
  ).replace(/[\s,;:]+$/, '');
  return capitalise(/[.!?]$/.test(body) ? body : `${body}.`);
}

/**
 * The forms of an answer a task may carry: as the built-in generator asks it ("The car park
 * behind building B", "Within 24 hours"), without its leading article or preposition, and each
 * item of a list ("White, black and silver").
 */
function answerForms(answer: string): string[] {
  const bare = answer
    .replace(/^(?:the|a|an|our|your|within|every|for|on|at|in|by|next to)\s+/i, '')
    .trim();
  const items = bare.split(/\s*,\s+|\s+(?:and|or|&)\s+/).filter((item) => item !== '');
  return [answer, bare, ...(items.length > 1 ? items : [])];
}

/**
 * The statements of the organiser's text that carry answerable facts, in text order, once each.
 * Deterministic for a request id (extractFacts draws list items and wrong answers at random; the
 * wrong answers are not needed here).
 */
export function statedFacts(topics: string, requestId: string): StatedFact[] {
  const text = readOrganiserText(topics);
  const facts = extractFacts(text, topics, seededRandom(requestId));
  const byStatement = new Map<number, string[]>();
  for (const fact of facts) {
    const answers = byStatement.get(fact.statement) ?? [];
    answers.push(...answerForms(fact.answer));
    if (fact.kind === 'listItem') {
      // Any item of "Our values are craft, kindness and community" asks about the statement.
      const read = text.statements[fact.statement];
      for (const span of read?.spans ?? []) {
        if (span.kind === 'listItem') answers.push(span.answer);
      }
    }
    byStatement.set(fact.statement, answers);
  }
  const stated: StatedFact[] = [];
  for (const [index, answers] of [...byStatement].sort(([a], [b]) => a - b)) {
    const sentence = asSentence(text.statements[index]!.statement);
    const same = stated.find((s) => foldForMatch(s.sentence) === foldForMatch(sentence));
    const fact = same ?? { sentence, answers: [] };
    for (const answer of answers) {
      const folded = foldForMatch(answer);
      if (folded !== '' && !fact.answers.some((a) => foldForMatch(a) === folded)) {
        fact.answers.push(answer);
      }
    }
    if (!same) stated.push(fact);
  }
  return stated;
}

const carriesFact = (task: TaskLike, fact: StatedFact): boolean =>
  fact.answers.some(
    (answer) =>
      carries(task.name, answer) ||
      carries(task.text, answer) ||
      task.answers.some((a) => a.correct && carries(a.value, answer)),
  );

/** The facts that no task carries in its name, text or a right answer. */
export function missedFacts(
  facts: readonly StatedFact[],
  tasks: readonly TaskLike[],
): StatedFact[] {
  return facts.filter((fact) => !tasks.some((task) => carriesFact(task, fact)));
}

/**
 * One problem naming up to five unasked facts, when more than 20% of them are unasked and the
 * count allows a task for each (there are no more facts than tasks asked for); else null.
 */
export function unaskedFactsProblem(
  facts: readonly StatedFact[],
  tasks: readonly TaskLike[],
  count: number,
): string | null {
  if (facts.length === 0 || facts.length > count) return null;
  const missed = missedFacts(facts, tasks);
  if (missed.length <= facts.length * UNASKED_SHARE) return null;
  const named = missed
    .slice(0, NAMED_UNASKED)
    .map((fact) => `"${fact.sentence}"`)
    .join(' ');
  return `These facts from the organiser are not asked about: ${named} Write a task about each, in place of tasks that use none of the facts.`;
}

/**
 * An option compared loosely: case, accents, spacing, punctuation and a plural s do not count
 * ("Tuesday" = "Tuesdays", "10am" = "10 am", "40,000" = "40000").
 */
export function looseForm(value: string): string {
  return foldForMatch(value)
    .replace(/'s\b/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .map((word) => (word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word))
    .join('');
}

const wordCount = (value: string): number => value.trim().split(/\s+/).length;

/** The built-in generator's language rules that the tasks break, as sentences a model can act on. */
export function languageProblems(tasks: readonly TaskLike[]): string[] {
  const problems: string[] = [];
  tasks.forEach((task, i) => {
    const label = `Task ${i + 1} ("${task.name}")`;
    if (task.type === 'multipleChoice') {
      const seen = new Map<string, string>();
      for (const { value } of task.answers) {
        const form = looseForm(value);
        const earlier = seen.get(form);
        if (earlier !== undefined) {
          problems.push(
            `${label}: the options "${earlier}" and "${value}" are the same answer written twice; write four different answers.`,
          );
          break;
        }
        seen.set(form, value);
      }
    }
    for (const answer of task.answers.filter((a) => a.correct)) {
      const value = answer.value.trim();
      if (task.type === 'freeText') {
        if (value.length > MAX_TYPED_LENGTH || wordCount(value) > MAX_TYPED_WORDS) {
          problems.push(
            `${label}: teams must type this answer, so it must be at most ${MAX_TYPED_LENGTH} characters and ${MAX_TYPED_WORDS} words (a word, name or number); shorten it or make the task multipleChoice.`,
          );
        }
      } else if (value.length > MAX_RIGHT_ANSWER_LENGTH) {
        problems.push(
          `${label}: the right answer is ${value.length} characters long; keep it to ${MAX_RIGHT_ANSWER_LENGTH} at most.`,
        );
      }
    }
  });
  return problems;
}
