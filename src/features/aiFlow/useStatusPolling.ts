/**
 * Waiting for a status URL to say the work is over (SPEC §9: a poll every 5 s, the first one
 * interval after the wait begins): an AI request's content, a demo game's code. The mechanics
 * are the shared poll layer's (src/api/usePolledRequest.ts); this adds what every waiting screen
 * does with the answers. No connection is not a failure: it is said, and polling goes on. Any
 * other failure ends the wait, and so does the answer the screen waits for; each is acted on once.
 */
import { pollAiContent } from '../../api/ai';
import { usePolledRequest, type PollWake } from '../../api/usePolledRequest';
import { useApiCredentials } from '../../auth/session';
import type { AiContentRequestStatus } from '../../domain/schemas';
import { isUnreachable, type ApiResult } from '../../protocol/result';
import { useAiRequestWake } from './useAiRequestWake';

export interface StatusPollingOptions<T> {
  enabled: boolean;
  /** The status call; the latest one given is used. */
  request: () => Promise<ApiResult<T>>;
  /** The answer the screen waits for (an answer without a body is null). */
  isDone: (status: T | null) => boolean;
  /** Each answer says whether the device reached the server (true: it did not). */
  onOffline?: (offline: boolean) => void;
  /** The status could not be read: the wait is over. */
  onFailed: () => unknown;
  /** `active()` turns false once the screen stopped waiting: an await in between checks it. */
  onDone: (status: T | null, active: () => boolean) => unknown;
  wake?: PollWake | null;
  /** Another value (another status URL) starts the wait afresh. */
  restartKey?: unknown;
}

export function useStatusPolling<T>(options: StatusPollingOptions<T>): void {
  const {
    enabled,
    request,
    isDone,
    onOffline,
    onFailed,
    onDone,
    wake = null,
    restartKey,
  } = options;
  usePolledRequest<T | null>({
    enabled,
    firstRequest: 'afterInterval',
    wake,
    restartKey,
    request,
    isFinal: (result) => (result.ok ? isDone(result.data ?? null) : !isUnreachable(result.error)),
    onResult: async (result, active) => {
      if (!result.ok) {
        if (isUnreachable(result.error)) onOffline?.(true);
        else await onFailed();
        return;
      }
      onOffline?.(false);
      const status = result.data ?? null;
      if (isDone(status)) await onDone(status, active);
    },
  });
}

export interface AiContentPollingHandlers {
  onOffline?: (offline: boolean) => void;
  onFailed: () => unknown;
  /** completedAt is set; `active()` as in StatusPollingOptions. */
  onCompleted: (status: AiContentRequestStatus, active: () => boolean) => unknown;
}

/**
 * An AI request's status URL until completedAt (docs/ai.md), for the wizard, the "Create new
 * game" dialog and the builder. The server's word that the request is over asks at once; the
 * 5 s polls are the fallback.
 */
export function useAiContentPolling(
  statusUrl: string | null,
  enabled: boolean,
  handlers: AiContentPollingHandlers,
): void {
  const credentials = useApiCredentials();
  const wake = useAiRequestWake(statusUrl);
  useStatusPolling<AiContentRequestStatus>({
    enabled: enabled && statusUrl !== null,
    request: () => pollAiContent(statusUrl!, credentials),
    isDone: (status) => Boolean(status?.completedAt),
    onOffline: handlers.onOffline,
    onFailed: handlers.onFailed,
    onDone: (status, active) => handlers.onCompleted(status!, active),
    wake,
    restartKey: statusUrl,
  });
}
