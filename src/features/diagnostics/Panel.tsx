/** One titled section of the diagnostics page, with an optional count and actions on the right. */
import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';

export interface PanelProps {
  title: string;
  description?: ReactNode;
  /** Shown as a badge next to the title (rows in a table). */
  count?: number;
  actions?: ReactNode;
  children: ReactNode;
  /** Tables run edge to edge; lists of facts keep the padding. */
  flush?: boolean;
  'data-testid'?: string;
}

export function Panel({
  title,
  description,
  count,
  actions,
  children,
  flush = false,
  'data-testid': testId,
}: PanelProps) {
  const headingId = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      aria-labelledby={headingId}
      data-testid={testId}
      style={{ overflow: 'hidden' }}
    >
      <Group justify="space-between" align="flex-start" px="lg" pt="md" pb={flush ? 'sm' : 0}>
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            {count !== undefined && (
              <Badge
                variant="light"
                color={count > 0 ? 'brand' : 'gray'}
                size="sm"
                circle={count < 10}
              >
                {count}
              </Badge>
            )}
          </Group>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
      {flush ? children : <div style={{ padding: 'var(--mantine-spacing-lg)' }}>{children}</div>}
    </Paper>
  );
}
