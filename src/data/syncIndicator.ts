/**
 * The builder's save indicator, which replaces SPEC's "Saving" / "Last saved {relative time}
 * ago" now that edits are saved on the device first and synced by the worker (issue 3, §4):
 * what it says for one template, given its sync state and the engine's.
 */
import type { LocalTemplate } from './localTemplate';
import type { SyncStatus } from '../../workers/syncWorkerApi';

export type SyncIndicatorTone = 'saved-locally' | 'syncing' | 'synced' | 'offline' | 'error';

export interface SyncIndicator {
  tone: SyncIndicatorTone;
  text: string;
  /** For a tooltip: the reason of a refused push. */
  detail: string | null;
}

export function syncIndicatorFor(
  template: Pick<LocalTemplate, 'id' | 'updatedAt' | 'sync'>,
  status: SyncStatus | null,
  browserOnline: boolean,
  relative: (at: Date) => string,
): SyncIndicator {
  const { sync } = template;
  if (sync.state === 'error') {
    return {
      tone: 'error',
      text: 'Not synced – the server refused a change',
      detail: sync.lastError?.message ?? null,
    };
  }
  if (sync.allChangesOnServer) {
    return {
      tone: 'synced',
      text: `All changes synced ${relative(new Date(template.updatedAt))}`,
      detail: null,
    };
  }
  const offline = !browserOnline || status?.online === false;
  if (offline)
    return { tone: 'offline', text: 'Offline – changes are saved on this device', detail: null };
  if (status?.pushing.includes(template.id))
    return { tone: 'syncing', text: 'Syncing…', detail: null };
  return { tone: 'saved-locally', text: 'Saved on this device', detail: null };
}
