/**
 * Small state that must survive a reload but belongs to this device rather than to an account:
 * the AI wizard's answers and the demo in progress. It lives in an RxDB local
 * document, so every tab sees the same state at once and a guest who signs up half-way keeps it.
 */
import { useCallback, useMemo } from 'react';
import { map } from 'rxjs';
import { useDataContext } from './DataProvider';
import { useObservable } from './useObservable';

export type StatePatch<T> = Partial<T> | ((current: T) => Partial<T>);

export interface DeviceState<T> {
  state: T;
  /** True until the stored state has been read (the defaults show meanwhile). */
  isLoading: boolean;
  /** Merges the patch into the stored state; durable when the promise resolves. */
  update(patch: StatePatch<T>): Promise<T>;
  /** Back to the defaults. */
  reset(): Promise<void>;
}

export function useDeviceState<T extends object>(key: string, defaults: T): DeviceState<T> {
  const { db } = useDataContext();
  const { data, isLoading } = useObservable(
    () =>
      db
        .getLocal$<T>(key)
        .pipe(map((doc) => (doc ? { ...defaults, ...doc.toJSON().data } : defaults))),
    [db, key],
    defaults,
  );

  const update = useCallback(
    async (patch: StatePatch<T>) => {
      // Read the stored state, not the rendered one: two updates in one tick must both land.
      const stored = (await db.getLocal<T>(key))?.toJSON().data;
      const current = { ...defaults, ...stored } as T;
      const next = { ...current, ...(typeof patch === 'function' ? patch(current) : patch) };
      await db.upsertLocal<T>(key, next);
      return next;
    },
    // `defaults` is a module constant at every call site.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [db, key],
  );

  const reset = useCallback(async () => {
    await db.upsertLocal<T>(key, defaults);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, key]);

  return useMemo(
    () => ({ state: data, isLoading, update, reset }),
    [data, isLoading, update, reset],
  );
}
