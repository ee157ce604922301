#!/usr/bin/env bash
# `next start` with the server's Node options (scripts/server-node-options: V8's young generation at most 2 × 8 MB,
# see README, "Upload memory"), put before any NODE_OPTIONS already set. Every way the lab starts its production
# server goes through here — scripts/start.sh, `npm start`, the Playwright configs — so an upload's peak memory is
# the same whichever one started it (the e2e harnesses that start servers of their own, `npm run screenshot` and
# `npm run bench:ui` too). Arguments go to `next start` (`-p 3000`, `-H 127.0.0.1`).
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_OPTIONS="$(tr '\n' ' ' < scripts/server-node-options)${NODE_OPTIONS:-}"
export NODE_OPTIONS
exec ./node_modules/.bin/next start "$@"
