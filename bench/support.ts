/**
 * What every benchmark shares: percentiles, one printed line per figure, sample tasks, and the
 * compiled server's build.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Step } from '../src/domain/schemas';

/** Compiles the server to dist-server/ (`npm run build:server`), for benches that run it. */
export function buildCompiledServer(): void {
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('Building the server failed.');
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Prints "label  p50 … ms  p99 … ms  (n runs)" for a set of samples in milliseconds. */
export function reportLatency(label: string, samples: readonly number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
  console.log(
    `${label.padEnd(46)} p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  (${samples.length} runs)`,
  );
}

/** A complete multiple-choice task, as an organiser's template would hold. */
export const sampleStep = (i: number): Step => ({
  id: randomUUID(),
  name: `Task ${i}`,
  type: 'multipleChoice',
  text: `Which answer is right for question ${i}?`,
  answers: ['A', 'B', 'C', 'D'].map((value, j) => ({ id: randomUUID(), value, correct: j === 0 })),
  media: null,
  points: 10,
  locked: false,
});
