import { describe, it, expect } from 'vitest';
import {
  canTestActivity,
  computeStepValidationErrors,
  isTemplateValid,
  tasksSectionStatus,
  validateTemplate,
} from '../../../src/domain/validation/template';
import { challengeStep, freeTextStep, multipleChoiceStep } from './fixtures';

const validSteps = [freeTextStep(), multipleChoiceStep(), challengeStep()];

describe('Template: valid only when there are no step validation errors, at least 1 step, and a name', () => {
  it('a named template with valid steps is valid', () => {
    expect(validateTemplate({ name: 'Onboarding', steps: validSteps })).toEqual({
      valid: true,
      nameError: null,
      stepErrors: [],
    });
    expect(isTemplateValid({ name: 'Onboarding', steps: validSteps })).toBe(true);
  });

  it('a step with errors makes the template invalid', () => {
    const result = validateTemplate({
      name: 'Onboarding',
      steps: [freeTextStep(), multipleChoiceStep({ id: 'bad', name: '' })],
    });
    expect(result.valid).toBe(false);
    expect(result.nameError).toBeNull();
    expect(result.stepErrors).toEqual([{ id: 'bad', errors: ['Task name is required'] }]);
  });

  it('a template without steps is invalid', () => {
    const result = validateTemplate({ name: 'Onboarding', steps: [] });
    expect(result.valid).toBe(false);
    expect(result.stepErrors).toEqual([]);
    expect(result.nameError).toBeNull();
  });

  it('Template: an empty name shows "An activity name is required"', () => {
    const result = validateTemplate({ name: '', steps: validSteps });
    expect(result.valid).toBe(false);
    expect(result.nameError).toBe('An activity name is required');
  });

  it('a name of spaces only counts as empty', () => {
    expect(validateTemplate({ name: '   ', steps: validSteps }).nameError).toBe(
      'An activity name is required',
    );
  });

  it('accepts any object with a name and steps (server or client template)', () => {
    const clientTemplate = { name: 'X', steps: validSteps, dirty: true, themes: [] };
    expect(validateTemplate(clientTemplate).valid).toBe(true);
  });
});

describe('computeStepValidationErrors: the stepValidationErrors list', () => {
  it('lists only the invalid steps, in step order, with all their messages', () => {
    const steps = [
      freeTextStep({ id: 's1', text: '' }),
      multipleChoiceStep({ id: 's2' }),
      challengeStep({ id: 's3', name: '', points: 0 }),
    ];
    expect(computeStepValidationErrors(steps)).toEqual([
      { id: 's1', errors: ['Task question is required'] },
      {
        id: 's3',
        errors: ['Task name is required', 'Points must be a whole number from 1 to 1000'],
      },
    ]);
  });

  it('is empty when every step is valid', () => {
    expect(computeStepValidationErrors(validSteps)).toEqual([]);
  });
});

describe('Template: "Test Activity" needs a valid template and no unsaved changes', () => {
  it('valid and saved: enabled', () => {
    expect(canTestActivity({ valid: true, dirty: false })).toBe(true);
  });
  it('dirty or invalid: disabled', () => {
    expect(canTestActivity({ valid: true, dirty: true })).toBe(false);
    expect(canTestActivity({ valid: false, dirty: false })).toBe(false);
    expect(canTestActivity({ valid: false, dirty: true })).toBe(false);
  });
});

describe('Overview: the Tasks section', () => {
  it('"Complete" titled "No issues found with tasks" when every task is valid', () => {
    expect(tasksSectionStatus(validSteps)).toEqual({
      complete: true,
      label: 'Complete',
      title: 'No issues found with tasks',
    });
  });
  it('"Incomplete" titled "One or more tasks are invalid" otherwise', () => {
    expect(tasksSectionStatus([freeTextStep({ name: '' })])).toEqual({
      complete: false,
      label: 'Incomplete',
      title: 'One or more tasks are invalid',
    });
    expect(tasksSectionStatus([]).label).toBe('Incomplete');
  });
});
