/** A document's sync state as a coloured badge, with what it means in a tooltip. */
import { Badge, Tooltip } from '@mantine/core';
import type { DocumentSyncState } from '../../localdb/localTemplate';

/** The stored state, plus 'syncing' while the engine is pushing the document right now. */
export type DisplaySyncState = DocumentSyncState | 'syncing';

const STATES: Record<DisplaySyncState, { label: string; color: string; help: string }> = {
  'local-only': {
    label: 'Local only',
    color: 'gray',
    help: 'Exists only on this device; it is created on the server at the next push.',
  },
  pending: {
    label: 'Pending',
    color: 'yellow',
    help: 'Has changes that have not reached the server yet.',
  },
  syncing: { label: 'Syncing', color: 'blue', help: 'Being sent to the server right now.' },
  synced: { label: 'Synced', color: 'teal', help: 'The server has every change made here.' },
  error: {
    label: 'Error',
    color: 'red',
    help: 'The server refused the last push. It is retried after a new edit or “Sync now”.',
  },
};

export function SyncStateBadge({ state }: { state: DisplaySyncState }) {
  const { label, color, help } = STATES[state];
  return (
    <Tooltip label={help} withArrow multiline w={260} openDelay={200}>
      <Badge color={color} variant="light" size="sm" data-state={state}>
        {label}
      </Badge>
    </Tooltip>
  );
}

export function displaySyncState(
  state: DocumentSyncState,
  id: string,
  pushing: readonly string[] | undefined,
): DisplaySyncState {
  return pushing?.includes(id) ? 'syncing' : state;
}
