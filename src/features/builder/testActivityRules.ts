/**
 * SPEC §2.8 Footer: "Test Activity" is disabled while the template is invalid or dirty. Dirty, in
 * this offline-first product, means an edit that has not reached the server yet (the demo is made
 * from the server's copy), or a file picked for it (a logo, a task's picture) that is still on
 * its way: a demo without it would show the task without its media.
 */
import { isTemplateValid, type ValidatableTemplate } from '../../domain/validation/template';

export const TEST_ACTIVITY_TEXTS = {
  button: 'Test Activity',
  invalid: 'Finish the tasks and the activity name first: every task needs its required details.',
  unsaved: 'Saving your changes… Test Activity is available once they have reached the server.',
  uploading: 'Uploading your files… Test Activity is available once they have reached the server.',
} as const;

export type TestActivityState = { enabled: true } | { enabled: false; reason: string };

export function testActivityState(
  template: ValidatableTemplate & { sync: { allChangesOnServer: boolean } },
  /** Files of this template still to send (src/localdb/syncIndicator.ts uploadsWaiting). */
  filesWaiting = 0,
): TestActivityState {
  if (!isTemplateValid(template)) return { enabled: false, reason: TEST_ACTIVITY_TEXTS.invalid };
  if (!template.sync.allChangesOnServer) {
    return { enabled: false, reason: TEST_ACTIVITY_TEXTS.unsaved };
  }
  if (filesWaiting > 0) return { enabled: false, reason: TEST_ACTIVITY_TEXTS.uploading };
  return { enabled: true };
}
