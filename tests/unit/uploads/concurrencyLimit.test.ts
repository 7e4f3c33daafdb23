/**
 * At most IMAGE_CHECKS_AT_ONCE photos are decoded at once; the others wait in line,
 * first come first served, and none is refused (server/services/concurrencyLimit.ts).
 */
import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from '../../../server/services/concurrencyLimit';

/** A task that runs until its `finish` is called. */
function heldTask(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish,
    run: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a concurrency limit', () => {
  it('runs at most `limit` tasks at once and starts the next in order as one ends', async () => {
    const limit = createConcurrencyLimit(2);
    const log: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => heldTask(log, name));
    const results = tasks.map((task) => limit.run(task.run));
    await settle();
    expect(log).toEqual(['start a', 'start b']);

    tasks[1]!.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);

    tasks[0]!.finish();
    tasks[2]!.finish();
    tasks[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the place of a task that fails', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('corrupt image')))).rejects.toThrow(
      'corrupt image',
    );
    expect(await limit.run(() => Promise.resolve('next'))).toBe('next');
  });

  it('takes a raised limit at once, starting waiting tasks', async () => {
    const limit = createConcurrencyLimit(1);
    const log: string[] = [];
    const first = heldTask(log, 'a');
    const second = heldTask(log, 'b');
    const runs = [limit.run(first.run), limit.run(second.run)];
    await settle();
    expect(log).toEqual(['start a']);
    limit.setLimit(2);
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    first.finish();
    second.finish();
    await Promise.all(runs);
  });
});
