import { describe, it, expect } from 'vitest';
import {
  canContinueWithTopics,
  canCreateWithName,
  limitTopicsInput,
  normaliseTopics,
} from '../../../src/domain/validation/aiCreation';

describe('AI creation', () => {
  it('Topics are trimmed and must be non-empty to continue', () => {
    expect(normaliseTopics('  team building, history \n')).toBe('team building, history');
    expect(canContinueWithTopics('history')).toBe(true);
    expect(canContinueWithTopics('')).toBe(false);
    expect(canContinueWithTopics(' \n\t ')).toBe(false);
  });
  it("The dialog's topic area allows at most 1000 characters", () => {
    expect(limitTopicsInput('x'.repeat(1500))).toHaveLength(1000);
    expect(limitTopicsInput('short')).toBe('short');
  });
  it('The activity name must be non-empty to Create', () => {
    expect(canCreateWithName('New starter onboarding')).toBe(true);
    expect(canCreateWithName('')).toBe(false);
    expect(canCreateWithName('   ')).toBe(false);
  });
});
