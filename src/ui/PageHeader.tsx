/**
 * A signed-in screen's header: the title, a one-line description, and a slot on the right for
 * the screen's actions ("Create new game" on the Library and My Activities). Shared by the Template Library
 * and My Activities.
 */
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  description: ReactNode;
  /** Buttons at the right of the title. */
  headerActions?: ReactNode;
  /** A short line under the description (e.g. how fresh the list is). */
  note?: ReactNode;
}

export function PageHeader({ title, description, headerActions, note }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xl">
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" maw={720}>
          {description}
        </Text>
        {note}
      </Stack>
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }} data-testid="header-actions">
        {headerActions}
      </Group>
    </Group>
  );
}
