#!/usr/bin/env bash
# Sourced by scripts/start.sh (and its test): where the lab listens, and what start-up says about who can reach it.
#   resolve_bind → sets BIND_HOST: $HOST when set, else 127.0.0.1 (only this machine can connect)
#   access_notice → prints one line: team mode, single-user localhost mode, or a warning when the lab is exposed
#                   on the network without LAB_ACCESS_TOKEN
resolve_bind() {
  BIND_HOST="${HOST:-127.0.0.1}"
}

is_loopback() {
  case "$1" in
    127.*|localhost|::1|"[::1]") return 0 ;;
    *) return 1 ;;
  esac
}

access_notice() {
  if [ -n "${LAB_ACCESS_TOKEN:-}" ]; then
    echo "[lab] team mode: every page and API route needs LAB_ACCESS_TOKEN (sign in at /sign-in, or Authorization: Bearer)"
  elif is_loopback "$BIND_HOST"; then
    echo "[lab] single-user mode: listening on $BIND_HOST only, no access token (set HOST to expose it, with LAB_ACCESS_TOKEN)"
  else
    echo "[lab] WARNING: listening on $BIND_HOST without LAB_ACCESS_TOKEN — anyone on the network can read, run and delete sessions. Set LAB_ACCESS_TOKEN, or unset HOST to listen on 127.0.0.1 only." >&2
  fi
}
