/**
 * At most `limit` tasks at once; the others wait in line, first come first served. For work
 * that is heavy in memory or CPU (decoding a photo) where refusing would be wrong but running
 * everything at once would exhaust the machine.
 */
export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>): Promise<T>;
  setLimit(limit: number): void;
}

export function createConcurrencyLimit(initialLimit: number): ConcurrencyLimit {
  let limit = initialLimit;
  let running = 0;
  const waiting: Array<() => void> = [];

  const startNext = () => {
    while (running < limit && waiting.length > 0) {
      running += 1;
      waiting.shift()!();
    }
  };

  return {
    async run(task) {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        startNext();
      });
      try {
        return await task();
      } finally {
        running -= 1;
        startNext();
      }
    },
    setLimit(next) {
      limit = Math.max(1, next);
      startNext();
    },
  };
}
