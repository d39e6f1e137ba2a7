#!/usr/bin/env bash
# `npm test`: everything CI runs. Installs Debian's Chromium when it is missing, then typecheck,
# lint, tenant/content check, unit and integration tests (vitest), build, end-to-end (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
mkdir -p .cache

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian chromium (needed by the end-to-end tests)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

echo "== typecheck"; npm run -s typecheck
echo "== lint"; npm run -s lint
echo "== tenants:check"; npm run -s tenants:check
echo "== PostgreSQL for the PostgreSQL-mode tests"
TEST_DATABASE_URL=$(bash scripts/pg-test-server.sh start)
export TEST_DATABASE_URL
trap 'bash scripts/pg-test-server.sh stop' EXIT
echo "== unit and integration tests (PGlite and $TEST_DATABASE_URL)"
npx vitest run --reporter=default --reporter=json --outputFile=.cache/vitest.json
bash scripts/pg-test-server.sh stop
trap - EXIT
echo "== build"; npm run -s build
echo "== end-to-end tests"
e2e_status=0
npx playwright test || e2e_status=$?

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
echo "npm test took $(( $(date +%s) - start )) s"
exit $e2e_status
