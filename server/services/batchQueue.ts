/**
 * Group commit for the hot writes of a live game (answers, joins): what arrives while a batch is
 * being written waits for the next one, and each batch is one statement and one commit. At low
 * load a batch is a single item, written after two turns of the event loop (microseconds); in a
 * burst of 2,000 answers the commits, and on the embedded database their fsyncs, are shared by
 * everything that arrived meanwhile, and a batch waits up to MAX_GATHER_MS while more keep
 * coming (gather()). Every item is still durable before its caller hears back: the caller's promise
 * settles only after its batch has committed.
 */

import { perOwner } from './perOwner';

/** Each item's outcome, in the order of the batch: its value, or the error for it alone. */
export type BatchOutcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface BatchQueueOptions<I, O> {
  /** Writes a batch; a thrown error fails every item of it. */
  run(items: readonly I[]): Promise<BatchOutcome<O>[]>;
  /** The most items in one batch. */
  maxBatch: number;
  /**
   * Items with the same key never share a batch (an answer to the same task twice, two teams
   * of one name): the later one waits for the next batch, where the first is already written.
   */
  keyOf(item: I): string;
  /** How long a batch may wait for more items while they keep coming (MAX_GATHER_MS). */
  maxGatherMs?: number;
  /** The clock in milliseconds (tests). */
  now?: () => number;
}

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/**
 * One queue per owner (a database handle), made at the owner's first item: tests and the
 * server each write through their own database.
 */
export function queuePerOwner<K extends object, I, O>(
  optionsFor: (owner: K) => BatchQueueOptions<I, O>,
): (owner: K, item: I) => Promise<O> {
  const queueOf = perOwner((owner: K) => createBatchQueue(optionsFor(owner)));
  return (owner, item) => queueOf(owner)(item);
}

/**
 * How long a batch may wait for more items while they keep coming (gather()); an answer in a
 * burst waits at most this long before its write starts.
 */
export const MAX_GATHER_MS = 20;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createBatchQueue<I, O>(options: BatchQueueOptions<I, O>): (item: I) => Promise<O> {
  const maxGatherMs = options.maxGatherMs ?? MAX_GATHER_MS;
  const now = options.now ?? (() => performance.now());
  let queue: Waiting<I, O>[] = [];
  let writing = false;

  /** The next batch: up to maxBatch items, no two with one key; the rest stay queued in order. */
  function takeBatch(): Waiting<I, O>[] {
    const batch: Waiting<I, O>[] = [];
    const rest: Waiting<I, O>[] = [];
    const keys = new Set<string>();
    for (const waiting of queue) {
      const key = options.keyOf(waiting.item);
      if (batch.length < options.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else rest.push(waiting);
    }
    queue = rest;
    return batch;
  }

  /**
   * Waits, before a batch is taken, while the queue still grows from one turn of the event loop
   * to the next (at most maxGatherMs). Node accepts one new connection per turn (libuv since
   * 1.45), so in a burst of phones on new connections the queue grows by about one a turn. Taken
   * at once, a batch held the one or two ready (measured on the embedded database, whose writes
   * hold the thread: 2,000 answers in 1,262 batches, each its own commit and fsync, while the
   * connections waiting to be accepted stood 1,000 deep, taken one per batch; now 42 batches).
   * An idle server's lone answer waits two turns; a full batch waits for nothing more.
   */
  async function gather() {
    const deadline = now() + maxGatherMs;
    // The rest of this turn first: an item queued while the sockets were read (the poll phase)
    // would otherwise compare the next turn's check phase with this one's, with no reading
    // between. From here on, each turn spans one reading of the sockets.
    await nextTurn();
    let before: number;
    do {
      before = queue.length;
      await nextTurn();
    } while (queue.length !== before && queue.length < options.maxBatch && now() < deadline);
  }

  async function writeAll() {
    writing = true;
    try {
      while (queue.length > 0) {
        await gather();
        const batch = takeBatch();
        try {
          const outcomes = await options.run(batch.map((waiting) => waiting.item));
          batch.forEach((waiting, i) => {
            const outcome = outcomes[i];
            if (!outcome) waiting.reject(new Error('the batch returned no outcome for an item'));
            else if (outcome.ok) waiting.resolve(outcome.value);
            else waiting.reject(outcome.error);
          });
        } catch (error) {
          for (const waiting of batch) waiting.reject(error);
        }
      }
    } finally {
      writing = false;
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // Requests parsed together go together (gather()).
      if (!writing) void writeAll();
    });
}
