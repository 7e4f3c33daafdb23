/**
 * "Test Activity" (SPEC §2.8 Footer): every screen's button opens the one launch/demo dialog the
 * builder layout owns (it also opens by itself when the URL carries finish-create).
 */
import { createContext, useContext } from 'react';

export interface TestActivityControl {
  open(): void;
}

/** Outside the layout (a screen rendered alone in its unit tests) the button opens nothing. */
const NO_DIALOG: TestActivityControl = { open() {} };

export const TestActivityContext = createContext<TestActivityControl>(NO_DIALOG);

export function useTestActivity(): TestActivityControl {
  return useContext(TestActivityContext);
}
