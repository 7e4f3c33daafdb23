/**
 * SPEC §2.4 step 9, /activity/{templateId}/demo/status: polls the demo's game status every 5 s
 * until it has a code, which moves the wizard on to demo/complete. A reload resumes polling.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { fetchGameStatus } from '../../../api/games';
import { useApiCredentials } from '../../../auth/session';
import { MESSAGES } from '../../../domain/messages';
import { isOfflineFailure, POLL_OFFLINE_TEXT } from '../../aiFlow/aiRequest';
import { usePolling } from '../../aiFlow/usePolling';
import { WizardFailure } from '../WizardFailure';
import { WizardWaiting } from '../WizardWaiting';
import { WIZARD_TEXTS } from '../texts';
import { useDemoStep } from '../useWizardStep';

export function DemoStatusStep() {
  const { templateId = '' } = useParams();
  const credentials = useApiCredentials();
  const demo = useDemoStep('status', templateId);
  const [offline, setOffline] = useState(false);
  const { ready, state, update } = demo;

  usePolling(ready && state.error === null && state.statusUrl !== null, async (active) => {
    const result = await fetchGameStatus(state.statusUrl!, credentials);
    if (!active()) return false;
    if (!result.ok) {
      if (isOfflineFailure(result)) {
        setOffline(true);
        return true;
      }
      await update({ error: MESSAGES.launch.pollFailed });
      return false;
    }
    setOffline(false);
    const status = result.data;
    if (!status?.code || !status.qrCodeUrl) return true;
    await update({
      code: status.code,
      qrCodeUrl: status.qrCodeUrl,
      publishedAt: status.publishedAt,
    });
    return false;
  });

  if (demo.gate) return demo.gate;
  if (state.error) return <WizardFailure message={state.error} />;
  return (
    <WizardWaiting
      headline={WIZARD_TEXTS.demoCreate.waiting}
      notice={offline ? POLL_OFFLINE_TEXT : null}
    />
  );
}
