/**
 * Is this device talking to the server, and how is the engine doing: where it runs, the live
 * event stream, whose data it syncs, when it last pushed and pulled, and what waits.
 */
import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { SyncClient } from '../../localdb/syncClient';
import type { SyncStatus } from '../../../workers/syncWorkerApi';
import { FactList, type Fact } from './FactList';
import { OwnerName } from './OwnerName';
import { Panel } from './Panel';
import { RelativeTime } from './RelativeTime';

const MODES: Record<SyncClient['mode'], string> = {
  'shared-worker': 'Shared worker — one engine for every tab',
  'dedicated-worker': 'Dedicated worker — this tab runs the engine',
  follower: 'Follower — another tab runs the engine',
  unavailable: 'Unavailable — this browser cannot run the sync worker',
};

const STREAM: Record<SyncStatus['eventStream'], { label: string; color: string }> = {
  connected: { label: 'Connected', color: 'teal' },
  connecting: { label: 'Connecting…', color: 'yellow' },
  outdated: { label: 'Stopped — the server was updated; reload this page', color: 'orange' },
  closed: { label: 'Closed', color: 'gray' },
};

export interface CachedCounts {
  library: number;
  themes: number;
  activities: number;
}

function ConnectionBadge({
  status,
  browserOnline,
}: {
  status: SyncStatus;
  browserOnline: boolean;
}) {
  if (!browserOnline) {
    return (
      <Group gap="xs">
        <Badge color="red" variant="light" data-testid="connection-state">
          Offline
        </Badge>
        <Text size="sm" c="dimmed">
          The browser has no network; changes are kept on this device.
        </Text>
      </Group>
    );
  }
  if (!status.online) {
    return (
      <Group gap="xs">
        <Badge color="orange" variant="light" data-testid="connection-state">
          Server unreachable
        </Badge>
        <Text size="sm" c="dimmed">
          The network is up but the last request did not reach the server.
        </Text>
      </Group>
    );
  }
  return (
    <Badge color="teal" variant="light" data-testid="connection-state">
      Online
    </Badge>
  );
}

function activity(status: SyncStatus): string {
  if (!status.running) return 'Stopped';
  const parts: string[] = [];
  if (status.pushing.length > 0) parts.push(`Pushing ${status.pushing.length}`);
  if (status.pulling) parts.push('Pulling');
  return parts.length > 0 ? parts.join(' · ') : 'Idle';
}

export function ConnectionPanel({
  status,
  mode,
  cached,
}: {
  status: SyncStatus | null;
  mode: SyncClient['mode'];
  cached: CachedCounts;
}) {
  const { online: browserOnline } = useNetwork();

  const facts: Fact[] = status
    ? [
        {
          label: 'Connection',
          value: <ConnectionBadge status={status} browserOnline={browserOnline} />,
        },
        {
          label: 'Sync engine',
          value: (
            <Stack gap={2}>
              <Text size="sm" data-testid="worker-mode">
                {MODES[mode]}
              </Text>
              <Text size="xs" c="dimmed">
                {activity(status)}
              </Text>
            </Stack>
          ),
        },
        {
          label: 'Live updates',
          value: (
            <Badge variant="dot" color={STREAM[status.eventStream].color}>
              {STREAM[status.eventStream].label}
            </Badge>
          ),
        },
        { label: 'Syncing for', value: <OwnerName owner={status.owner} /> },
        { label: 'Last push', value: <RelativeTime value={status.lastPushAt} /> },
        { label: 'Last pull', value: <RelativeTime value={status.lastPullAt} /> },
        {
          label: 'Next retry',
          value: <RelativeTime value={status.nextRetryAt} fallback="Nothing waiting" future />,
        },
        {
          label: 'Waiting to push',
          value: (
            <Text size="sm" fw={status.pendingCount > 0 ? 600 : undefined}>
              {status.pendingCount === 1 ? '1 template' : `${status.pendingCount} templates`}
            </Text>
          ),
        },
        {
          label: 'Refused pushes',
          value: (
            <Text
              size="sm"
              c={status.errorCount > 0 ? 'red' : undefined}
              fw={status.errorCount > 0 ? 600 : undefined}
            >
              {status.errorCount === 1 ? '1 template' : `${status.errorCount} templates`}
            </Text>
          ),
        },
        {
          label: 'Kept for offline',
          value: (
            <Text size="sm" data-testid="cached-counts">
              {cached.library} library templates · {cached.themes} themes · {cached.activities}{' '}
              activities
            </Text>
          ),
        },
      ]
    : [];

  return (
    <Panel
      title="Connection"
      description="The sync engine and its link to the server."
      data-testid="connection-panel"
    >
      {status ? (
        <FactList facts={facts} />
      ) : mode === 'unavailable' || mode === 'follower' ? (
        <Text size="sm" c="dimmed" data-testid="worker-mode">
          {MODES[mode]}. Changes are still saved on this device.
        </Text>
      ) : (
        <Stack gap="md" aria-busy="true" aria-label="Waiting for the sync engine">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={14} width={`${60 + ((i * 13) % 35)}%`} radius="sm" />
          ))}
        </Stack>
      )}
    </Panel>
  );
}
