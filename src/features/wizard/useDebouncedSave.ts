/**
 * Saves what is typed a moment after the last key press, and at once when the screen goes away,
 * so that a reload loses nothing and each key press is not a database write.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';

const SAVE_DELAY_MS = 300;

export interface DebouncedSave<T> {
  schedule(value: T): void;
  /** Drops a scheduled save (the caller saves something else itself). */
  cancel(): void;
}

export function useDebouncedSave<T>(save: (value: T) => unknown): DebouncedSave<T> {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const waiting = useRef<{ value: T } | null>(null);
  const latestSave = useRef(save);
  useEffect(() => {
    latestSave.current = save;
  });

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const pending = waiting.current;
    waiting.current = null;
    if (pending) void latestSave.current(pending.value);
  }, []);

  useEffect(() => flush, [flush]);

  return useMemo(
    () => ({
      schedule(value: T) {
        waiting.current = { value };
        clearTimeout(timer.current);
        timer.current = setTimeout(flush, SAVE_DELAY_MS);
      },
      cancel() {
        clearTimeout(timer.current);
        waiting.current = null;
      },
    }),
    [flush],
  );
}
