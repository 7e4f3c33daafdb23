/**
 * A value read by an async call that nothing notifies about (the worker's conflict log, the
 * browser's storage estimate): read on mount, every `intervalMs`, and on `refresh()`, through the
 * shared poll layer. The reads are local, so they go on while the browser is offline.
 */
import { useMemo } from 'react';
import type { ApiResult } from '../../protocol/result';
import { usePolledRequest } from '../../api/usePolledRequest';
import type { QueryState } from '../../localdb/hooks';

export type PolledQuery<T> = QueryState<T> & { refresh: () => Promise<void> };

/** A read that throws is a failed answer, with its message. */
const settled = <T>(read: () => Promise<T>): Promise<ApiResult<T>> =>
  read().then(
    (data) => ({ ok: true, data }),
    (e: unknown) => ({
      ok: false,
      error: { status: null, message: e instanceof Error ? e.message : String(e) },
    }),
  );

export function usePolledQuery<T>(
  read: () => Promise<T>,
  intervalMs: number,
  initial: T,
): PolledQuery<T> {
  const polled = usePolledRequest<T>({
    request: () => settled(read),
    intervalMs,
    restartKey: read,
    pauseWhileOffline: false,
  });
  const error = useMemo(
    () => (polled.error ? new Error(polled.error.message) : null),
    [polled.error],
  );
  return {
    data: polled.data ?? initial,
    isLoading: polled.isLoading,
    error,
    refresh: polled.refresh,
  };
}
