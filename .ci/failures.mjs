// Repeats, at the end of a red run, what failed in the test output: the tracker shows only the
// last lines of a run, and Vitest prints an unhandled error's message and stack well above its
// closing summary. Prints each unhandled error (its message and the first lines of its stack)
// and the names of the failed tests, without colours, at most MAX_LINES lines. Before them, what
// each failed e2e test's page showed when it failed (Playwright's page snapshot): the clone CI ran
// in is gone afterwards, and with it the screenshot and the trace.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const MAX_LINES = 80;
/** Lines kept of each unhandled error: its heading, message and the top of its stack. */
const ERROR_LINES = 14;

// eslint-disable-next-line no-control-regex
const plain = (line) => line.replace(/\u001b\[[0-9;]*m/g, '');
const lines = readFileSync(process.argv[2], 'utf8').split('\n').map(plain);

const out = [];
for (let i = 0; i < lines.length; i++) {
  const line = lines[i];
  if (/Unhandled (Error|Rejection)|Uncaught Exception/.test(line) && /⎯/.test(line)) {
    out.push(...lines.slice(i, i + ERROR_LINES).filter((l) => l.trim() !== ''), '');
  } else if (/^\s*(FAIL\s|✘|\d+\) \[)/.test(line) || /This error originated in/.test(line)) {
    out.push(line.trim());
  }
}
/** Lines kept of each failed e2e test's page snapshot, and how many tests' snapshots. */
const SNAPSHOT_LINES = 40;
const SNAPSHOTS = 3;
const PLAYWRIGHT_RESULTS = 'test-results/playwright';
if (existsSync(PLAYWRIGHT_RESULTS)) {
  const contexts = readdirSync(PLAYWRIGHT_RESULTS)
    .map((dir) => path.join(PLAYWRIGHT_RESULTS, dir, 'error-context.md'))
    .filter((file) => existsSync(file))
    .slice(0, SNAPSHOTS);
  for (const file of contexts) {
    const text = readFileSync(file, 'utf8');
    const snapshot = text.split('# Page snapshot')[1];
    if (!snapshot) continue;
    console.log(`--- page at the failure: ${path.basename(path.dirname(file))}`);
    console.log(snapshot.trim().split('\n').slice(0, SNAPSHOT_LINES).join('\n'));
  }
}

const unique = [...new Set(out)];
console.log(
  unique.length ? unique.slice(0, MAX_LINES).join('\n') : 'No failure found in the output.',
);
