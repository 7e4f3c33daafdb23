/** "Sync now": runs one full cycle in the worker and tells when it is done or why it failed. */
import { useCallback, useState } from 'react';
import { useDataContext } from '../../localdb/hooks/DataProvider';

export interface SyncNowState {
  running: boolean;
  finishedAt: string | null;
  error: Error | null;
}

export function useSyncNow(onFinished?: () => void | Promise<void>) {
  const { sync } = useDataContext();
  const [state, setState] = useState<SyncNowState>({
    running: false,
    finishedAt: null,
    error: null,
  });

  const run = useCallback(async () => {
    setState((previous) => ({ ...previous, running: true, error: null }));
    try {
      await sync.syncNow();
      setState({ running: false, finishedAt: new Date().toISOString(), error: null });
    } catch (e: unknown) {
      setState((previous) => ({
        ...previous,
        running: false,
        error: e instanceof Error ? e : new Error(String(e)),
      }));
    }
    await onFinished?.();
  }, [sync, onFinished]);

  const dismissError = useCallback(
    () => setState((previous) => ({ ...previous, error: null })),
    [],
  );

  return { ...state, run, dismissError };
}
