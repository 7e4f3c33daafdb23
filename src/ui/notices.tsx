/**
 * Short messages at the edge of the screen, shown by @mantine/notifications: "Task deleted —
 * Undo", "Tasks generated and applied to activity.", "Not saved". Each page mounts one host
 * (src/ui/notificationsHost.tsx in the organiser app, src/live/main.tsx on the live screens); a
 * component shows its notice with `useNotice` for as long as it is mounted. A neutral notice
 * announces itself politely (role status) and goes after a while; an error is an alert and stays
 * until dismissed.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useId, useRef } from 'react';

export interface NoticeOptions {
  message: string;
  /** Bold, above the message. */
  title?: string;
  tone?: 'neutral' | 'error';
  /** At most one, a button beside the message. */
  action?: { label: string; onClick(): void };
  dismissLabel: string;
  /** Called when the notice closes by itself or is dismissed; not when its component unmounts. */
  onDismiss(): void;
  /** Dismisses itself after this long; null keeps it until dismissed. */
  autoDismissMs: number | null;
  placement: 'bottom-center' | 'bottom-right';
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
            style={{ flexShrink: 0 }}
          >
            {action.label}
          </Button>
        )}
      </Group>
    ),
    color: error ? 'red' : undefined,
    role: error ? 'alert' : 'status',
    withBorder: true,
    autoClose: autoDismissMs ?? false,
    position: placement,
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

  const { message, title, tone, action, dismissLabel, autoDismissMs, placement, testId } = options;
  const actionLabel = action?.label;
  useEffect(() => {
    notifications.update({ id, ...noticeData(latest.current, onAction) });
  }, [
    id,
    onAction,
    message,
    title,
    tone,
    actionLabel,
    dismissLabel,
    autoDismissMs,
    placement,
    testId,
  ]);
}
