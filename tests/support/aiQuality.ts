/**
 * How well generated tasks serve an organiser's prompt (tests/fixtures/aiPrompts.ts): the share of
 * the facts they stated that became tasks, the share of tasks on the prompt's subject, and
 * repeats. Used by tests/unit/ai/organiserFacts.test.ts (which asserts floors) and bench/ai.ts
 * (which prints the figures).
 *
 * - A fact is **used** when a task's right answer or its text (name, question, challenge) carries
 *   one of the fact's answers (`carries` of server/ai/textMatch.ts, which the model path's check
 *   shares); it is **asked** when it is a question's right answer, the stricter figure.
 * - A task is **on subject** when it comes from the organiser's text, is from a bank topic the
 *   prompt names as a whole, or its name, text or right answer shares a subject word (by stem).
 * - A **repeat** is a task whose text another task already has, or a question from the organiser's
 *   text asking the same sentence for the same answer as another.
 */
import type { GeneratedTask } from '../../server/ai/generator';
import { carries, foldForMatch } from '../../server/ai/textMatch';
import type { AiPromptFixture } from '../fixtures/aiPrompts';

export type QualityPrompt = Pick<AiPromptFixture, 'facts' | 'subjectWords' | 'bankTopics'>;

export interface QualityReport {
  facts: number;
  factsUsed: number;
  factsAsked: number;
  /** The facts no task carries, by their `fact` label. */
  missedFacts: string[];
  tasks: number;
  onSubject: number;
  /** Tasks off the subject, as "text (source)". */
  offSubject: string[];
  repeats: number;
}

/** A light stemmer: plurals, -ing, -ed and a final e go, so "cycling" and "cycle" meet. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) {
    w = w.slice(0, -1);
  }
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (/([bdgmnprt])\1$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('y')) w = `${w.slice(0, -1)}i`;
  return w;
}

const stems = (text: string): string[] =>
  foldForMatch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stem);

/** Whether the text holds the subject word (or phrase), word by word, by stem. */
export function sharesSubjectWord(text: string, subjectWords: readonly string[]): boolean {
  const words = stems(text);
  return subjectWords.some((subject) => {
    const phrase = stems(subject);
    if (phrase.length === 0) return false;
    for (let i = 0; i + phrase.length <= words.length; i++) {
      if (phrase.every((p, j) => words[i + j] === p)) return true;
    }
    return false;
  });
}

const rightAnswer = (task: GeneratedTask): string =>
  task.step.answers.find((a) => a.correct)?.value ?? '';

const isQuestion = (task: GeneratedTask): boolean =>
  task.step.type === 'multipleChoice' || task.step.type === 'freeText';

/** From the organiser's text, from a bank topic the prompt names as a whole, or sharing a subject word. */
export function isOnSubject(prompt: QualityPrompt, task: GeneratedTask): boolean {
  return (
    task.source === 'organiser' ||
    prompt.bankTopics.includes(task.source) ||
    sharesSubjectWord(
      `${task.step.name} ${task.step.text} ${rightAnswer(task)}`,
      prompt.subjectWords,
    )
  );
}

export function measureQuality(
  prompt: QualityPrompt,
  tasks: readonly GeneratedTask[],
): QualityReport {
  const carriedBy = (task: GeneratedTask, answer: string) =>
    carries(rightAnswer(task), answer) ||
    carries(task.step.text, answer) ||
    carries(task.step.name, answer);
  const missedFacts: string[] = [];
  let factsUsed = 0;
  let factsAsked = 0;
  for (const fact of prompt.facts) {
    const used = tasks.some((task) => fact.answers.some((answer) => carriedBy(task, answer)));
    const asked = tasks.some(
      (task) =>
        isQuestion(task) && fact.answers.some((answer) => carries(rightAnswer(task), answer)),
    );
    if (used) factsUsed++;
    else missedFacts.push(fact.fact);
    if (asked) factsAsked++;
  }

  const offSubject: string[] = [];
  let onSubject = 0;
  for (const task of tasks) {
    if (isOnSubject(prompt, task)) onSubject++;
    else offSubject.push(`${task.step.text} (${task.source})`);
  }

  const seenTexts = new Set<string>();
  const seenFacts = new Set<string>();
  let repeats = 0;
  for (const task of tasks) {
    const text = foldForMatch(task.step.text);
    const fact =
      task.source === 'organiser' && isQuestion(task)
        ? `${task.provenance ?? ''}\u0000${foldForMatch(rightAnswer(task))}`
        : null;
    if (seenTexts.has(text) || (fact !== null && seenFacts.has(fact))) repeats++;
    seenTexts.add(text);
    if (fact !== null) seenFacts.add(fact);
  }

  return {
    facts: prompt.facts.length,
    factsUsed,
    factsAsked,
    missedFacts,
    tasks: tasks.length,
    onSubject,
    offSubject,
    repeats,
  };
}
