/**
 * "Task deleted" or "Task replaced" with Undo, shown for a few seconds after the edit. The edit
 * is already a durable local edit; Undo writes the old task back where it was. Shown in the
 * page's notifications (src/ui/notices.tsx) while this component is mounted.
 */
import { useNotice } from '../../../ui/notices';

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
  useNotice({
    message,
    action: { label: UNDO_TEXTS.undo, onClick: onUndo },
    dismissLabel: UNDO_TEXTS.dismiss,
    onDismiss,
    autoDismissMs: visibleMs,
    placement: 'bottom-center',
  });
  return null;
}
