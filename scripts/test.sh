#!/usr/bin/env bash
# `npm test`: lint, typecheck, build, then every test (unit, integration on both Postgres setups and
# both queue backends, API e2e, browser e2e). Installs what a fresh machine lacks.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's Chromium for the browser tests (no browser download works here).
if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium (apt-get)…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

# A compose client validates docker-compose.yml (`docker compose config`); best effort: that test says why
# it skipped when none can be installed.
if ! docker compose version >/dev/null 2>&1 && ! command -v docker-compose >/dev/null && command -v apt-get >/dev/null; then
  echo "Installing docker-compose (apt-get)…"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-compose >/dev/null; } || echo "docker-compose could not be installed"
fi

# The machine's PostgreSQL and Redis services (started if they have stopped).
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null && command -v pg_ctlcluster >/dev/null; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start
fi
if ! redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && command -v redis-server >/dev/null; then
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /tmp
fi

# Redis queue tests run against this server and fail (not skip) when it is missing.
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"

npm run lint
npm run typecheck
npm run build

# Vitest's own report, plus one plain closing line ("vitest: N passed, N failed, N skipped") for CI.
mkdir -p .artifacts
set +e
npx vitest run --reporter=default --reporter=json --outputFile.json=.artifacts/vitest-results.json "$@"
status=$?
set -e
node -e '
  const r = JSON.parse(require("fs").readFileSync(".artifacts/vitest-results.json", "utf8"));
  console.log(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' || echo "vitest: no results file (the run failed before reporting)"
exit $status
