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
import { finishedNotice, POLL_FAILURE_TEXT, POLL_OFFLINE_TEXT } from '../../aiFlow/aiRequest';
import { useAdoptTemplate } from '../../aiFlow/useAdoptTemplate';
import { useAiContentPolling } from '../../aiFlow/useStatusPolling';
import { useWizardStep } from '../useWizardStep';
import { AiWorking } from './AiWorking';

export function StatusStep() {
  const wizard = useWizardStep('status');
  const adopt = useAdoptTemplate();
  const [offline, setOffline] = useState(false);
  const { ready, state, update } = wizard;

  useAiContentPolling(state.statusUrl, ready && state.error === null, {
    onOffline: setOffline,
    onFailed: () => update({ error: POLL_FAILURE_TEXT }),
    onCompleted: async (status) => {
      const { completedAt, template } = status;
      if (template) await adopt(template);
      await update({ completedAt, template: template ?? null, notice: finishedNotice(status) });
    },
  });

  return (
    <AiWorking gate={wizard.gate} error={state.error} notice={offline ? POLL_OFFLINE_TEXT : null} />
  );
}
