/**
 * A short message at the bottom of the screen with at most one action and a dismiss button: "Task
 * deleted — Undo", "Tasks generated and applied to activity." A neutral one announces itself
 * politely and goes after a while; an error is an alert and stays until it is dealt with.
 */
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useEffect, type CSSProperties } from 'react';

export interface ToastProps {
  message: string;
  tone?: 'neutral' | 'error';
  action?: { label: string; onClick(): void };
  dismissLabel: string;
  onDismiss(): void;
  /** Dismisses itself after this long; null keeps it until dismissed. */
  autoDismissMs: number | null;
  placement: 'bottom-centre' | 'bottom-right';
  testId?: string;
}

const PLACEMENT: Record<ToastProps['placement'], CSSProperties> = {
  'bottom-centre': { bottom: 24, left: '50%', transform: 'translateX(-50%)' },
  'bottom-right': { bottom: 24, right: 24, maxWidth: 440 },
};

export function Toast({
  message,
  tone = 'neutral',
  action,
  dismissLabel,
  onDismiss,
  autoDismissMs,
  placement,
  testId,
}: ToastProps) {
  useEffect(() => {
    if (autoDismissMs === null) return;
    const timer = setTimeout(onDismiss, autoDismissMs);
    return () => clearTimeout(timer);
  }, [onDismiss, autoDismissMs, message]);
  const error = tone === 'error';
  return (
    <Paper
      role={error ? 'alert' : 'status'}
      shadow="md"
      radius="md"
      px="md"
      py="xs"
      withBorder
      data-testid={testId}
      style={{
        position: 'fixed',
        zIndex: 300,
        ...PLACEMENT[placement],
        background: error ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-dark-7)',
        color: 'var(--mantine-color-white)',
      }}
    >
      <Group gap="md" wrap="nowrap">
        <Text size="sm">{message}</Text>
        {action && (
          <Button
            size="compact-sm"
            variant="white"
            color={error ? 'red' : undefined}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        )}
        <CloseButton
          size="sm"
          variant="transparent"
          c="white"
          aria-label={dismissLabel}
          onClick={onDismiss}
        />
      </Group>
    </Paper>
  );
}
