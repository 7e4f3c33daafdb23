/**
 * How fresh a pulled list is (the Template Library, My Activities): both are read from this
 * device and refreshed by the sync worker, so the screen says when what it shows may be out of
 * date — offline, or not yet checked since the app started.
 */
import { Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useDataContext } from '../localdb/hooks/DataProvider';
import { useSyncStatus } from '../localdb/hooks';
import type { SyncClient } from '../localdb/syncClient';
import type { SyncStatus } from '../../workers/syncWorkerApi';
import { formatRelative } from './format';
import { useNow } from './useNow';

/** Relative times ("2 minutes ago") are refreshed this often. */
const CLOCK_TICK_MS = 15_000;

export type FreshnessTone = 'offline' | 'updating' | 'fresh' | 'local';

export interface Freshness {
  tone: FreshnessTone;
  text: string;
}

/** Whether the device can reach the server: the browser's flag, or the engine's last request. */
export const isDeviceOffline = (browserOnline: boolean, status: SyncStatus | null): boolean =>
  !browserOnline || status?.online === false;

export function listFreshness(
  what: string,
  status: SyncStatus | null,
  mode: SyncClient['mode'],
  browserOnline: boolean,
  relative: (at: Date) => string,
): Freshness {
  const lastPull = status?.lastPullAt ? relative(new Date(status.lastPullAt)) : null;
  if (isDeviceOffline(browserOnline, status)) {
    return {
      tone: 'offline',
      text: `Offline – showing the ${what} saved on this device${
        lastPull ? ` (updated ${lastPull})` : ''
      }. It may be out of date.`,
    };
  }
  if (status?.pulling) return { tone: 'updating', text: 'Checking for updates…' };
  if (lastPull) return { tone: 'fresh', text: `Up to date · updated ${lastPull}` };
  if (mode === 'unavailable') {
    return { tone: 'local', text: `Showing the ${what} saved on this device.` };
  }
  return { tone: 'updating', text: 'Checking for updates…' };
}

const TONE_COLOUR: Record<FreshnessTone, string> = {
  offline: 'orange',
  updating: 'brand',
  fresh: 'teal',
  local: 'gray',
};

export function ListFreshness({ what }: { what: string }) {
  const { sync } = useDataContext();
  const { data: status } = useSyncStatus();
  const { online } = useNetwork();
  const now = useNow(CLOCK_TICK_MS);
  const freshness = listFreshness(what, status, sync.mode, online, (at) => formatRelative(at, now));
  const colour = TONE_COLOUR[freshness.tone];
  return (
    <Group gap={8} wrap="nowrap" data-testid="list-freshness" data-tone={freshness.tone}>
      {freshness.tone === 'updating' ? (
        <Loader size={10} color={colour} aria-hidden />
      ) : (
        <ThemeIcon size={8} radius="xl" color={colour} aria-hidden />
      )}
      <Text size="sm" c={freshness.tone === 'offline' ? 'orange.8' : 'dimmed'} role="status">
        {freshness.text}
      </Text>
    </Group>
  );
}
