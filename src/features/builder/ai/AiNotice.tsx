/**
 * Tells an organiser who closed the "Generate with AI" dialog how the generation ended: the
 * tasks were applied, or it failed (with "Try again?", back to the topics they wrote).
 */
import { Toast } from '../../../ui/Toast';
import { AI_DIALOG_TEXTS } from './texts';

/** Long enough to read; a failure stays until dismissed or tried again. */
export const AI_NOTICE_VISIBLE_MS = 8000;

export interface AiNoticeContent {
  kind: 'done' | 'error';
  message: string;
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
  return (
    <Toast
      message={content.message}
      tone={done ? 'neutral' : 'error'}
      action={done ? undefined : { label: AI_DIALOG_TEXTS.tryAgain, onClick: onTryAgain }}
      dismissLabel={AI_DIALOG_TEXTS.dismiss}
      onDismiss={onDismiss}
      autoDismissMs={done ? visibleMs : null}
      placement="bottom-right"
      testId="generate-ai-notice"
    />
  );
}
