import { useEffect, useState } from 'react';

/**
 * The current time, moved on every `tickMs`: for texts such as "Synced 2 min ago" that must age
 * while the screen stays open, without re-rendering more often than the text can change.
 */
export function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
