/**
 * The top of an expanded card whose task the AI assistant wrote: where the task came from, and
 * "Another task like this" (docs/ai.md), which asks the server for a new task from the same
 * origin. The screen puts the new task in this one's place; a refusal is shown here, under the
 * button, until the next try.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useState } from 'react';
import type { TaskOrigin } from '../../../domain/schemas';
import { RefreshIcon } from './taskIcons';

export const TASK_ORIGIN_TEXTS = {
  another: 'Another task like this',
  needsInternet: 'Needs the internet',
  locked: 'A locked task cannot be replaced',
} as const;

/** Where a task came from, in the organiser's words. */
export function originLine(origin: TaskOrigin): string {
  switch (origin.kind) {
    case 'organiserText':
      return origin.sentence ? `From your text: “${origin.sentence}”` : 'From your text';
    case 'questionBank': {
      const from = origin.topic
        ? `From the question bank: ${origin.topic}`
        : 'From the question bank';
      return origin.general ? `${from} (general knowledge)` : from;
    }
    case 'model':
      return 'Written by the AI model from your topics';
  }
}

export interface TaskOriginRowProps {
  stepId: string;
  origin: TaskOrigin;
  locked: boolean;
  /** Replaces the task by another like it; answers the server's message when it could not. */
  onAnother(): Promise<string | null>;
}

export function TaskOriginRow({ stepId, origin, locked, onAnother }: TaskOriginRowProps) {
  const { online } = useNetwork();
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setRunning(true);
    setError(null);
    // On success this card goes: the new task has a card of its own.
    const message = await onAnother();
    setError(message);
    setRunning(false);
  };
  return (
    <Stack gap={4} align="flex-start" mb="md" data-testid="task-origin">
      <Text size="sm" c="dimmed">
        {originLine(origin)}
      </Text>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<RefreshIcon />}
        loading={running}
        disabled={locked || !online}
        title={
          locked ? TASK_ORIGIN_TEXTS.locked : online ? undefined : TASK_ORIGIN_TEXTS.needsInternet
        }
        data-focus-key={`${stepId}:another`}
        onClick={() => void run()}
      >
        {TASK_ORIGIN_TEXTS.another}
      </Button>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
