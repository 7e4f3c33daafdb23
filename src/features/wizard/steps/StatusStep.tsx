/**
 * SPEC §2.4 step 6, /activity/status (the activity monitor): polls the stored status URL every
 * 5 s until completedAt is present, which moves the wizard on to /activity/complete. A reload
 * resumes polling. The server's word that the request is over (docs/ai.md "Finished: the push")
 * makes it ask at once; the 5 s polls stay as the fallback. The finished template is stored on
 * this device at once (docs/ai.md: the server has it already), so the builder can open it
 * without waiting for sync. The server's notice of fewer tasks than asked is kept with it, for the
 * screens that follow.
 */
import { useState } from 'react';
import { pollAiContent } from '../../../api/ai';
import { useApiCredentials } from '../../../auth/session';
import {
  finishedNotice,
  isOfflineFailure,
  POLL_FAILURE_TEXT,
  POLL_OFFLINE_TEXT,
} from '../../aiFlow/aiRequest';
import { useAdoptTemplate } from '../../aiFlow/useAdoptTemplate';
import { useAiRequestWake } from '../../aiFlow/useAiRequestWake';
import { usePolling, type PollTick } from '../../aiFlow/usePolling';
import { WizardFailure } from '../WizardFailure';
import { WizardWaiting } from '../WizardWaiting';
import { WIZARD_TEXTS } from '../texts';
import { useWizardStep } from '../useWizardStep';

export function StatusStep() {
  const wizard = useWizardStep('status');
  const credentials = useApiCredentials();
  const adopt = useAdoptTemplate();
  const [offline, setOffline] = useState(false);
  const { ready, state, update } = wizard;

  const wake = useAiRequestWake(state.statusUrl);
  const enabled = ready && state.error === null && state.statusUrl !== null;
  const poll: PollTick = async (active) => {
    const result = await pollAiContent(state.statusUrl!, credentials);
    if (!active()) return false;
    if (!result.ok) {
      if (isOfflineFailure(result)) {
        setOffline(true);
        return true;
      }
      await update({ error: POLL_FAILURE_TEXT });
      return false;
    }
    setOffline(false);
    const { completedAt, template } = result.data ?? { completedAt: null, template: null };
    if (!completedAt) return true;
    if (template) await adopt(template);
    await update({ completedAt, template: template ?? null, notice: finishedNotice(result.data) });
    return false;
  };
  usePolling(enabled, poll, { wake });

  if (wizard.gate) return wizard.gate;
  if (state.error) return <WizardFailure message={state.error} />;
  return (
    <WizardWaiting
      headline={WIZARD_TEXTS.create.working}
      detail={WIZARD_TEXTS.create.duration}
      notice={offline ? POLL_OFFLINE_TEXT : null}
    />
  );
}
