/**
 * Generated tasks into a template, under the rules of SPEC §6 and §5: locked tasks keep their
 * place and are never changed; the other places are filled with new tasks; the result must
 * pass the task rules of src/domain or the request fails with 422.
 */
import type { Step } from '../../src/domain/schemas';
import { validateStep } from '../../src/domain/validation/step';
import { GenerationError } from './generator';

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

/**
 * Locked steps stay at their place; every other place takes the next generated step, in order.
 * plannedCounts makes the template at least as long as it was, so every locked place exists.
 */
export function mergeIntoTemplate(steps: readonly Step[], generated: readonly Step[]): Step[] {
  const { total } = plannedCounts(steps);
  const queue = [...generated];
  const result: Step[] = [];
  for (let i = 0; i < total; i++) {
    const current = steps[i];
    const next = current?.locked ? current : queue.shift();
    if (next) result.push(next);
  }
  return result;
}

/** Every generated task must be valid and unlike the others (and unlike the kept ones). */
export function checkGeneratedSteps(
  generated: readonly Step[],
  kept: readonly Step[],
  wanted: number,
): void {
  if (generated.length !== wanted) {
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
