#!/usr/bin/env bash
# Load test: builds arbiter, serves the embedded editions (every official
# one, and the founding documents) on loopback, checks
# that every request of the mix (.ci/load.urls) answers, then runs wrk with
# .ci/load.lua over that mix and reports requests/s, latency percentiles,
# errors and the server's memory before and after. Exits 1 on any error,
# non-2xx/3xx answer or error in the server's log.
#
# Not part of .ci/run: it takes over a minute and its figures mean something
# only on a machine doing nothing else (wrk and the server share its cores).
#
#   .ci/load.sh [-d 60s] [-c 128] [-t 2] [-p 18080] [-r RULES]
#
# -r serves RULES too (as --rules); the embedded editions need nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

duration=60s conns=128 threads=2 port=18080 rules=
while getopts d:c:t:p:r: opt; do
  case $opt in
    d) duration=$OPTARG ;;
    c) conns=$OPTARG ;;
    t) threads=$OPTARG ;;
    p) port=$OPTARG ;;
    r) rules=$OPTARG ;;
    *) echo "usage: .ci/load.sh [-d 60s] [-c 128] [-t 2] [-p 18080] [-r RULES]" >&2; exit 2 ;;
  esac
done
extra=()
if [ -n "$rules" ]; then
  [ -e "$rules" ] || { echo "load: no rules at $rules" >&2; exit 2; }
  extra=(--rules "$rules")
fi

if ! command -v wrk >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  (apt-get update -qq && apt-get install -y -qq wrk >/dev/null) || sudo -n sh -c 'apt-get update -qq && apt-get install -y -qq wrk >/dev/null'
fi

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
base="http://127.0.0.1:$port"
# 127.0.0.1 is a trusted proxy: load.lua spreads the sandbox's runs over
# many clients with X-Forwarded-For (see there).
"$tmp/arbiter" serve --addr "127.0.0.1:$port" --data-dir "" "${extra[@]}" --trusted-proxy 127.0.0.1 2>"$tmp/server.log" &
pid=$!

# Ready: the editions are loaded and the first requests' work is done.
for i in $(seq 600); do
  kill -0 "$pid" 2>/dev/null || { cat "$tmp/server.log" >&2; echo "load: the server exited" >&2; exit 1; }
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz" || true)" = 200 ] && break
  sleep 0.2
done
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz")" = 200 ] || { echo "load: not ready after 120 s" >&2; exit 1; }

rss() { awk '/^VmRSS:/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$pid/status"; }
hwm() { awk '/^VmHWM:/ { printf "%.1f MiB", $2 / 1024 }' "/proc/$pid/status"; }
rss_before="$(rss)"

# The share URL of the posted scenario, and a first answer from each request
# of the mix: a request that fails here would fail 100 000 times under wrk.
scenario=content/scenarios/legend-rule.scn
loc="$(curl -s -o /dev/null -w '%{redirect_url}' --data-urlencode "text@$scenario" "$base/sandbox/run")"
share="${loc#*\?}"
[ -n "$share" ] && [ "$share" != "$loc" ] || { echo "load: posting $scenario gave no share URL ($loc)" >&2; exit 1; }
echo "load: the mix (status, bytes, seconds of a first, cold request):"
bad=0
while read -r method path; do
  case "$method" in '' | '#'*) continue ;; esac
  path="${path//\{share\}/$share}"
  if [ "$method" = POST ]; then
    out="$(curl -s -o /dev/null -w '%{http_code} %{size_download} %{time_total}' --data-urlencode "text@$scenario" "$base$path")"
  else
    out="$(curl -s -o /dev/null -w '%{http_code} %{size_download} %{time_total}' "$base$path")"
  fi
  printf '  %-22s %s %.100s\n' "$out" "$method" "$path"
  [ "${out%% *}" -lt 400 ] || bad=1
done <.ci/load.urls
[ "$bad" = 0 ] || { echo "load: a request of the mix fails; fix .ci/load.urls or the server" >&2; exit 1; }

echo "load: wrk -t$threads -c$conns -d$duration --latency against $base (RSS before: $rss_before)"
LOAD_URLS=.ci/load.urls LOAD_SCENARIO="$scenario" LOAD_SHARE="$share" \
  wrk -t"$threads" -c"$conns" -d"$duration" --timeout 10s --latency -s .ci/load.lua "$base" | tee "$tmp/wrk.out"
kill -0 "$pid" 2>/dev/null || { cat "$tmp/server.log" >&2; echo "load: the server died under load" >&2; exit 1; }
rss_after="$(rss)"
peak="$(hwm)"
# The answers other than 2xx and 3xx, by route and status, as the server
# counted them (499: the client left first, as wrk's connections do at the end).
curl -s "$base/metrics" >"$tmp/metrics"
others="$(grep '^arbiter_http_requests_total' "$tmp/metrics" | grep -v 'code="[23]' | grep -v 'route="/readyz"' || true)"
# Where the server's time went: each route's requests and mean latency,
# the routes that took most time in all first.
routes="$(awk '
  /^arbiter_http_request_duration_seconds_(sum|count)\{/ {
    match($0, /route="[^"]*"/); r = substr($0, RSTART + 7, RLENGTH - 8)
    if ($0 ~ /_sum\{/) sum[r] = $2; else n[r] = $2
  }
  END { for (r in n) if (n[r] > 0) printf "  %-28s %9d requests  %8.2f ms mean  %7.1f s in all\n", r, n[r], 1000 * sum[r] / n[r], sum[r] }
' "$tmp/metrics" | sort -k7 -g -r)"
# Stop it as an operator would, so that its log is complete.
kill -TERM "$pid"
wait "$pid" || { cat "$tmp/server.log" >&2; echo "load: the server did not shut down cleanly" >&2; exit 1; }
pid=

# The summary, from wrk's report.
rps="$(awk '/^Requests\/sec:/ { print $2 }' "$tmp/wrk.out")"
p50="$(awk '$1 == "50%" { print $2 }' "$tmp/wrk.out")"
p99="$(awk '$1 == "99%" { print $2 }' "$tmp/wrk.out")"
total="$(awk '/requests in/ { print $1 }' "$tmp/wrk.out")"
non2xx="$(awk '/Non-2xx or 3xx responses:/ { print $NF }' "$tmp/wrk.out")"
sockerr="$(awk -F'[ ,]+' '/Socket errors:/ { print $4 + $6 + $8 + $10 }' "$tmp/wrk.out")"
logerr="$(grep -c 'level=ERROR' "$tmp/server.log" || true)"
cat <<EOF
load: summary ($duration, $conns connections, $threads wrk threads, $(grep -c '^[A-Z]' .ci/load.urls) URLs)
  requests       ${total:-0} (${rps:-0}/s)
  latency        p50 $p50, p99 $p99
  non-2xx/3xx    ${non2xx:-0}
  socket errors  ${sockerr:-0}
  server errors  $logerr (level=ERROR lines in its log)
  RSS            before $rss_before, after $rss_after, peak $peak
EOF
echo "load: by route (server time, from /metrics; the preflight included):"
echo "$routes"
[ -z "$others" ] || printf 'load: answers other than 2xx/3xx, by the server'"'"'s metrics:\n%s\n' "$others"
if [ "${non2xx:-0}" != 0 ] || [ "${sockerr:-0}" != 0 ] || [ "$logerr" != 0 ]; then
  grep 'level=ERROR' "$tmp/server.log" | head -20 >&2 || true
  echo "load: FAILED: errors under load" >&2
  exit 1
fi
