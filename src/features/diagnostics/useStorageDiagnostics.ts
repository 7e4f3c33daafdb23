/** How much this origin stores, its quota, and whether the browser promised to keep it. */
import { readStorageDiagnostics, type StorageDiagnostics } from '../../localdb/diagnostics';
import { usePolledQuery, type PolledQuery } from './usePolledQuery';

/** Usage moves with every pull and upload; a slow refresh keeps the figure honest. */
const STORAGE_REFRESH_MS = 30_000;

const UNKNOWN: StorageDiagnostics = { usageBytes: null, quotaBytes: null, persistent: null };

export function useStorageDiagnostics(): PolledQuery<StorageDiagnostics> {
  return usePolledQuery(readStorageDiagnostics, STORAGE_REFRESH_MS, UNKNOWN);
}
