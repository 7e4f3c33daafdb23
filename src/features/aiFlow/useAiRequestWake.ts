/**
 * The wake-up of an AI request's polling (the poll layer's `wake`): the sync worker heard on the
 * event stream that the request is over (docs/ai.md "Finished: the push"), so the waiting screen
 * asks its status URL at once instead of at the next 5 s poll. The answer still comes through
 * that GET, checked as every poll's is; the polls go on as the fallback.
 */
import { useMemo } from 'react';
import { onAiRequestFinished } from '../../localdb/aiRequestEvents';
import type { PollWake } from '../../api/usePolledRequest';

const MARKER = '/v1/ai_content_requests/';

/** The request's id: the part of its status URL after /v1/ai_content_requests/ (SPEC §7). */
export function aiRequestIdOf(statusUrl: string): string | null {
  const at = statusUrl.indexOf(MARKER);
  if (at < 0) return null;
  const rest = statusUrl.slice(at + MARKER.length).split(/[/?#]/)[0] ?? '';
  try {
    return decodeURIComponent(rest) || null;
  } catch {
    return null;
  }
}

export function useAiRequestWake(statusUrl: string | null): PollWake | null {
  return useMemo(() => {
    const requestId = statusUrl ? aiRequestIdOf(statusUrl) : null;
    if (!requestId) return null;
    return (pollNow) => onAiRequestFinished(requestId, pollNow);
  }, [statusUrl]);
}
