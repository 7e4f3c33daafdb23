/**
 * The "Update available — Reload" notice itself (src/ui/notices.tsx), shown by
 * src/pwa/UpdatePrompt.tsx while an update waits. A file of its own because the prompt's
 * watcher is on the first screen and this is not: it brings @mantine/notifications, which "/"
 * loads only just after its first paint (src/ui/notificationsHost.tsx, the 250 KB budget).
 */
import { useNotice } from '../ui/notices';

export const UPDATE_PROMPT_TEXTS = {
  title: 'Update available',
  body: 'A new version of Teamtrail is ready. Reload to start using it.',
  reload: 'Reload',
  dismiss: 'Remind me later',
} as const;

export interface UpdateNoticeProps {
  reloading: boolean;
  onReload: () => void;
  onDismiss: () => void;
}

/** Shows the prompt while mounted. */
export default function UpdateNotice({ reloading, onReload, onDismiss }: UpdateNoticeProps) {
  useNotice({
    title: UPDATE_PROMPT_TEXTS.title,
    message: UPDATE_PROMPT_TEXTS.body,
    action: { label: UPDATE_PROMPT_TEXTS.reload, onClick: onReload, loading: reloading },
    dismissLabel: UPDATE_PROMPT_TEXTS.dismiss,
    onDismiss,
    autoDismissMs: null,
    placement: 'bottom-right',
    // It can wait: a screen's own notice there ("Tasks generated…") is about what was just done.
    givesWay: true,
    testId: 'update-prompt',
  });
  return null;
}
