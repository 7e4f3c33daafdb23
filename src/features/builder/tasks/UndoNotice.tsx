/**
 * "Task deleted" or "Task replaced" with Undo, shown for a few seconds after the edit. The edit
 * is already a durable local edit; Undo writes the old task back where it was.
 */
import { Toast } from '../../../ui/Toast';

/** How long Undo is offered. */
export const UNDO_VISIBLE_MS = 6000;

export const UNDO_TEXTS = {
  deleted: 'Task deleted',
  replaced: 'Task replaced',
  undo: 'Undo',
  dismiss: 'Dismiss',
} as const;

export function UndoNotice({
  message,
  onUndo,
  onDismiss,
  visibleMs = UNDO_VISIBLE_MS,
}: {
  message: string;
  onUndo(): void;
  onDismiss(): void;
  visibleMs?: number;
}) {
  return (
    <Toast
      message={message}
      action={{ label: UNDO_TEXTS.undo, onClick: onUndo }}
      dismissLabel={UNDO_TEXTS.dismiss}
      onDismiss={onDismiss}
      autoDismissMs={visibleMs}
      placement="bottom-centre"
    />
  );
}
