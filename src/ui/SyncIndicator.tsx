/**
 * The builder's save indicator (SPEC §2.8 "Autosave indicator", redefined for offline-first sync):
 * where this template's edits are — on this device, on their way, or on the server — and the files
 * picked for it that have not been uploaded yet (how many, and their size).
 */
import { Group, Loader, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useSyncAsOfLocalEdits, useSyncStatus, useUploads } from '../localdb/hooks';
import type { LocalTemplate } from '../localdb/localTemplate';
import { syncIndicatorFor, type SyncIndicatorTone } from '../localdb/syncIndicator';
import { formatRelative } from './format';
import { useNow } from './useNow';

/** Relative times ("2 minutes ago") are refreshed this often. */
const CLOCK_TICK_MS = 15_000;

const TONE_COLOUR: Record<SyncIndicatorTone, string> = {
  'saved-locally': 'gray',
  syncing: 'brand',
  synced: 'teal',
  offline: 'orange',
  error: 'red',
};

export function SyncIndicator({
  template,
}: {
  template: Pick<LocalTemplate, 'id' | 'updatedAt' | 'sync'>;
}) {
  const { data: status } = useSyncStatus();
  const { data: uploads } = useUploads(template.id);
  const { online } = useNetwork();
  const now = useNow(CLOCK_TICK_MS);

  // The builder's template follows this tab's writes with a delay: from a keystroke until the
  // builder has caught up, what it says of the server is from before the keystroke.
  const current = useSyncAsOfLocalEdits(template);

  const indicator = syncIndicatorFor(
    current,
    status,
    online,
    // `updatedAt` is the server's time: measured against the server's clock, as this device
    // knows it (sync/clockOffset.ts), so a device whose clock is off does not say "10 minutes ago".
    (at) => formatRelative(at, now + (status?.clockOffsetMs ?? 0)),
    uploads,
  );
  const colour = TONE_COLOUR[indicator.tone];
  const content = (
    <Group
      gap={6}
      wrap="nowrap"
      data-testid="sync-indicator"
      data-tone={indicator.tone}
      data-uploads-waiting={indicator.uploads?.files ?? 0}
      aria-live="polite"
    >
      {indicator.tone === 'syncing' ? (
        <Loader size={10} color={colour} />
      ) : (
        <ThemeIcon size={8} radius="xl" color={colour} aria-hidden />
      )}
      <Text size="xs" c={indicator.tone === 'error' ? 'red' : 'dimmed'}>
        {indicator.text}
      </Text>
    </Group>
  );
  return indicator.detail ? <Tooltip label={indicator.detail}>{content}</Tooltip> : content;
}
