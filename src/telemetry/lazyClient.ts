/**
 * A telemetry SDK that is imported on demand: calls made before it has loaded wait in a short
 * queue, calls after a failed load are dropped, and no call ever throws into the app
 * ("telemetry must never break the app").
 */

/** Enough for the page view, identity and the odd early error of a slow start. */
const MAX_QUEUED = 100;

export interface LazyClient<T> {
  /** Runs now if loaded, later if loading, never if loading failed. */
  run(task: (client: T) => void): void;
  /** true once loaded, false if loading failed. */
  readonly ready: Promise<boolean>;
}

export function lazyClient<T>(load: () => Promise<T>): LazyClient<T> {
  let client: T | null = null;
  let failed = false;
  const queue: ((client: T) => void)[] = [];

  const safely = (task: (client: T) => void, loaded: T) => {
    try {
      task(loaded);
    } catch (error) {
      console.warn('A telemetry call failed', error);
    }
  };

  const ready = Promise.resolve()
    .then(load)
    .then(
      (loaded) => {
        client = loaded;
        for (const task of queue.splice(0)) safely(task, loaded);
        return true;
      },
      (error: unknown) => {
        failed = true;
        queue.length = 0;
        console.warn('Telemetry could not start; the app goes on without it', error);
        return false;
      },
    );

  return {
    run(task) {
      if (client) safely(task, client);
      else if (!failed && queue.length < MAX_QUEUED) queue.push(task);
    },
    ready,
  };
}
