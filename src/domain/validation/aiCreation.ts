/**
 * SPEC §5 AI creation rules: the wizard's and the "Create new game" dialog's topics and name.
 * The UI only disables Next / Create / Generate tasks; there are no messages to show.
 */
import { LIMITS } from '../limits';

/** Topics are trimmed before they are stored or sent. */
export const normaliseTopics = (topics: string): string => topics.trim();

/** Next (wizard) and "Generate tasks" (dialog) need non-empty trimmed topics. */
export function canContinueWithTopics(topics: string): boolean {
  return normaliseTopics(topics) !== '';
}

/** The dialog's topic area allows at most 1000 characters: what a maxLength text area keeps. */
export function limitTopicsInput(raw: string): string {
  return raw.slice(0, LIMITS.topicsMaxLength);
}

/** "Create" needs a non-empty activity name; a name of spaces only counts as empty. */
export function canCreateWithName(name: string): boolean {
  return name.trim() !== '';
}
