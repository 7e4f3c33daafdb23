/**
 * SPEC §5 template rules. The server stores computeStepValidationErrors in a template's
 * stepValidationErrors; the builder uses validateTemplate for the name field, the task cards,
 * the overview's Tasks section and the "Test Activity" button.
 */
import { MESSAGES } from '../messages';
import type { Step, StepValidationError } from '../schemas';
import { validateStep } from './step';

/** What validation needs of a template: both the server's and the client's objects fit. */
export interface ValidatableTemplate {
  readonly name: string;
  readonly steps: readonly Step[];
}

export interface TemplateValidation {
  valid: boolean;
  /** "An activity name is required" when the (trimmed) name is empty, else null. */
  nameError: string | null;
  /** Only the steps that break a rule, in step order. */
  stepErrors: StepValidationError[];
}

/** The {id, errors} of every step that breaks a rule; steps without errors are left out. */
export function computeStepValidationErrors(steps: readonly Step[]): StepValidationError[] {
  return steps
    .map((step) => ({ id: step.id, errors: validateStep(step) }))
    .filter((entry) => entry.errors.length > 0);
}

/** Valid only when there are no step errors, at least one step, and a non-empty name. */
export function validateTemplate(template: ValidatableTemplate): TemplateValidation {
  const nameError = template.name.trim() === '' ? MESSAGES.template.nameRequired : null;
  const stepErrors = computeStepValidationErrors(template.steps);
  return {
    valid: nameError === null && stepErrors.length === 0 && template.steps.length > 0,
    nameError,
    stepErrors,
  };
}

export const isTemplateValid = (template: ValidatableTemplate): boolean =>
  validateTemplate(template).valid;

/** "Test Activity" needs a valid template and no unsaved changes. */
export function canTestActivity(state: { valid: boolean; dirty: boolean }): boolean {
  return state.valid && !state.dirty;
}

/**
 * The overview's Tasks section (SPEC §2.8): "Complete" titled "No issues found with tasks", or
 * "Incomplete" titled "One or more tasks are invalid". A template without steps is incomplete.
 */
export function tasksSectionStatus(steps: readonly Step[]): {
  complete: boolean;
  label: 'Complete' | 'Incomplete';
  title: string;
} {
  const complete = steps.length > 0 && computeStepValidationErrors(steps).length === 0;
  return complete
    ? { complete, label: 'Complete', title: MESSAGES.template.tasksValid }
    : { complete, label: 'Incomplete', title: MESSAGES.template.tasksInvalid };
}
