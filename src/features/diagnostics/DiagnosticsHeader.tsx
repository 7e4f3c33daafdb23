/** The page title, what the page is for, its actions and a note under them. */
import type { ReactNode } from 'react';
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function DiagnosticsHeader({ actions, note }: { actions: ReactNode; note?: ReactNode }) {
  return (
    <Stack gap="xs">
      <Breadcrumbs separator="/" separatorMargin={6}>
        <Anchor component={Link} to="/" size="sm" c="dimmed">
          Teamtrail
        </Anchor>
        <Text size="sm" c="dimmed">
          Support
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xl">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={1} size="h2">
            Sync diagnostics
          </Title>
          <Text c="dimmed" maw={680}>
            What this browser holds, what is still on its way to the server, and what went wrong —
            for you or our support team to see why a change has not arrived.
          </Text>
        </Stack>
        {/* The actions keep their size; the explanation wraps instead. */}
        <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }} pt={4}>
          <Group gap="sm" wrap="nowrap">
            {actions}
          </Group>
          {note}
        </Stack>
      </Group>
    </Stack>
  );
}
