/**
 * "Activity Schedule" (SPEC §2.9 join info, schedule success): when the instance starts and ends,
 * as DD/MM/YYYY HH:mm in the organiser's time zone.
 */
import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatDisplayDateTime } from '../../domain/constants';
import { DIALOG_TEXTS } from './texts';

export interface ActivitySchedulePanelProps {
  startsAt: string | null;
  endsAt: string | null;
}

const texts = DIALOG_TEXTS.schedulePanel;

const display = (iso: string | null): string =>
  (iso ? formatDisplayDateTime(new Date(iso)) : '') || '—';

export function ActivitySchedulePanel({ startsAt, endsAt }: ActivitySchedulePanelProps) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="activity-schedule">
      <Stack gap="xs">
        <Text size="sm" c="dimmed" fw={600} tt="uppercase">
          {texts.title}
        </Text>
        <Stack gap={4}>
          <Group gap={8} wrap="nowrap">
            <Text size="sm" c="dimmed" w={52}>
              {texts.starts}
            </Text>
            <Text fw={600} ff="monospace" data-testid="activity-starts">
              {display(startsAt)}
            </Text>
          </Group>
          <Group gap={8} wrap="nowrap">
            <Text size="sm" c="dimmed" w={52}>
              {texts.ends}
            </Text>
            <Text fw={600} ff="monospace" data-testid="activity-ends">
              {display(endsAt)}
            </Text>
          </Group>
        </Stack>
      </Stack>
    </Paper>
  );
}
