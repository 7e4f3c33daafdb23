/**
 * SPEC §2.4 step 5, /activity/create: waits 3 s (AI_CREATE_DELAY_MS), then asks the AI
 * assistant for the activity. The answer's status URL is stored, which moves the wizard on to
 * /activity/status (guards.ts); a refusal is stored too and shown here with "Try again?".
 */
import { useEffect, useRef } from 'react';
import { requestAiContent } from '../../../api/ai';
import { useApiCredentials, useRequestorId } from '../../../auth/session';
import { AI_CREATE_DELAY_MS } from '../../../domain/constants';
import { aiRequestErrorMessage } from '../../../domain/messages';
import { newActivityRequest, requestFailureText } from '../../aiFlow/aiRequest';
import { useWizardStep } from '../useWizardStep';
import { AiWorking } from './AiWorking';

export function CreateStep() {
  const wizard = useWizardStep('create');
  const credentials = useApiCredentials();
  const requestorId = useRequestorId();
  const { ready, state, update } = wizard;
  const shouldRequest = ready && state.error === null && state.statusUrl === null;

  // The request reads what is current when the 3 s are up, without restarting the wait.
  const latest = useRef({ state, credentials, requestorId, update });
  useEffect(() => {
    latest.current = { state, credentials, requestorId, update };
  });

  useEffect(() => {
    if (!shouldRequest) return;
    let active = true;
    const timer = setTimeout(() => {
      const now = latest.current;
      void (async () => {
        if (!now.requestorId) {
          await now.update({ error: aiRequestErrorMessage(null) });
          return;
        }
        const result = await requestAiContent(
          newActivityRequest(now.state, now.requestorId),
          now.credentials,
        );
        // Left meanwhile (and perhaps started afresh): this answer is no longer wanted.
        if (!active) return;
        await now.update(
          result.ok
            ? { statusUrl: result.data.aiContentRequestStatusUrl, error: null }
            : { error: requestFailureText(result.error) },
        );
      })();
    }, AI_CREATE_DELAY_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [shouldRequest]);

  return <AiWorking gate={wizard.gate} error={state.error} />;
}
