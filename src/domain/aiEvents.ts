/**
 * The event that tells a requestor's clients that their AI content request is over (docs/ai.md
 * "Finished: the push"), on the owner's event stream (GET /v1/events). It is a notice only: the
 * client asks the status URL at once, so the result still comes through the one validated path,
 * and the 5 s poll stays as the fallback (SPEC §9). Shared by the server and the browser.
 */

export const AI_REQUEST_FINISHED = 'ai-request-finished';

export interface AiRequestFinished {
  type: typeof AI_REQUEST_FINISHED;
  /** The request's id: the last part of its status URL. */
  requestId: string;
  /** How it ended; the status URL answers the template or the failure's message. */
  status: 'completed' | 'failed';
}

/** The event's data as it arrives (JSON from the stream or a BroadcastChannel), or null. */
export function parseAiRequestFinished(data: unknown): AiRequestFinished | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, requestId, status } = data as Record<string, unknown>;
  if (type !== AI_REQUEST_FINISHED || typeof requestId !== 'string' || requestId === '') {
    return null;
  }
  if (status !== 'completed' && status !== 'failed') return null;
  return { type, requestId, status };
}
