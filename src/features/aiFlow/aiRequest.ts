/**
 * What the wizard (SPEC §2.4) and the "Create new game" dialog (SPEC §2.5) send to the AI
 * assistant, and the words they show when it fails (SPEC §8).
 */
import { deliveryTypeFromWizard, durationFromWizard, gameTypeFromWizard } from '../../domain/enums';
import { aiRequestErrorMessage, MESSAGES } from '../../domain/messages';
import type { AiContentRequestBody, AiWizardState } from '../../domain/schemas';
import { OFFLINE_MESSAGE } from '../../api/client';
import { isUnreachable, type ApiError } from '../../protocol/result';

export type NewActivityAnswers = Pick<
  AiWizardState,
  'name' | 'topics' | 'gameType' | 'deliveryType' | 'duration' | 'stepsCount'
>;

/** SPEC §7 "AI request for a new activity", in the wire spelling (docs/ai.md). */
export function newActivityRequest(
  answers: NewActivityAnswers,
  requestorId: string,
): AiContentRequestBody {
  return {
    requestorId,
    topics: answers.topics.trim(),
    name: answers.name.trim(),
    gameType: gameTypeFromWizard(answers.gameType),
    deliveryType: deliveryTypeFromWizard(answers.deliveryType),
    duration: durationFromWizard(answers.duration),
    stepsCount: answers.stepsCount,
  };
}

/** The request for content failed: 422 or any other refusal (SPEC §8), or no connection. */
export function requestFailureText(error: ApiError): string {
  return isUnreachable(error) ? OFFLINE_MESSAGE : aiRequestErrorMessage(error.status);
}

/** Polling for the result failed (SPEC §8); offline is not a failure, polling goes on. */
export const POLL_FAILURE_TEXT = MESSAGES.ai.pollFailed;

/**
 * The server's word on a finished request that made fewer tasks than asked, or general knowledge
 * ones (docs/ai.md `notice`), shown as it comes. Null when there is none: an older server sends
 * no field at all, and the status answer is not validated on its way in.
 */
export function finishedNotice(status: { notice?: unknown } | null | undefined): string | null {
  const notice = status?.notice;
  return typeof notice === 'string' && notice.trim() !== '' ? notice : null;
}

/** Shown under the waiting text while a poll finds no connection; polling carries on. */
export const POLL_OFFLINE_TEXT = `${OFFLINE_MESSAGE} We will keep checking for your activity.`;
