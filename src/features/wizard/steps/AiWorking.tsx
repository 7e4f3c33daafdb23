/**
 * What /activity/create and /activity/status show while the AI assistant works (SPEC §2.4 steps
 * 5 and 6): the step's gate while its state loads, the stored failure with "Try again?", or the
 * same waiting screen on both, so the move from one to the other does not show.
 */
import type { ReactNode } from 'react';
import { WizardFailure } from '../WizardFailure';
import { WizardWaiting } from '../WizardWaiting';
import { WIZARD_TEXTS } from '../texts';

export function AiWorking({
  gate,
  error,
  notice = null,
}: {
  gate: ReactNode;
  error: string | null;
  notice?: string | null;
}) {
  if (gate) return gate;
  if (error) return <WizardFailure message={error} />;
  return (
    <WizardWaiting
      headline={WIZARD_TEXTS.create.working}
      detail={WIZARD_TEXTS.create.duration}
      notice={notice}
    />
  );
}
