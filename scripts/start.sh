#!/usr/bin/env bash
# Compaction Lab's one start command on a fresh machine: `bash scripts/start.sh` (or `npm run start:lab`).
#   0. runs on Node 24 LTS: when the machine's node is older, installs the Node scripts/node-runtime pins from the npm
#      registry into ~/.cache/compaction-lab (once) and puts it first on PATH (scripts/use-node.sh)
#   1. installs dependencies when node_modules is missing or older than the lockfile (npm ci with the lockfile, else
#      npm install), and rebuilds the native addons when node_modules was built for another Node ABI;
#      the postinstall hook generates both Prisma clients (regenerated here if they are missing anyway), and the
#      CLI's bundle is built (scripts/build-cli.mjs, only when a source is newer than it) so `npm run lab` starts at once
#   2. creates and migrates the database: `prisma migrate deploy` (DATABASE_URL, default file:./data/lab.db;
#      postgres://… URLs use prisma/postgres/migrations)
#   3. seeds three generated demo sessions when the database holds no session (scripts/seed.ts, idempotent)
#   4. runs `next build` when there is no build or a source file is newer than it
#   5. execs `next start -H <host> -p ${PORT:-3000}` through scripts/next-start.sh (the Node options of
#      scripts/server-node-options put before any NODE_OPTIONS already set: V8's young generation at most 2 × 8 MB, see
#      README, "Upload memory"): 127.0.0.1 unless HOST is set (scripts/resolve-bind.sh), with a warning when HOST
#      exposes the lab without LAB_ACCESS_TOKEN
# No API key is needed. The app also migrates a fresh database on its own at first use (lib/store/ensure-database.ts),
# so a bare `next start` works too; this script just does it before the first request.
set -euo pipefail
cd "$(dirname "$0")/.."

export NEXT_TELEMETRY_DISABLED=1
export DATABASE_URL="${DATABASE_URL:-file:./data/lab.db}"
PORT="${PORT:-3000}"
# shellcheck source=scripts/resolve-bind.sh
source scripts/resolve-bind.sh
resolve_bind
# shellcheck source=scripts/use-node.sh
source scripts/use-node.sh
use_node

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  if [ -f package-lock.json ]; then npm ci; else npm install; fi
  record_node_abi
fi
rebuild_if_node_changed
if [ ! -f lib/generated/prisma/client.ts ] || [ ! -f lib/generated/prisma-pg/client.ts ]; then
  npm run --silent db:generate
fi
node scripts/build-cli.mjs

if [[ "$DATABASE_URL" == file:* ]]; then
  database_file="${DATABASE_URL#file:}"
  mkdir -p "$(dirname "${database_file%%\?*}")"
fi
./node_modules/.bin/prisma migrate deploy
./node_modules/.bin/tsx scripts/seed.ts

stale_source() {
  find app lib public next.config.ts postcss.config.mjs tsconfig.json package.json package-lock.json \
    -type f -newer .next/BUILD_ID -not -path 'lib/generated/*' -not -name '*.test.ts' -print -quit 2>/dev/null
}
if [ ! -f .next/BUILD_ID ] || [ -n "$(stale_source)" ]; then
  ./node_modules/.bin/next build
fi

access_notice
echo "[lab] serving http://$BIND_HOST:$PORT"
exec bash scripts/next-start.sh -H "$BIND_HOST" -p "$PORT"
