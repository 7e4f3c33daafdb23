/**
 * Checkpoints for the embedded database. PGlite runs PostgreSQL in single-user mode, which has
 * no checkpointer process: measured, the redo point never moved while a server ran, so the WAL
 * grew by a 16 MB segment per few thousand writes for as long as the server lived, and a start
 * after a crash replayed all of it. A CHECKPOINT every few minutes keeps the WAL at a few
 * segments and recovery short; it takes tens of milliseconds (up to ~150 ms with fsync on a
 * busy 2-core machine), during which other queries wait, as PGlite runs one query at a time.
 */
import type { PGlite } from '@electric-sql/pglite';

/** Five minutes: PostgreSQL's own checkpoint_timeout. */
export const DEFAULT_CHECKPOINT_INTERVAL_MS = 5 * 60_000;

export interface PeriodicCheckpoints {
  /** Stops the timer and waits for a checkpoint under way. */
  stop(): Promise<void>;
}

export function startPeriodicCheckpoints(
  client: PGlite,
  intervalMs: number,
  onError: (error: unknown) => void = (error) =>
    console.error('Teamtrail: a checkpoint of the embedded database failed', error),
): PeriodicCheckpoints {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = client
      .exec('CHECKPOINT')
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  // A checkpoint never keeps the process alive; closing the database checkpoints anyway.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
