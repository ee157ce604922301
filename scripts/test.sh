#!/usr/bin/env bash
# The README's test command: installs what a fresh machine lacks (Node 24 LTS when the machine's Node is older —
# scripts/use-node.sh —, Debian Chromium, PostgreSQL 15, node_modules) and runs the whole suite on Node 24: typecheck, vitest (SQLite + PostgreSQL), production build, Playwright in real Chromium.
# Closes with one plain line "N passed, N failed, N skipped" and exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# runs one step and returns its exit status (before, the closing echo's 0 hid a failed tsc or next build from `|| status=1`)
step() {
  local started=$SECONDS rc=0
  echo "[test] $*"
  "$@" || rc=$?
  echo "[test] '$*' took $((SECONDS - started))s$([ "$rc" -eq 0 ] || echo ", failed with exit status $rc")"
  return "$rc"
}
# shellcheck source=scripts/use-node.sh
source scripts/use-node.sh

apt_install() {
  local missing=()
  command -v chromium >/dev/null 2>&1 || [ -n "${CHROMIUM_PATH:-}" ] || missing+=(chromium)
  command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
  # CJK glyphs for the browser tests (a Chinese session title must not render as empty boxes)
  dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then echo "[test] missing ${missing[*]}: install them (apt-get install -y ${missing[*]})" >&2; exit 1; fi
    step apt-get update -qq
    step env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o=Dpkg::Use-Pty=0 "${missing[@]}"
  fi
}

# PostgreSQL for the store's PostgreSQL suite: a local cluster, a role with CREATEDB and a test database.
postgres_up() {
  if [ -n "${PG_TEST_URL:-}" ]; then return 0; fi
  if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ "$(id -u)" -ne 0 ]; then
    echo "[test] PostgreSQL not available: the PostgreSQL store tests will be skipped"; return 0
  fi
  pg_ctlcluster 15 main start 2>/dev/null || true
  su postgres -c "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname='lab'\"" | grep -q 1 \
    || su postgres -c "psql -qc \"CREATE ROLE lab LOGIN PASSWORD 'lab' CREATEDB\""
  su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname='lab_test'\"" | grep -q 1 \
    || su postgres -c "psql -qc 'CREATE DATABASE lab_test OWNER lab'"
  export PG_TEST_URL=postgresql://lab:lab@127.0.0.1:5432/lab_test
}

# a cluster of its own for e2e/workers/postgres-restart.spec.ts, which restarts it mid-comparison (never the one above)
restart_cluster_up() {
  if [ -n "${PG_RESTART_URL:-}" ] || ! command -v pg_createcluster >/dev/null 2>&1 || [ "$(id -u)" -ne 0 ]; then return 0; fi
  pg_lsclusters -h | awk '{print $2}' | grep -qx labrestart || pg_createcluster 15 labrestart -p 5439 >/dev/null
  pg_ctlcluster 15 labrestart start 2>/dev/null || true
  su postgres -c "psql -p 5439 -tAc \"SELECT 1 FROM pg_roles WHERE rolname='lab'\"" | grep -q 1 \
    || su postgres -c "psql -p 5439 -qc \"CREATE ROLE lab LOGIN PASSWORD 'lab' CREATEDB\""
  export PG_RESTART_URL=postgresql://lab:lab@127.0.0.1:5439/postgres PG_RESTART_CLUSTER="15 labrestart"
}

# Node 24 first on PATH for everything below (npm, tsc, vitest, next, playwright's servers, workers, the oracles)
step use_node
apt_install
postgres_up
restart_cluster_up
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then step npm ci; record_node_abi; fi
# a node_modules built under another Node (e.g. Node 20 before this checkout moved to 24) gets its addons rebuilt
step rebuild_if_node_changed

rm -rf reports && mkdir -p reports
status=0
# `check <its report or -> <command…>`: a step whose exit status the closing line counts (reports/steps.tsv; see
# scripts/summarize-reports.mjs): a failed step with no report, or whose report shows no failure, is a failure there too
check() {
  local report=$1 rc=0
  shift
  step "$@" || rc=$?
  printf '%s\t%s\t%s\n' "$rc" "$report" "$*" >> reports/steps.tsv
  return "$rc"
}
# the CLI's prebuilt bundle (scripts/build-cli.mjs; scripts/lab.test.ts and the CLI bench run it)
check - node scripts/build-cli.mjs || status=1
check - ./node_modules/.bin/tsc --noEmit || status=1
check reports/vitest.json ./node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile=reports/vitest.json || status=1
# the replays against the agents' own published code (installs conformance/oracles on first use)
check reports/conformance.json npm run --silent conformance || status=1
# no run of 6+ lines shared between the scorer (lib/engine/evaluate) and the strategies (jscpd; reports/cpd.json)
check reports/cpd.json node scripts/cpd.mjs --report reports/cpd.json || status=1
# the quality benchmark: hand-written probe sets, continuation recall, final/none per strategy at 64K and 128K
check - npm run --silent quality || status=1
# the prompt-cache model against the cache figures the shared transcripts recorded (table in reports/cache-validation)
check reports/cache-validation.json npm run --silent cache-validation || status=1
# each agent's own strategy against the compactions its shared transcripts recorded (table in reports/fidelity)
check reports/fidelity.json npm run --silent fidelity || status=1
# built with a sentinel key so e2e/client-bundle.spec.ts can prove no key value reaches the client bundle
ANTHROPIC_API_KEY=sk-ant-lab-bundle-sentinel-7f3c9a check - ./node_modules/.bin/next build || status=1
if [ -d .next ]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json check reports/playwright.json ./node_modules/.bin/playwright test || status=1
  # team mode (LAB_ACCESS_TOKEN): the same build on its own server
  PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright-team.json check reports/playwright-team.json ./node_modules/.bin/playwright test -c playwright.team.config.ts || status=1
  # jobs with real processes: two web instances + two `npm run worker` on PostgreSQL (a SIGKILLed worker mid-sweep),
  # workers under full CPU load (cancel, no takeover, a kill), a PostgreSQL restart mid-comparison, and a SQLite
  # server SIGKILLed with a run in flight
  PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright-workers.json check reports/playwright-workers.json ./node_modules/.bin/playwright test -c playwright.workers.config.ts || status=1
fi

node scripts/summarize-reports.mjs --steps reports/steps.tsv reports/vitest.json reports/cpd.json reports/conformance.json reports/cache-validation.json reports/fidelity.json reports/playwright.json reports/playwright-team.json reports/playwright-workers.json || status=1
exit $status
