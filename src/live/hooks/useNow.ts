/** The time now, as state: it moves on every `tickMs`, so what is worked out from it follows. */
import { useEffect, useState } from 'react';

export function useNow(tickMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
