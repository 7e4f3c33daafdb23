/**
 * A wizard screen's state, read from the local database, and what to show instead of the
 * screen while it loads or when the screen does not apply yet (guards.ts).
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useDemoState, useWizardState, type DeviceState } from '../../localdb/hooks';
import type { AiWizardState, DemoState } from '../../domain/schemas';
import { demoRedirect, wizardRedirect } from './guards';
import type { DemoStep, WizardStep } from './paths';
import { WizardLoading } from './WizardLoading';

export interface GuardedState<T> extends DeviceState<T> {
  /** The screen applies: the state is loaded and nothing sends the user elsewhere. */
  ready: boolean;
  /** What to render instead of the screen, or null when `ready`. */
  gate: ReactNode;
}

function guarded<T>(device: DeviceState<T>, redirect: string | null): GuardedState<T> {
  if (device.isLoading) {
    return { ...device, ready: false, gate: <WizardLoading /> };
  }
  if (redirect) return { ...device, ready: false, gate: <Navigate to={redirect} replace /> };
  return { ...device, ready: true, gate: null };
}

export function useWizardStep(step: WizardStep): GuardedState<AiWizardState> {
  const wizard = useWizardState();
  return guarded(wizard, wizard.isLoading ? null : wizardRedirect(step, wizard.state));
}

export function useDemoStep(step: DemoStep, templateId: string): GuardedState<DemoState> {
  const demo = useDemoState();
  return guarded(demo, demo.isLoading ? null : demoRedirect(step, templateId, demo.state));
}
