/**
 * "Task deleted" with Undo, shown for a few seconds after a task is deleted. The deletion is
 * already a durable local edit; Undo writes the task back where it was.
 */
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useEffect } from 'react';

/** How long Undo is offered. */
export const UNDO_VISIBLE_MS = 6000;

export const UNDO_TEXTS = { deleted: 'Task deleted', undo: 'Undo', dismiss: 'Dismiss' } as const;

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
  useEffect(() => {
    const timer = setTimeout(onDismiss, visibleMs);
    return () => clearTimeout(timer);
  }, [onDismiss, visibleMs, message]);
  return (
    <Paper
      role="status"
      shadow="md"
      radius="md"
      px="md"
      py="xs"
      withBorder
      style={{
        position: 'fixed',
        bottom: 24,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 300,
        background: 'var(--mantine-color-dark-7)',
        color: 'var(--mantine-color-white)',
      }}
    >
      <Group gap="md" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="white" onClick={onUndo}>
          {UNDO_TEXTS.undo}
        </Button>
        <CloseButton
          size="sm"
          variant="transparent"
          c="white"
          aria-label={UNDO_TEXTS.dismiss}
          onClick={onDismiss}
        />
      </Group>
    </Paper>
  );
}
