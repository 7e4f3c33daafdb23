/**
 * Short messages at the edge of the screen, shown by @mantine/notifications: "Task deleted —
 * Undo", "Tasks generated and applied to activity.", "Not saved", "Update available — Reload".
 * Each page mounts one host (src/ui/notificationsHost.tsx in the organiser app, src/live/main.tsx
 * on the live screens); a component shows its notice with `useNotice` for as long as it is
 * mounted. A neutral notice announces itself politely (role status); an error is an alert. Each
 * says whether it goes after a while or stays until dismissed.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useId, useRef } from 'react';

export interface NoticeOptions {
  message: string;
  /** Bold, above the message. */
  title?: string;
  tone?: 'neutral' | 'error';
  /**
   * At most one, a button beside the message. While it is `loading` the button shows that it is
   * working and the notice cannot be dismissed: what the organiser started is under way.
   */
  action?: { label: string; onClick(): void; loading?: boolean };
  dismissLabel: string;
  /** Called when the notice closes by itself or is dismissed; not when its component unmounts. */
  onDismiss(): void;
  /** Dismisses itself after this long; null keeps it until dismissed. */
  autoDismissMs: number | null;
  placement: 'bottom-center' | 'bottom-right';
  /**
   * Gives its place to any other notice there, and shows again once that one has gone: for a
   * notice that stays until dismissed, so that it never holds back one about what the organiser
   * has just done (the host shows one notice at a time in each place).
   */
  givesWay?: boolean;
  testId?: string;
}

/** The notice's data for the store, less its id and onClose. */
function noticeData(
  {
    message,
    title,
    tone = 'neutral',
    action,
    dismissLabel,
    autoDismissMs,
    placement,
    givesWay = false,
    testId,
  }: NoticeOptions,
  onAction: () => void,
) {
  const error = tone === 'error';
  return {
    title,
    message: (
      <Group gap="md" wrap="nowrap" justify="space-between">
        <Text size="sm">{message}</Text>
        {action && (
          <Button
            size="compact-sm"
            variant="light"
            color={error ? 'red' : undefined}
            onClick={onAction}
            loading={action.loading}
            style={{ flexShrink: 0 }}
          >
            {action.label}
          </Button>
        )}
      </Group>
    ),
    color: error ? 'red' : undefined,
    role: error ? 'alert' : 'status',
    // A notice has no name of its own: its title, when it has one, names it.
    'aria-label': title,
    withBorder: true,
    autoClose: autoDismissMs ?? false,
    allowClose: !action?.loading,
    position: placement,
    priority: givesWay ? -1 : 0,
    closeButtonProps: { 'aria-label': dismissLabel },
    // Under a title Mantine dims the message to gray.6, below WCAG AA on white.
    styles: { description: { color: 'var(--mantine-color-text)' } },
    'data-testid': testId,
  } as const;
}

/** Shows the notice while the calling component is mounted, and keeps it up to date. */
export function useNotice(options: NoticeOptions) {
  const id = useId();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const onAction = useCallback(() => latest.current.action?.onClick(), []);

  useEffect(() => {
    let mounted = true;
    notifications.show({
      id,
      ...noticeData(latest.current, onAction),
      // Closed by its timer or by the organiser; a hide on unmount is not theirs to hear of.
      onClose: () => {
        if (mounted) latest.current.onDismiss();
      },
    });
    return () => {
      mounted = false;
      notifications.hide(id);
    };
  }, [id, onAction]);

  const { message, title, tone, action, dismissLabel, autoDismissMs, placement, givesWay, testId } =
    options;
  const actionLabel = action?.label;
  const actionLoading = action?.loading;
  useEffect(() => {
    notifications.update({ id, ...noticeData(latest.current, onAction) });
  }, [
    id,
    onAction,
    message,
    title,
    tone,
    actionLabel,
    actionLoading,
    dismissLabel,
    autoDismissMs,
    placement,
    givesWay,
    testId,
  ]);
}
