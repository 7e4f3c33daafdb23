/**
 * Runs SPEC §2.8 "Generate with AI" for the builder and owns its dialog. The generation lives
 * here rather than in the dialog so that closing the dialog loses nothing: the result is still
 * applied when it arrives, with a notification, and reopening the dialog shows where it is.
 *
 * The server reads the activity it generates for, so a new activity that exists only on this
 * device is pushed by the sync worker first (docs/ai.md). The result changes only the unlocked
 * tasks, as a normal local edit the sync worker carries to the server (the dirty flag of §4).
 * The server's notice of fewer new tasks than asked goes with the result: in the dialog, or in
 * the notification when the dialog was closed.
 */
import { useNetwork } from '@mantine/hooks';
import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { requestAiContent } from '../../../api/ai';
import { useApiCredentials } from '../../../auth/session';
import { useDataContext } from '../../../localdb/hooks/DataProvider';
import type { ContentRecipe } from '../../../localdb/templateRepository';
import { reportError } from '../../../telemetry/errorReporting';
import { finishedNotice, POLL_FAILURE_TEXT, requestFailureText } from '../../aiFlow/aiRequest';
import { useAiContentPolling } from '../../aiFlow/useStatusPolling';
import { useBuilder } from '../BuilderContext';
import { AiGenerationContext, type AiGenerationControl } from './AiGenerationContext';
import { aiGenerationReducer, INITIAL_AI_STATE } from './aiGenerationState';
import { AiNotice, type AiNoticeContent } from './AiNotice';
import { applyGeneratedTasks } from './applyGeneratedTasks';
import { GenerateWithAiDialog } from './GenerateWithAiDialog';
import { AI_DIALOG_TEXTS } from './texts';

/** How long a new activity may take to reach the server before the organiser is told. */
export const SERVER_WAIT_MS = 30_000;

export function AiGenerationProvider({
  children,
  serverWaitMs = SERVER_WAIT_MS,
}: {
  children: ReactNode;
  serverWaitMs?: number;
}) {
  const { templateId, template, update } = useBuilder();
  const { repository, sync } = useDataContext();
  const credentials = useApiCredentials();
  const { online } = useNetwork();
  const [state, dispatch] = useReducer(aiGenerationReducer, INITIAL_AI_STATE);
  const [opened, setOpened] = useState(false);
  const [notice, setNotice] = useState<AiNoticeContent | null>(null);
  const [applied, setApplied] = useState(0);

  const latest = useRef({ state, credentials, opened, templateId, update });
  useEffect(() => {
    latest.current = { state, credentials, opened, templateId, update };
  });

  /** A failure the organiser may not be looking at: the closed dialog tells them by a notice. */
  const fail = useCallback((run: number, error: string) => {
    dispatch({ type: 'failed', run, error });
    if (!latest.current.opened && latest.current.state.run === run) {
      setNotice({ kind: 'error', message: error });
    }
  }, []);

  // The server only knows the activity once the sync worker has created it there (revision 1).
  const onServer = template.revision > 0;
  const requestedRun = useRef(0);
  const syncAskedRun = useRef(0);
  const run = state.stage === 'creating' ? state.run : null;
  useEffect(() => {
    if (run === null || requestedRun.current === run) return;
    if (!onServer) {
      if (syncAskedRun.current !== run) {
        syncAskedRun.current = run;
        dispatch({ type: 'waitingForServer', run });
        sync.syncNow().catch((error: unknown) => reportError(error));
      }
      const timer = setTimeout(() => fail(run, AI_DIALOG_TEXTS.notOnServer), serverWaitMs);
      return () => clearTimeout(timer);
    }
    // One request per "Generate tasks": the effect may run twice for one run (StrictMode).
    requestedRun.current = run;
    const now = latest.current;
    void (async () => {
      const result = await requestAiContent(
        { templateId: now.state.templateId ?? now.templateId, topics: now.state.topics.trim() },
        now.credentials,
      );
      if (result.ok) {
        dispatch({ type: 'requested', run, statusUrl: result.data.aiContentRequestStatusUrl });
      } else {
        fail(run, requestFailureText(result.error));
      }
    })();
  }, [run, onServer, sync, serverWaitMs, fail]);

  const apply = useCallback(
    async (forTemplate: string, recipe: ContentRecipe) => {
      const now = latest.current;
      // The organiser may have opened another activity meanwhile: the result is still this one's.
      if (forTemplate === now.templateId) await now.update(recipe);
      else await repository.update(forTemplate, recipe);
    },
    [repository],
  );

  const { run: pollRun, templateId: target } = state;
  useAiContentPolling(state.statusUrl, state.stage === 'polling', {
    onOffline: (offline) => dispatch({ type: 'polled', run: pollRun, offline }),
    onFailed: () => fail(pollRun, POLL_FAILURE_TEXT),
    onCompleted: async (status) => {
      const generated = status.template;
      if (!generated || target === null) {
        fail(pollRun, POLL_FAILURE_TEXT);
        return;
      }
      try {
        await apply(target, (current) => ({
          steps: applyGeneratedTasks(current.steps, generated.steps),
        }));
      } catch (error) {
        reportError(error);
        fail(pollRun, POLL_FAILURE_TEXT);
        return;
      }
      setApplied((count) => count + 1);
      const resultNotice = finishedNotice(status);
      dispatch({ type: 'completed', run: pollRun, notice: resultNotice });
      if (!latest.current.opened) {
        // The notice says it all: the next "Generate with AI" starts again at the topics.
        setNotice({ kind: 'done', message: AI_DIALOG_TEXTS.done, detail: resultNotice });
        dispatch({ type: 'finish' });
      }
    },
  });

  const open = useCallback(() => {
    setNotice(null);
    setOpened(true);
  }, []);
  const close = useCallback(() => {
    setOpened(false);
    // A generation under way goes on; a finished or failed one is over once seen.
    dispatch({ type: 'finish' });
  }, []);
  const tryAgainFromNotice = useCallback(() => {
    dispatch({ type: 'tryAgain' });
    open();
  }, [open]);
  const dismissNotice = useCallback(() => setNotice(null), []);
  // Stable, so that the (memoised) dialog is not rendered again by every write of the template.
  const generate = useCallback(() => dispatch({ type: 'generate', templateId }), [templateId]);

  const control = useMemo<AiGenerationControl>(
    () => ({ open, stage: state.stage, applied }),
    [open, state.stage, applied],
  );

  return (
    <AiGenerationContext.Provider value={control}>
      {children}
      <GenerateWithAiDialog
        opened={opened}
        state={state}
        online={online}
        dispatch={dispatch}
        onGenerate={generate}
        onClose={close}
      />
      {notice && (
        <AiNotice content={notice} onTryAgain={tryAgainFromNotice} onDismiss={dismissNotice} />
      )}
    </AiGenerationContext.Provider>
  );
}
