/** Whether "Test Activity" can run for the open activity now, and why not (testActivityRules). */
import { useSyncAsOfLocalEdits, useUploads } from '../../localdb/hooks';
import { uploadsWaiting } from '../../localdb/syncIndicator';
import { useBuilder } from './BuilderContext';
import { testActivityState, type TestActivityState } from './testActivityRules';

export function useTestActivityState(): TestActivityState {
  const { template } = useBuilder();
  const { data: uploads } = useUploads(template.id);
  // Not from a version that predates the last keystroke: the demo is made from the server's copy.
  return testActivityState(useSyncAsOfLocalEdits(template), uploadsWaiting(uploads)?.files ?? 0);
}
