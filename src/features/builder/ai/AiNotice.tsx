/**
 * Tells an organiser who closed the "Generate with AI" dialog how the generation ended: the
 * tasks were applied, or it failed (with "Try again?", back to the topics they wrote).
 */
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useEffect } from 'react';
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
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onDismiss, visibleMs);
    return () => clearTimeout(timer);
  }, [done, onDismiss, visibleMs, content]);
  return (
    <Paper
      role={done ? 'status' : 'alert'}
      shadow="md"
      radius="md"
      px="md"
      py="xs"
      withBorder
      data-testid="generate-ai-notice"
      style={{
        position: 'fixed',
        right: 24,
        bottom: 24,
        maxWidth: 440,
        zIndex: 300,
        background: done ? 'var(--mantine-color-dark-7)' : 'var(--mantine-color-red-8)',
        color: 'var(--mantine-color-white)',
      }}
    >
      <Group gap="md" wrap="nowrap">
        <Text size="sm">{content.message}</Text>
        {!done && (
          <Button size="compact-sm" variant="white" color="red" onClick={onTryAgain}>
            {AI_DIALOG_TEXTS.tryAgain}
          </Button>
        )}
        <CloseButton
          size="sm"
          variant="transparent"
          c="white"
          aria-label={AI_DIALOG_TEXTS.dismiss}
          onClick={onDismiss}
        />
      </Group>
    </Paper>
  );
}
