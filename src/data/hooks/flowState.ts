/**
 * The AI creation wizard's state and the demo state (SPEC §3), kept on the device so that both
 * survive a reload and a sign-up in the middle of the flow (issue 6 §5).
 */
import {
  AI_WIZARD_DEFAULTS,
  DEMO_STATE_DEFAULTS,
  type AiWizardState,
  type DemoState,
} from '../../domain/schemas';
import { useDeviceState, type DeviceState } from './useDeviceState';

export const WIZARD_STATE_KEY = 'wizard-state';
export const DEMO_STATE_KEY = 'demo-state';

export const useWizardState = (): DeviceState<AiWizardState> =>
  useDeviceState(WIZARD_STATE_KEY, AI_WIZARD_DEFAULTS);

export const useDemoState = (): DeviceState<DemoState> =>
  useDeviceState(DEMO_STATE_KEY, DEMO_STATE_DEFAULTS);
