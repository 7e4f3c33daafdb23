/**
 * The AI wizard's and the demo's starting state (SPEC §3 defaults), without zod: the Dashboard
 * resets both, and it is on the app's first screen.
 */
import type { AiWizardState, DemoState } from './schemas';

export const AI_WIZARD_DEFAULTS: AiWizardState = {
  name: '',
  topics: '',
  gameType: 'Quiz',
  deliveryType: 'InPerson',
  duration: 'm30',
  stepsCount: 20,
  statusUrl: null,
  completedAt: null,
  template: null,
  notice: null,
  error: null,
};

export const DEMO_STATE_DEFAULTS: DemoState = {
  templateId: null,
  statusUrl: null,
  publishedAt: null,
  code: null,
  qrCodeUrl: null,
  template: null,
  error: null,
};
