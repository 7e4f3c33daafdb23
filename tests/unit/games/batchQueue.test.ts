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
  options: { maxBatch?: number; failValue?: number; failAll?: boolean } = {},
) {
  const batches: number[][] = [];
  let release: (() => void) | null = null;
  const enqueue = createBatchQueue<Item, number>({
    maxBatch: options.maxBatch ?? 100,
    keyOf: (item) => item.key,
    async run(items): Promise<BatchOutcome<number>[]> {
      batches.push(items.map((item) => item.value));
      // The first batch waits until the test lets it finish: what arrives meanwhile queues.
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      if (options.failAll) throw new Error('the write failed');
      return items.map((item) =>
        item.value === options.failValue
          ? { ok: false, error: new Error(`item ${item.value} refused`) }
          : { ok: true, value: item.value * 10 },
      );
    },
  });
  return { enqueue, batches, finishFirst: () => release?.() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('batch queue (group commit for answers and joins)', () => {
  it('writes what arrives during a batch as the next batch, and answers each caller with its own result', async () => {
    const { enqueue, batches, finishFirst } = recordingQueue();
    const first = enqueue({ key: 'a', value: 1 });
    await tick();
    const later = [2, 3, 4].map((value) => enqueue({ key: String(value), value }));
    await tick();
    expect(batches).toEqual([[1]]); // the others wait for the first write
    finishFirst();
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('never puts two items with one key in a batch: the second waits for the next', async () => {
    const { enqueue, batches, finishFirst } = recordingQueue();
    const first = enqueue({ key: 'x', value: 0 });
    await tick();
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
    const { enqueue, batches, finishFirst } = recordingQueue({ maxBatch: 2 });
    const first = enqueue({ key: 'x', value: 0 });
    await tick();
    const rest = [1, 2, 3, 4, 5].map((value) => enqueue({ key: String(value), value }));
    finishFirst();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[0], [1, 2], [3, 4], [5]]);
  });

  it('fails only the item whose outcome is an error, and every item of a batch whose write throws', async () => {
    const one = recordingQueue({ failValue: 2 });
    const ok = one.enqueue({ key: 'a', value: 1 });
    const refused = one.enqueue({ key: 'b', value: 2 });
    one.finishFirst();
    await tick();
    one.finishFirst();
    expect(await ok).toBe(10);
    await expect(refused).rejects.toThrow('item 2 refused');

    const all = recordingQueue({ failAll: true });
    const both = [all.enqueue({ key: 'a', value: 1 }), all.enqueue({ key: 'b', value: 2 })];
    await tick();
    all.finishFirst();
    for (const settled of await Promise.allSettled(both)) expect(settled.status).toBe('rejected');
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
