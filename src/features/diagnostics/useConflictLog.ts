/**
 * The engine's conflict log. It lives in the worker's database meta, not in a collection the
 * tab can watch, so it is polled, and refreshed after "Sync now".
 */
import { useCallback } from 'react';
import { useDataContext } from '../../localdb/hooks/DataProvider';
import type { ConflictEntry } from '../../../workers/syncWorkerApi';
import { usePolledQuery, type PolledQuery } from './usePolledQuery';

/** Often enough that a conflict from another tab shows while support watches; cheap to read. */
export const CONFLICT_LOG_REFRESH_MS = 5_000;

const NONE: ConflictEntry[] = [];

export function useConflictLog(): PolledQuery<ConflictEntry[]> {
  const { sync } = useDataContext();
  const read = useCallback(() => sync.conflictLog(), [sync]);
  return usePolledQuery(read, CONFLICT_LOG_REFRESH_MS, NONE);
}
