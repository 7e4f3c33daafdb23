/**
 * The pool of upload-check workers (server/services/uploads/checkPool.ts): checks run in worker
 * threads, at most `workers` at once, each within a time limit after which its worker is
 * terminated and replaced. Test checks (support/poolChecks.ts) spin for as long as they are told,
 * so each rule is shown without a hostile file.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { threadId as mainThreadId } from 'node:worker_threads';
import {
  CheckTooComplexError,
  createCheckPool,
  runUploadCheck,
  type CheckPool,
} from '../../../server/services/uploads/checkPool';
import type { PoolChecks } from './support/poolChecks';

let pool: CheckPool<PoolChecks> | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

function testPool(limits: { timeoutMs: number; workers: number }, workerHeapMb?: number) {
  pool = createCheckPool<PoolChecks>({
    checksModule: new URL('./support/poolChecks.ts', import.meta.url),
    exportName: 'poolChecks',
    limits,
    workerHeapMb,
  });
  return pool;
}

describe('upload checks run in worker threads', () => {
  it('runs a check in a worker thread, not on the main thread, and answers its result', async () => {
    const checks = testPool({ timeoutMs: 5000, workers: 1 });
    const workerThread = await checks.run('threadId', undefined as never);
    expect(workerThread).not.toBe(mainThreadId);
    expect(checks.workersStarted).toBe(1);
  });

  it("loads the server's SVG check in its worker under Vitest", async () => {
    const svg = (body: string) =>
      new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`);
    expect(await runUploadCheck('svg', svg('<rect/>'))).toBeNull();
    expect(await runUploadCheck('svg', svg('<script>alert(1)</script>'))).toBe(
      "This SVG contains a script, which isn't allowed.",
    );
  });

  it("loads the server's SVG check in its worker under tsx, as npm run dev runs the server", async () => {
    const tsx = path.resolve('node_modules/.bin/tsx');
    const script = path.resolve('tests/unit/uploads/support/svgCheckUnderTsx.ts');
    const { stdout } = await promisify(execFile)(tsx, [script], { timeout: 30_000 });
    expect(JSON.parse(stdout)).toEqual({
      safe: null,
      unsafe: "This SVG contains a script, which isn't allowed.",
    });
  }, 40_000);
});

describe('a check over the time limit is refused and its worker replaced', () => {
  it('refuses a check that runs longer than the time limit, without waiting for it to end', async () => {
    const checks = testPool({ timeoutMs: 300, workers: 1 });
    await checks.run('threadId', undefined as never); // the worker is started and ready
    // A check that would spin for ten minutes: only the limit can end it within the test's time.
    const error = await checks.run('spin', 600_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckTooComplexError);
    expect((error as CheckTooComplexError).limit).toBe('time');
  });

  it('runs the next check in a new worker after a check was refused for time', async () => {
    const checks = testPool({ timeoutMs: 300, workers: 1 });
    const before = await checks.run('threadId', undefined as never);
    await expect(checks.run('spin', 20_000)).rejects.toBeInstanceOf(CheckTooComplexError);
    const after = await checks.run('threadId', undefined as never);
    expect(after).not.toBe(before);
    expect(checks.workersStarted).toBe(2);
  });

  it('does not count the time a check waits in line against its limit', async () => {
    const checks = testPool({ timeoutMs: 1500, workers: 1 });
    await checks.run('threadId', undefined as never);
    // Each check alone fits the limit; the three together would not.
    const results = await Promise.all([
      checks.run('spin', 600),
      checks.run('spin', 600),
      checks.run('spin', 600),
    ]);
    expect(results).toHaveLength(3);
  });

  it('refuses a check that outgrows the worker memory limit as too complex, and goes on', async () => {
    const checks = testPool({ timeoutMs: 20_000, workers: 1 }, 32);
    const error = await checks.run('hog', undefined as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckTooComplexError);
    expect((error as CheckTooComplexError).limit).toBe('memory');
    expect(await checks.run('spin', 1)).toMatchObject({ end: expect.any(Number) });
  }, 30_000);
});

describe('the pool runs at most `workers` checks at once', () => {
  it('runs at most two checks at once with two workers; the others wait in line', async () => {
    const checks = testPool({ timeoutMs: 10_000, workers: 2 });
    const runs = await Promise.all(Array.from({ length: 5 }, () => checks.run('spin', 250)));
    // When any check started, at most two were running (itself included).
    for (const run of runs) {
      const running = runs.filter((other) => other.start <= run.start && run.start < other.end);
      expect(running.length).toBeLessThanOrEqual(2);
    }
    expect(new Set(runs.map((run) => run.threadId)).size).toBeLessThanOrEqual(2);
    expect(checks.workersStarted).toBe(2);
  });

  it('answers a check that throws with its error and keeps the worker for the next check', async () => {
    const checks = testPool({ timeoutMs: 5000, workers: 1 });
    await expect(checks.run('fail', 'the check broke')).rejects.toThrow(/the check broke/);
    await checks.run('spin', 1);
    expect(checks.workersStarted).toBe(1);
  });

  it('refuses the waiting checks when a worker cannot load its checks, without retrying forever', async () => {
    pool = createCheckPool<PoolChecks>({
      checksModule: new URL('./support/noSuchChecks.ts', import.meta.url),
      exportName: 'poolChecks',
      limits: { timeoutMs: 5000, workers: 1 },
    });
    await expect(pool.run('spin', 1)).rejects.toThrow(/could not start/);
    expect(pool.workersStarted).toBe(1);
  });

  it('refuses every waiting check once the pool is closed', async () => {
    const checks = testPool({ timeoutMs: 5000, workers: 1 });
    const running = checks.run('spin', 2000).catch((e: unknown) => e);
    const waiting = checks.run('spin', 10).catch((e: unknown) => e);
    await checks.close();
    expect(await running).toEqual(new Error('The upload check pool was closed.'));
    expect(await waiting).toEqual(new Error('The upload check pool was closed.'));
  });
});
