/**
 * The AI creation wizard's state and the demo state (SPEC §3), kept on the device so that both
 * survive a reload and a sign-up in the middle of the flow.
 */
import type { AiWizardState, DemoState } from '../../domain/schemas';
import { AI_WIZARD_DEFAULTS, DEMO_STATE_DEFAULTS } from '../../domain/flowDefaults';
import type { TeamtrailDatabase } from '../database';
import { useDeviceState, type DeviceState } from './useDeviceState';

export const WIZARD_STATE_KEY = 'wizard-state';
export const DEMO_STATE_KEY = 'demo-state';

export const useWizardState = (): DeviceState<AiWizardState> =>
  useDeviceState(WIZARD_STATE_KEY, AI_WIZARD_DEFAULTS);

export const useDemoState = (): DeviceState<DemoState> =>
  useDeviceState(DEMO_STATE_KEY, DEMO_STATE_DEFAULTS);

/**
 * SPEC §2.3 and §2.4: "resets the AI wizard state and the demo state". A plain function for
 * handlers that run before a screen has the database (the Dashboard renders without waiting).
 */
export async function resetWizardAndDemo(db: TeamtrailDatabase): Promise<void> {
  await Promise.all([
    db.upsertLocal<AiWizardState>(WIZARD_STATE_KEY, AI_WIZARD_DEFAULTS),
    db.upsertLocal<DemoState>(DEMO_STATE_KEY, DEMO_STATE_DEFAULTS),
  ]);
}
