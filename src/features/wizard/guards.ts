/**
 * Where a wizard screen sends the user instead of showing itself, from the stored state alone
 * (so a reload or a link resumes at the right place):
 * - back to the first step whose answer is missing (the name step with no topics → topics);
 * - forward past a step that is already done (create with a request under way → status).
 * Activity type and task count always have an answer: SPEC §3 gives them defaults.
 * null means "show this screen".
 */
import type { AiWizardState, DemoState } from '../../domain/schemas';
import { demoPath, WIZARD_PATHS, type DemoStep, type WizardStep } from './paths';

type WizardAnswers = Pick<
  AiWizardState,
  'topics' | 'name' | 'statusUrl' | 'completedAt' | 'template' | 'error'
>;

/** The first input step that still lacks its answer, if any. */
function missingAnswer(state: WizardAnswers, upTo: WizardStep): string | null {
  if (upTo === 'type' || upTo === 'tasks' || upTo === 'topics') return null;
  if (state.topics.trim() === '') return WIZARD_PATHS.topics;
  if (upTo === 'name') return null;
  if (state.name.trim() === '') return WIZARD_PATHS.name;
  return null;
}

export function wizardRedirect(step: WizardStep, state: WizardAnswers): string | null {
  const missing = missingAnswer(state, step);
  if (missing) return missing;
  switch (step) {
    case 'create':
      // A failed request stays here to show its error.
      return state.statusUrl && !state.error ? WIZARD_PATHS.status : null;
    case 'status':
      if (!state.statusUrl) return WIZARD_PATHS.create;
      return state.completedAt && !state.error ? WIZARD_PATHS.complete : null;
    case 'complete':
      return state.completedAt ? null : (wizardRedirect('status', state) ?? WIZARD_PATHS.status);
    default:
      return null;
  }
}

type DemoProgress = Pick<DemoState, 'templateId' | 'statusUrl' | 'code' | 'qrCodeUrl' | 'error'>;

/** The demo steps of one template; a demo of another template counts as none. */
export function demoRedirect(
  step: DemoStep,
  templateId: string,
  demo: DemoProgress,
): string | null {
  const mine = demo.templateId === templateId;
  const created = mine && demo.statusUrl !== null;
  const ready = created && demo.code !== null && demo.qrCodeUrl !== null;
  switch (step) {
    case 'create':
      return created && !demo.error ? demoPath(templateId, 'status') : null;
    case 'status':
      if (!created) return demoPath(templateId, 'create');
      return ready && !demo.error ? demoPath(templateId, 'complete') : null;
    case 'complete':
      return ready ? null : demoPath(templateId, created ? 'status' : 'create');
  }
}
