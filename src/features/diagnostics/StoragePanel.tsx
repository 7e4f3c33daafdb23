/** What this device keeps: space used, whether the browser may evict it, and the versions. */
import { Badge, Code, Group, Progress, Skeleton, Stack, Text } from '@mantine/core';
import type { StorageDiagnostics } from '../../localdb/diagnostics';
import { FactList } from './FactList';
import { formatBytes } from '../../ui/format';
import { Panel } from './Panel';

function Usage({ storage }: { storage: StorageDiagnostics }) {
  const { usageBytes, quotaBytes } = storage;
  if (usageBytes === null) {
    return (
      <Text size="sm" c="dimmed">
        This browser does not report it
      </Text>
    );
  }
  const share = quotaBytes ? Math.min(100, (usageBytes / quotaBytes) * 100) : 0;
  return (
    <Stack gap={6}>
      <Text size="sm" data-testid="storage-usage">
        {formatBytes(usageBytes)}{' '}
        <Text span c="dimmed" size="sm">
          of {formatBytes(quotaBytes)} available to this site
        </Text>
      </Text>
      {/* A sliver stays visible: a few MB of several GB is still "something stored". */}
      <Progress
        value={Math.max(share, usageBytes > 0 ? 0.5 : 0)}
        size="sm"
        maw={280}
        aria-label="Storage used"
      />
    </Stack>
  );
}

function Persistence({ persistent }: { persistent: boolean | null }) {
  if (persistent === true) {
    return (
      <Stack gap={4}>
        <Badge color="teal" variant="light">
          Persistent
        </Badge>
        <Text size="xs" c="dimmed">
          The browser will not clear this site’s data to free space.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Badge color={persistent === false ? 'orange' : 'gray'} variant="light">
        {persistent === false ? 'Best effort' : 'Unknown'}
      </Badge>
      <Text size="xs" c="dimmed" maw={420}>
        The browser may clear this site’s data when the disk runs low. Work that has reached the
        server is safe; changes still waiting to sync would be lost. Browsers grant persistence to
        sites that are bookmarked, installed or used often.
      </Text>
    </Stack>
  );
}

export function StoragePanel({
  storage,
  isLoading,
  serviceWorker,
}: {
  storage: StorageDiagnostics;
  isLoading: boolean;
  serviceWorker: string | null;
}) {
  return (
    <Panel
      title="Storage and versions"
      description="What this device keeps, and which build it runs."
    >
      <FactList
        facts={[
          {
            label: 'Used',
            value: isLoading ? (
              <Skeleton height={14} width={200} radius="sm" />
            ) : (
              <Usage storage={storage} />
            ),
          },
          {
            label: 'Persistent storage',
            value: isLoading ? (
              <Skeleton height={14} width={120} radius="sm" />
            ) : (
              <Persistence persistent={storage.persistent} />
            ),
          },
          {
            label: 'App version',
            value: (
              <Group gap="xs">
                <Code data-testid="app-version">{__APP_VERSION__}</Code>
                {import.meta.env.DEV && (
                  <Badge size="xs" variant="outline" color="gray">
                    development
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            label: 'Service worker',
            value: serviceWorker ? (
              <Code>{serviceWorker}</Code>
            ) : (
              <Text size="sm" c="dimmed">
                Not installed
              </Text>
            ),
          },
          {
            label: 'Browser',
            value: (
              <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {navigator.userAgent}
              </Text>
            ),
          },
          {
            label: 'Local database',
            value: (
              <Text size="sm">
                IndexedDB{' '}
                <Text span size="sm" c="dimmed">
                  (RxDB on Dexie, shared by every tab and the sync worker)
                </Text>
              </Text>
            ),
          },
        ]}
      />
    </Panel>
  );
}
