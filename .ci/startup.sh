#!/usr/bin/env bash
# Start-up figures: builds arbiter, then N times (3 by default) starts
# `arbiter serve` with no flags but a free port and no data directory, and
# reports how long after the start the first rule page answered
# (/rules/704.5j), how long until /readyz said every edition, its history
# and the newest search index are in, and the server's RSS once it has
# settled (and its peak). Also the binary's size.
#
# Not part of .ci/run: its figures mean something only on a machine doing
# nothing else.
#
#   .ci/startup.sh [-n 3] [-p 18090] [-s 5]   (-s: seconds to settle)
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3 port=18090 settle=5
while getopts n:p:s: opt; do
  case $opt in
    n) runs=$OPTARG ;;
    p) port=$OPTARG ;;
    s) settle=$OPTARG ;;
    *) echo "usage: .ci/startup.sh [-n 3] [-p 18090] [-s 5]" >&2; exit 2 ;;
  esac
done

tmp="$(mktemp -d)"
pid=
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

go build -o "$tmp/arbiter" ./cmd/arbiter
echo "startup: binary $(stat -c %s "$tmp/arbiter") bytes"
base="http://127.0.0.1:$port"
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f s", b - a }'; }
status() { curl -s -o /dev/null -w '%{http_code}' "$base$1" || true; }

for run in $(seq "$runs"); do
  start="$(now)"
  "$tmp/arbiter" serve --addr "127.0.0.1:$port" --data-dir "" 2>"$tmp/server.log" &
  pid=$!
  first= ready=
  for _ in $(seq 3000); do
    kill -0 "$pid" 2>/dev/null || { cat "$tmp/server.log" >&2; echo "startup: the server exited" >&2; exit 1; }
    if [ -z "$first" ] && [ "$(status /rules/704.5j)" = 200 ]; then
      first="$(since "$start")"
    fi
    if [ -n "$first" ] && [ "$(status /readyz)" = 200 ]; then
      ready="$(since "$start")"
      break
    fi
    sleep 0.01
  done
  [ -n "$ready" ] || { echo "startup: not ready in 30 s" >&2; exit 1; }
  sleep "$settle"
  rss="$(awk '/^VmRSS:/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$pid/status")"
  hwm="$(awk '/^VmHWM:/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$pid/status")"
  editions="$(curl -s "$base/api/editions" | grep -o '"id":' | wc -l)"
  echo "startup: run $run: first rule page $first, all $editions editions ready $ready, RSS after ${settle} s $rss (peak $hwm)"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=
done
