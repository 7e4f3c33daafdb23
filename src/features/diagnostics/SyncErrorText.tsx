/** A push the server refused or could not answer: why, and when the engine tries again. */
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { LocalSyncError } from '../../localdb/schemas/templates';
import { RelativeTime } from './RelativeTime';

export function HttpStatusBadge({ status }: { status: number }) {
  return (
    <Badge
      size="xs"
      variant="outline"
      color={status === 0 ? 'orange' : 'red'}
      style={{ flexShrink: 0 }}
    >
      {status === 0 ? 'Network' : `HTTP ${status}`}
    </Badge>
  );
}

export function SyncErrorText({ error }: { error: LocalSyncError | null }) {
  if (!error) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={2} miw={0}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <HttpStatusBadge status={error.status} />
        <Text size="sm" c="red.8" lineClamp={2} title={error.message}>
          {error.message}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {error.nextAttemptAt ? (
          <>
            Retry <RelativeTime value={error.nextAttemptAt} size="xs" future />
          </>
        ) : (
          'Waits for a new edit or “Sync now”'
        )}
      </Text>
    </Stack>
  );
}
