/**
 * SPEC §4 "Task type change": what happens to a step's answers when its type is changed in the
 * task editor, and which types the type selector offers.
 */
import { isQuestionType } from './enums';
import type { StepType } from './enums';
import type { Answer, Step } from './schemas';

/** The type selector's options; the standard challenge cannot be chosen. */
export const SELECTABLE_STEP_TYPES = [
  'freeText',
  'multipleChoice',
  'photoChallenge',
  'videoChallenge',
] as const satisfies readonly StepType[];
export type SelectableStepType = (typeof SELECTABLE_STEP_TYPES)[number];

export const STEP_TYPE_SELECTOR_LABELS: Readonly<Record<SelectableStepType, string>> = {
  freeText: 'Free Text Question',
  multipleChoice: 'Multiple Choice Question',
  photoChallenge: 'Photo Challenge',
  videoChallenge: 'Video Challenge',
};

/** The selector's options in order, as {value, label}. */
export const STEP_TYPE_OPTIONS: readonly { value: SelectableStepType; label: string }[] =
  SELECTABLE_STEP_TYPES.map((value) => ({ value, label: STEP_TYPE_SELECTOR_LABELS[value] }));

export const isSelectableStepType = (type: string): type is SelectableStepType =>
  (SELECTABLE_STEP_TYPES as readonly string[]).includes(type);

/**
 * The step with its new type. The answers are cleared, then, following SPEC literally (the rule
 * looks at the type the step had before):
 * - from a question type: one blank correct answer, plus one blank incorrect answer when the new
 *   type is multipleChoice;
 * - from a challenge type: no answers, whatever the new type.
 * Choosing the type the step already has, or changing a locked step, returns the step unchanged.
 */
export function changeStepType(step: Step, newType: StepType, newId: () => string): Step {
  if (step.locked || step.type === newType) return step;
  const answers: Answer[] = [];
  if (isQuestionType(step.type)) {
    answers.push({ id: newId(), value: '', correct: true });
    if (newType === 'multipleChoice') answers.push({ id: newId(), value: '', correct: false });
  }
  return { ...step, type: newType, answers };
}
