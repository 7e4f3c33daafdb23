/**
 * SPEC §2.8 Generate with AI and §6 locked steps: how the AI assistant's answer lands in the
 * activity. Only the tasks are taken from it (the organiser's name, branding and other local
 * edits stay), and locked tasks are the organiser's own local ones, where they are.
 */
import type { Step } from '../../../domain/schemas';

/**
 * Locked local tasks keep their position and content; every other position takes the next
 * generated unlocked task, in order. Generated tasks left over (the server fills a short
 * activity up to 20) follow at the end; unlocked positions the answer has no task for (local
 * tasks added after the server last saw the activity) are dropped, since the answer replaces
 * all unlocked tasks.
 */
export function applyGeneratedTasks(local: readonly Step[], generated: readonly Step[]): Step[] {
  const fresh = generated.filter((step) => !step.locked);
  const result: Step[] = [];
  let next = 0;
  for (const step of local) {
    if (step.locked) result.push(step);
    else if (next < fresh.length) result.push(fresh[next++]!);
  }
  return result.concat(fresh.slice(next));
}
