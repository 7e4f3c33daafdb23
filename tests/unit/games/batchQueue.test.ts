/**
 * Group commit (server/services/batchQueue.ts): what arrives while a batch is written goes into
 * the next one, items with one key never share a batch, an item's own failure fails only it, and
 * every caller hears back only after its batch's write has finished.
 */
import { describe, expect, it } from 'vitest';
import { createBatchQueue, type BatchOutcome } from '../../../server/services/batchQueue';

interface Item {
  key: string;
  value: number;
}

function recordingQueue(
  options: {
    maxBatch?: number;
    failValue?: number;
    failAll?: boolean;
    maxGatherMs?: number;
    now?: () => number;
  } = {},
) {
  const batches: number[][] = [];
  let release: (() => void) | null = null;
  let started: () => void = () => {};
  const firstStarted = new Promise<void>((resolve) => (started = resolve));
  const enqueue = createBatchQueue<Item, number>({
    maxBatch: options.maxBatch ?? 100,
    keyOf: (item) => item.key,
    maxGatherMs: options.maxGatherMs,
    now: options.now,
    async run(items): Promise<BatchOutcome<number>[]> {
      batches.push(items.map((item) => item.value));
      // The first batch waits until the test lets it finish: what arrives meanwhile queues.
      if (batches.length === 1) {
        const finished = new Promise<void>((resolve) => (release = resolve));
        started();
        await finished;
      }
      if (options.failAll) throw new Error('the write failed');
      return items.map((item) =>
        item.value === options.failValue
          ? { ok: false, error: new Error(`item ${item.value} refused`) }
          : { ok: true, value: item.value * 10 },
      );
    },
  });
  return { enqueue, batches, firstStarted, finishFirst: () => release?.() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('batch queue (group commit for answers and joins)', () => {
  it('writes what arrives during a batch as the next batch, and answers each caller with its own result', async () => {
    const { enqueue, batches, firstStarted, finishFirst } = recordingQueue();
    const first = enqueue({ key: 'a', value: 1 });
    await firstStarted;
    const later = [2, 3, 4].map((value) => enqueue({ key: String(value), value }));
    await tick();
    expect(batches).toEqual([[1]]); // the others wait for the first write
    finishFirst();
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('never puts two items with one key in a batch: the second waits for the next', async () => {
    const { enqueue, batches, firstStarted, finishFirst } = recordingQueue();
    const first = enqueue({ key: 'x', value: 0 });
    await firstStarted;
    const both = [
      enqueue({ key: 'team-1 step-1', value: 1 }),
      enqueue({ key: 'team-1 step-1', value: 2 }),
    ];
    const other = enqueue({ key: 'team-2 step-1', value: 3 });
    finishFirst();
    await Promise.all([first, ...both, other]);
    expect(batches).toEqual([[0], [1, 3], [2]]);
  });

  it('keeps batches to maxBatch items', async () => {
    const { enqueue, batches, firstStarted, finishFirst } = recordingQueue({ maxBatch: 2 });
    const first = enqueue({ key: 'x', value: 0 });
    await firstStarted;
    const rest = [1, 2, 3, 4, 5].map((value) => enqueue({ key: String(value), value }));
    finishFirst();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[0], [1, 2], [3, 4], [5]]);
  });

  it('fails only the item whose outcome is an error, and every item of a batch whose write throws', async () => {
    const one = recordingQueue({ failValue: 2 });
    const ok = one.enqueue({ key: 'a', value: 1 });
    const refused = one.enqueue({ key: 'b', value: 2 });
    await one.firstStarted;
    one.finishFirst();
    expect(await ok).toBe(10);
    await expect(refused).rejects.toThrow('item 2 refused');

    const all = recordingQueue({ failAll: true });
    const both = [all.enqueue({ key: 'a', value: 1 }), all.enqueue({ key: 'b', value: 2 })];
    await all.firstStarted;
    all.finishFirst();
    for (const settled of await Promise.allSettled(both)) expect(settled.status).toBe('rejected');
  });

  it('waits while items keep arriving turn after turn, so requests read together after a blocking write share a batch', async () => {
    // On the embedded database a write holds the thread; the requests read afterwards reach the
    // queue over the next turns of the event loop, not all in the first.
    const { enqueue, batches, firstStarted, finishFirst } = recordingQueue();
    const first = enqueue({ key: 'x', value: 0 });
    await firstStarted;
    finishFirst();
    const arriving: Promise<number>[] = [];
    for (let value = 1; value <= 3; value++) {
      await tick();
      arriving.push(enqueue({ key: String(value), value }));
    }
    await Promise.all([first, ...arriving]);
    // Taken at once, the batch would have held only the first of them: [[0], [1], [2], [3]].
    expect(batches).toEqual([[0], [1, 2, 3]]);
  });

  it('a lone item is written within two turns of the event loop', async () => {
    const { enqueue, batches } = recordingQueue();
    void enqueue({ key: 'x', value: 0 });
    await tick();
    await tick();
    expect(batches).toEqual([[0]]);
  });

  it('a steady trickle cannot hold a batch back longer than maxGatherMs', async () => {
    // The clock moves 5 ms a turn; a batch waits at most 20 ms: about four turns of the trickle.
    let clock = 0;
    const { enqueue, batches, firstStarted, finishFirst } = recordingQueue({
      maxGatherMs: 20,
      now: () => clock,
    });
    const first = enqueue({ key: 'x', value: 0 });
    await firstStarted;
    finishFirst();
    await first;
    const trickle: Promise<number>[] = [];
    for (let i = 1; i <= 30; i++) {
      trickle.push(enqueue({ key: String(i), value: i }));
      clock += 5;
      await tick();
    }
    await Promise.all(trickle);
    expect(batches.flat()).toEqual(Array.from({ length: 31 }, (_, i) => i));
    for (const batch of batches.slice(1)) expect(batch.length).toBeLessThanOrEqual(6);
  });

  it('a full batch waits for nothing more, however fast items keep coming', async () => {
    let clock = 0;
    const { enqueue, batches, firstStarted, finishFirst } = recordingQueue({
      maxBatch: 3,
      maxGatherMs: 1_000,
      now: () => clock,
    });
    const first = enqueue({ key: 'x', value: 0 });
    await firstStarted;
    finishFirst();
    await first;
    const arriving: Promise<number>[] = [];
    let batchesWhenFifthArrived = 0;
    for (let i = 1; i <= 6; i++) {
      if (i === 5) batchesWhenFifthArrived = batches.length;
      arriving.push(enqueue({ key: String(i), value: i }));
      clock += 1;
      await tick();
    }
    await Promise.all(arriving);
    // The second batch went as soon as it held 3, while items still came and well before the
    // 1,000 ms allowed.
    expect(batchesWhenFifthArrived).toBe(2);
    expect(batches[1]).toEqual([1, 2, 3]);
  });

  it('does not answer a caller before its batch has been written', async () => {
    const { enqueue, finishFirst } = recordingQueue();
    let answered = false;
    const pending = enqueue({ key: 'a', value: 1 }).then(() => (answered = true));
    for (let i = 0; i < 5; i++) await tick();
    expect(answered).toBe(false);
    finishFirst();
    await pending;
    expect(answered).toBe(true);
  });
});
