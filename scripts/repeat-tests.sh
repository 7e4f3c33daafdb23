#!/usr/bin/env bash
# Runs tests again and again to find flaky ones: the Vitest files and Playwright specs named
# (default: those changed since a git ref), RUNS times in a row (default 20), and says which
# runs failed. A test that fails once in twenty is flaky: fix it (wait for a condition, not a
# time) before it lands. Each run is the same command CI runs for those files.
#
#   scripts/repeat-tests.sh                         # files changed since origin/main (or HEAD~1), 20 runs
#   RUNS=5 scripts/repeat-tests.sh tests/unit/api/usePolledRequest.test.tsx e2e/wizard.spec.ts
#   SINCE=abc123 scripts/repeat-tests.sh            # files changed since abc123
#
# Playwright specs need a build (npm run test:e2e builds one; set STATIC_DIR to reuse it) and
# Chromium at /usr/bin/chromium; PostgreSQL-backed tests need TEST_DATABASE_URL, as in CI.
set -uo pipefail
cd "$(dirname "$0")/.."

RUNS="${RUNS:-20}"
if [ "$#" -gt 0 ]; then
  files=("$@")
else
  since="${SINCE:-$(git rev-parse -q --verify origin/main >/dev/null && echo origin/main || echo HEAD~1)}"
  mapfile -t files < <(git diff --name-only "$since" -- 'tests/**/*.test.ts' 'tests/**/*.test.tsx' 'e2e/*.spec.ts' | while read -r f; do [ -f "$f" ] && echo "$f"; done)
fi
unit=() e2e=()
for f in "${files[@]}"; do
  case "$f" in
    e2e/*) e2e+=("$f") ;;
    *) unit+=("$f") ;;
  esac
done
if [ "${#unit[@]}" -eq 0 ] && [ "${#e2e[@]}" -eq 0 ]; then
  echo "No test files to repeat (name them, or set SINCE to a git ref)." >&2
  exit 2
fi
if [ "${#e2e[@]}" -gt 0 ] && [ -z "${STATIC_DIR:-}" ]; then
  npx vite build >/dev/null && npx vite build -c e2e/harness/vite.config.ts >/dev/null || exit 1
fi

failed=()
for run in $(seq 1 "$RUNS"); do
  ok=true
  if [ "${#unit[@]}" -gt 0 ]; then
    npx vitest run "${unit[@]}" >"/tmp/repeat-tests-$run-unit.log" 2>&1 || ok=false
  fi
  if [ "${#e2e[@]}" -gt 0 ]; then
    npx playwright test "${e2e[@]}" --retries=0 >"/tmp/repeat-tests-$run-e2e.log" 2>&1 || ok=false
  fi
  if $ok; then echo "run $run/$RUNS: passed"; else echo "run $run/$RUNS: FAILED (logs: /tmp/repeat-tests-$run-*.log)"; failed+=("$run"); fi
done
echo "${#failed[@]} of $RUNS runs failed${failed[*]:+: runs ${failed[*]}}"
[ "${#failed[@]}" -eq 0 ]
