/**
 * Checks for the worker-pool tests (checkPool.test.ts), loaded by the worker as the server's
 * checks.ts is: a check that takes as long as it is told, one that throws, one that outgrows any
 * memory limit.
 */
import { threadId } from 'node:worker_threads';

export const poolChecks = {
  threadId(): number {
    return threadId;
  },
  /** Keeps the thread busy for `ms` (as a hostile file would), then says when it ran and where. */
  spin(ms: number): { threadId: number; start: number; end: number } {
    const start = Date.now();
    while (Date.now() - start < ms) {
      // busy on purpose: a timer would let the thread go idle
    }
    return { threadId, start, end: Date.now() };
  },
  fail(message: string): never {
    throw new Error(message);
  },
  hog(): number {
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
  },
};

export type PoolChecks = typeof poolChecks;
