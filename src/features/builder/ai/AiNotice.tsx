/**
 * Tells an organiser who closed the "Generate with AI" dialog how the generation ended: the
 * tasks were applied (with the server's notice when it made fewer than asked), or it failed
 * (with "Try again?", back to the topics they wrote).
 */
import { useNotice } from '../../../ui/notices';
import { AI_DIALOG_TEXTS } from './texts';

/**
 * Long enough to read; a failure, and a result with the server's notice (advice to act on, too
 * long to read in passing), stay until dismissed.
 */
export const AI_NOTICE_VISIBLE_MS = 8000;

export interface AiNoticeContent {
  kind: 'done' | 'error';
  message: string;
  /** Said after the message: the server's notice on the finished request (docs/ai.md). */
  detail?: string | null;
}

export function AiNotice({
  content,
  onTryAgain,
  onDismiss,
  visibleMs = AI_NOTICE_VISIBLE_MS,
}: {
  content: AiNoticeContent;
  onTryAgain(): void;
  onDismiss(): void;
  visibleMs?: number;
}) {
  const done = content.kind === 'done';
  const message = content.detail ? `${content.message} ${content.detail}` : content.message;
  useNotice({
    message,
    tone: done ? 'neutral' : 'error',
    action: done ? undefined : { label: AI_DIALOG_TEXTS.tryAgain, onClick: onTryAgain },
    dismissLabel: AI_DIALOG_TEXTS.dismiss,
    onDismiss,
    autoDismissMs: done && !content.detail ? visibleMs : null,
    placement: 'bottom-right',
    testId: 'generate-ai-notice',
  });
  return null;
}
