/**
 * A value read by an async call that nothing notifies about (the worker's conflict log, the
 * browser's storage estimate): read on mount, every `intervalMs`, and on `refresh()`.
 */
import { useCallback, useEffect, useState } from 'react';
import type { QueryState } from '../../localdb/hooks';

export type PolledQuery<T> = QueryState<T> & { refresh: () => Promise<void> };

export function usePolledQuery<T>(
  read: () => Promise<T>,
  intervalMs: number,
  initial: T,
): PolledQuery<T> {
  const [state, setState] = useState<QueryState<T>>({
    data: initial,
    isLoading: true,
    error: null,
  });

  const refresh = useCallback(
    () =>
      read().then(
        (data) => setState({ data, isLoading: false, error: null }),
        (e: unknown) =>
          setState((previous) => ({
            ...previous,
            isLoading: false,
            error: e instanceof Error ? e : new Error(String(e)),
          })),
      ),
    [read],
  );

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), intervalMs);
    return () => clearInterval(timer);
  }, [refresh, intervalMs]);

  return { ...state, refresh };
}
