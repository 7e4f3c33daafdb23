import { describe, it, expect } from 'vitest';
import * as domain from '../../../src/domain';

describe('the domain barrel', () => {
  it('re-exports the entity schemas, enums, limits and every rule module', () => {
    const names = [
      // enums.ts, limits.ts, schemas.ts
      'stepTypeSchema',
      'LIMITS',
      'templateSchema',
      // the rule modules
      'formatDuration',
      'MESSAGES',
      'validateStep',
      'validateTemplate',
      'computeStepValidationErrors',
      'changeStepType',
      'challengeResponseLine',
      'validateSchedule',
      'mediaKindOf',
      'PLANS',
      'deriveActivityStatus',
      'rowActions',
      'toggleFilterOption',
      'applyChosenColour',
      'canContinueWithTopics',
    ];
    for (const name of names) expect(domain, name).toHaveProperty(name);
  });
});
