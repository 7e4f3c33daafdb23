/**
 * `npm run bench`: every benchmark, one after the other, each in its own process so that one's
 * memory and timers do not colour the next. Figures are printed, never asserted (a shared
 * 2-core machine is too noisy for timed assertions).
 */
import { spawnSync } from 'node:child_process';

const BENCHMARKS = [
  'bench/api.ts',
  'bench/sync.ts',
  'bench/pgliteDurability.ts',
  'bench/uploads.ts',
  'bench/uploadLoad.ts',
  'bench/games.ts',
  'bench/browser.ts',
  'bench/pages.ts',
  'bench/builderTyping.ts',
  'bench/ai.ts',
  'bench/idleMemory.ts',
];

let failed = false;
for (const file of BENCHMARKS) {
  console.log(`\n━━ ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
