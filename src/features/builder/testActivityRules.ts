/**
 * SPEC §2.8 Footer: "Test Activity" is disabled while the template is invalid or dirty. Dirty, in
 * this offline-first product, means an edit that has not reached the server yet (the demo is made
 * from the server's copy).
 */
import { isTemplateValid, type ValidatableTemplate } from '../../domain/validation/template';

export const TEST_ACTIVITY_TEXTS = {
  button: 'Test Activity',
  invalid: 'Finish the tasks and the activity name first: every task needs its required details.',
  unsaved: 'Saving your changes… Test Activity is available once they have reached the server.',
} as const;

export type TestActivityState = { enabled: true } | { enabled: false; reason: string };

export function testActivityState(
  template: ValidatableTemplate & { sync: { allChangesOnServer: boolean } },
): TestActivityState {
  if (!isTemplateValid(template)) return { enabled: false, reason: TEST_ACTIVITY_TEXTS.invalid };
  if (!template.sync.allChangesOnServer) {
    return { enabled: false, reason: TEST_ACTIVITY_TEXTS.unsaved };
  }
  return { enabled: true };
}
