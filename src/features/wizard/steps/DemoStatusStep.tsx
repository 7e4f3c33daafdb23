/**
 * SPEC §2.4 step 9, /activity/{templateId}/demo/status: polls the demo's game status every 5 s
 * until it has a code, which moves the wizard on to demo/complete. A reload resumes polling.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { fetchGameStatus } from '../../../api/games';
import { useApiCredentials } from '../../../auth/session';
import { MESSAGES } from '../../../domain/messages';
import type { GameStatus } from '../../../domain/schemas';
import { POLL_OFFLINE_TEXT } from '../../aiFlow/aiRequest';
import { useStatusPolling } from '../../aiFlow/useStatusPolling';
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

  useStatusPolling<GameStatus>({
    enabled: ready && state.error === null && state.statusUrl !== null,
    restartKey: state.statusUrl,
    request: () => fetchGameStatus(state.statusUrl!, credentials),
    isDone: (status) => Boolean(status?.code && status.qrCodeUrl),
    onOffline: setOffline,
    onFailed: () => update({ error: MESSAGES.launch.pollFailed }),
    onDone: (status) =>
      update({
        code: status!.code,
        qrCodeUrl: status!.qrCodeUrl,
        publishedAt: status!.publishedAt,
      }),
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
