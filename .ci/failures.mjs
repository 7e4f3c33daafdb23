// Repeats, at the end of a red run, what failed in the test output: the tracker shows only the
// last lines of a run, and Vitest prints an unhandled error's message and stack well above its
// closing summary. Prints each unhandled error (its message and the first lines of its stack)
// and the names of the failed tests, without colours, at most MAX_LINES lines.
import { readFileSync } from 'node:fs';

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
const unique = [...new Set(out)];
console.log(
  unique.length ? unique.slice(0, MAX_LINES).join('\n') : 'No failure found in the output.',
);
