/**
 * Generated tasks into a template, under the rules of SPEC §6 and §5: locked tasks keep their
 * place and are never changed; the other places are filled with new tasks (and, when fewer came
 * than places, keep their earlier tasks); the result must pass the task rules of src/domain or
 * the request fails with 422. What the organiser is told when fewer came is made here too.
 */
import { MESSAGES } from '../../src/domain/messages';
import type { Step } from '../../src/domain/schemas';
import { validateStep } from '../../src/domain/validation/step';
import { GenerationError, type GeneratedTask } from './generator';

/** SPEC §3: the wizard's default stepsCount. */
export const AI_DEFAULT_STEPS = 20;
/**
 * A template with fewer tasks than this (a blank copy has a handful of samples) is filled up to
 * the default count; a longer one keeps its length.
 */
export const AI_MIN_EXISTING_STEPS = 10;

/** How many tasks the template will have, and how many of them have to be generated. */
export function plannedCounts(steps: readonly Step[]): { total: number; generate: number } {
  const total = steps.length >= AI_MIN_EXISTING_STEPS ? steps.length : AI_DEFAULT_STEPS;
  const locked = steps.filter((step) => step.locked).length;
  return { total: Math.max(total, locked), generate: Math.max(0, total - locked) };
}

const textKey = (step: Step): string => step.text.trim().toLowerCase();

/**
 * Locked steps stay at their place; every other place takes the next generated step, in order.
 * plannedCounts makes the template at least as long as it was, so every locked place exists.
 * When fewer steps were generated than places, the places left keep their earlier (unlocked)
 * task, unless it repeats a task already in the result; a place with neither is dropped.
 * `keptEarlier` counts the earlier tasks kept that way.
 */
export function mergeIntoTemplate(
  steps: readonly Step[],
  generated: readonly Step[],
): { steps: Step[]; keptEarlier: number } {
  const { total } = plannedCounts(steps);
  const queue = [...generated];
  const texts = new Set([...generated, ...steps.filter((s) => s.locked)].map(textKey));
  const result: Step[] = [];
  let keptEarlier = 0;
  for (let i = 0; i < total; i++) {
    const current = steps[i];
    let next = current?.locked ? current : queue.shift();
    if (!next && current && !texts.has(textKey(current))) {
      texts.add(textKey(current));
      next = current;
      keptEarlier += 1;
    }
    if (next) result.push(next);
  }
  return { steps: result, keptEarlier };
}

/**
 * What the organiser is told about a finished request (GET /ai_content_requests/{id} `notice`):
 * fewer new tasks than asked, or a general mix because the topics gave nothing; null when the
 * request got all it asked for on its subject.
 */
export function generationNotice(
  tasks: readonly GeneratedTask[],
  asked: number,
  keptEarlier = 0,
): string | null {
  if (tasks.length > 0 && tasks.every((task) => task.filler)) return MESSAGES.ai.generalTasks;
  if (tasks.length >= asked) return null;
  return keptEarlier > 0
    ? MESSAGES.ai.fewerTasksKept(tasks.length, asked, keptEarlier)
    : MESSAGES.ai.fewerTasks(tasks.length, asked);
}

/**
 * Every generated task must be valid and unlike the others (and unlike the kept ones); there must
 * be at most `wanted` and at least `minimum` (the built-in generator writes fewer when the text
 * gives too little, a model must write them all).
 */
export function checkGeneratedSteps(
  generated: readonly Step[],
  kept: readonly Step[],
  wanted: number,
  minimum = wanted,
): void {
  if (generated.length > wanted || generated.length < Math.max(1, minimum)) {
    throw new GenerationError('incomplete', `wanted ${wanted} tasks, got ${generated.length}`);
  }
  const invalid = generated.filter((step) => validateStep(step).length > 0);
  if (invalid.length > 0) {
    throw new GenerationError(
      'incomplete',
      `invalid tasks: ${invalid.map((s) => s.name).join(', ')}`,
    );
  }
  const texts = [...generated, ...kept].map((step) => step.text.trim().toLowerCase());
  if (new Set(texts).size !== texts.length) {
    throw new GenerationError('incomplete', 'duplicate tasks');
  }
}

/** A new activity's name when the request gave none: the organiser's first subject. */
export function nameFromTopics(topics: string): string {
  const first = topics.split(/[\n.;:,!?]/)[0]!.trim() || 'New activity';
  const short = first.length > 60 ? `${first.slice(0, 57).trimEnd()}…` : first;
  return short.charAt(0).toUpperCase() + short.slice(1);
}
