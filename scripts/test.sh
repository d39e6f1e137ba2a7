#!/usr/bin/env bash
# `npm test`: everything CI runs. Installs Debian's Chromium and its headless shell when missing,
# then typecheck, lint, tenant/content check, unit and integration tests (vitest), build,
# end-to-end (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
mkdir -p .cache
# Each phase's wall time, printed with the totals at the end.
phases=""
mark=$start
phase_done() { local now; now=$(date +%s); phases="$phases $1 $(( now - mark )) s;"; mark=$now; }
# The machine's busy CPU time (all processes, from /proc/stat): what the run costs the cores,
# whatever its wall time; Linux only.
busy_cpu_s() {
  awk -v hz="$(getconf CLK_TCK)" '/^cpu /{print int(($2+$3+$4+$7+$8)/hz)}' /proc/stat 2>/dev/null || echo 0
}
busy_start=$(busy_cpu_s)

# The end-to-end tests run chromium-headless-shell (lighter per test); the test about installing
# the site as an app runs the full browser.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then
  echo "== installing Debian chromium and chromium-headless-shell (needed by the end-to-end tests)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-headless-shell \
    >/dev/null
fi

# Typecheck, lint, the tenant check and PostgreSQL's start side by side, and the build beside the
# unit tests: the suite's wall time, not its work. vitest runs two workers (its default on two
# cores is one, and once the build is done the second core would idle; the test files that share
# the PostgreSQL server use names no other file uses).
echo "== typecheck, lint and tenants:check (and PostgreSQL for the PostgreSQL-mode tests)"
trap 'bash scripts/pg-test-server.sh stop' EXIT
bash scripts/pg-test-server.sh start > .cache/pg-url 2> .cache/pg.log & pg_pid=$!
npm run -s typecheck > .cache/typecheck.log 2>&1 & typecheck_pid=$!
npm run -s lint > .cache/lint.log 2>&1 & lint_pid=$!
npm run -s tenants:check > .cache/tenants-check.log 2>&1 & tenants_pid=$!
typecheck_status=0; wait $typecheck_pid || typecheck_status=$?
lint_status=0; wait $lint_pid || lint_status=$?
tenants_status=0; wait $tenants_pid || tenants_status=$?
pg_status=0; wait $pg_pid || pg_status=$?
cat .cache/typecheck.log .cache/lint.log .cache/tenants-check.log
if [ $typecheck_status -ne 0 ] || [ $lint_status -ne 0 ] || [ $tenants_status -ne 0 ]; then
  echo "typecheck exit $typecheck_status, lint exit $lint_status, tenants:check exit $tenants_status"
  exit 1
fi
if [ $pg_status -ne 0 ]; then cat .cache/pg.log; echo "PostgreSQL did not start"; exit 1; fi
TEST_DATABASE_URL=$(cat .cache/pg-url)
export TEST_DATABASE_URL
phase_done "typecheck+lint+tenants"
echo "== build (beside the unit tests; its output follows them)"
npm run -s build > .cache/build.log 2>&1 & build_pid=$!
echo "== unit and integration tests (PGlite and $TEST_DATABASE_URL)"
vitest_status=0
npx vitest run --maxWorkers=2 --minWorkers=1 --reporter=default --reporter=json \
  --outputFile=.cache/vitest.json || vitest_status=$?
bash scripts/pg-test-server.sh stop
trap - EXIT
build_status=0; wait $build_pid || build_status=$?
phase_done "unit+build"
echo "== build"; cat .cache/build.log
if [ $vitest_status -ne 0 ] || [ $build_status -ne 0 ]; then
  echo "unit tests exit $vitest_status, build exit $build_status"; exit 1
fi
echo "== end-to-end tests"
e2e_status=0
npx playwright test || e2e_status=$?
phase_done "end-to-end"

node -e '
const fs = require("fs");
const v = JSON.parse(fs.readFileSync(".cache/vitest.json", "utf8"));
let p = 0, f = 0, s = 0;
p += v.numPassedTests; f += v.numFailedTests; s += v.numPendingTests + (v.numTodoTests || 0);
try {
  const pw = JSON.parse(fs.readFileSync(".cache/playwright.json", "utf8")).stats;
  p += pw.expected + pw.flaky; f += pw.unexpected; s += pw.skipped;
  console.log(`end-to-end: ${pw.expected + pw.flaky} passed, ${pw.unexpected} failed (${pw.flaky} flaky)`);
} catch { f += 1; console.log("end-to-end: no report"); }
console.log(`unit+integration: ${v.numPassedTests} passed, ${v.numFailedTests} failed`);
console.log(`total: ${p} passed, ${f} failed, ${s} skipped`);
'
echo "phases:$phases"
echo "busy CPU: $(( $(busy_cpu_s) - busy_start )) s on $(nproc) cores"
echo "npm test took $(( $(date +%s) - start )) s"
exit $e2e_status
