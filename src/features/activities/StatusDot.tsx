/**
 * SPEC §4 "Activity status and status-dot colour": a dot in the warning, success or error colour
 * (an outline ring for complete), with the status written next to it — the colour alone would
 * say nothing to a screen reader or to someone who cannot tell the colours apart.
 */
import { Box, Group, Text } from '@mantine/core';
import type { ActivityStatus } from '../../domain/schemas';
import { statusDot, type StatusDot as Dot } from '../../domain/status';

export const STATUS_LABELS: Record<ActivityStatus, string> = {
  unpublished: 'Unpublished',
  editing: 'Editing',
  ready: 'Ready',
  scheduled: 'Scheduled',
  published: 'Published',
  complete: 'Complete',
  live: 'Live',
};

const DOT_COLOURS: Record<Dot['colour'], string> = {
  warning: 'var(--mantine-color-yellow-6)',
  success: 'var(--mantine-color-teal-6)',
  error: 'var(--mantine-color-red-6)',
};

const DOT_SIZE = 10;

export function StatusDot({ status }: { status: ActivityStatus }) {
  const dot = statusDot(status);
  const colour = DOT_COLOURS[dot.colour];
  return (
    <Group gap={8} wrap="nowrap" data-testid="status">
      <Box
        aria-hidden="true"
        data-testid="status-dot"
        data-colour={dot.colour}
        data-variant={dot.variant}
        w={DOT_SIZE}
        h={DOT_SIZE}
        style={{
          flexShrink: 0,
          borderRadius: '50%',
          border: `2px solid ${colour}`,
          background: dot.variant === 'filled' ? colour : 'transparent',
        }}
      />
      <Text size="sm">{STATUS_LABELS[status]}</Text>
    </Group>
  );
}
