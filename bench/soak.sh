#!/usr/bin/env bash
# Soak test of `formgen serve`: wrk with 1,000 connections for 30 s against the example site's
# pet-adoption page; fails unless every request got a 2xx/3xx answer with no socket error.
# Reports requests, errors and the server's resident memory (VmRSS) before and after.
# usage: bench/soak.sh [CONNECTIONS] [SECONDS] [PATH]    (FORMGEN=binary to skip the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
connections="${1:-1000}"
seconds="${2:-30}"
path="${3:-/pet-adoption/}"
scripts/apt-install wrk
if [ -z "${FORMGEN:-}" ]; then
  scripts/build-release >/dev/null
  FORMGEN="$(swift build -c release --show-bin-path)/formgen"
fi
ulimit -n "$((connections + 1024))" 2>/dev/null || true
work="$(mktemp -d)"
cp -R configs "$work/configs"
"$FORMGEN" serve --config "$work/configs" --out "$work/public" --templates templates --port 0 --quiet >"$work/serve.log" 2>&1 &
server=$!
trap 'kill -INT "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
port=""
for _ in $(seq 1 600); do
  port="$(sed -n 's|.*Serving http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$work/serve.log" | head -n1)"
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { echo "formgen serve did not start:"; cat "$work/serve.log"; exit 1; }
url="http://127.0.0.1:$port$path"
curl -fsS -o /dev/null "$url"
rss() { awk '/^VmRSS/ {print $2}' "/proc/$server/status"; }
before="$(rss)"
report="$(wrk -t2 -c"$connections" -d"${seconds}s" --timeout 10s "$url")"
after="$(rss)"
echo "$report"
requests="$(echo "$report" | awk '/requests in/ {print $1}')"
socket_errors="$(echo "$report" | sed -n 's/.*Socket errors: connect \([0-9]*\), read \([0-9]*\), write \([0-9]*\), timeout \([0-9]*\).*/\1 \2 \3 \4/p' | awk '{print $1+$2+$3+$4}')"
non2xx="$(echo "$report" | awk '/Non-2xx or 3xx responses/ {print $NF}')"
errors=$(( ${socket_errors:-0} + ${non2xx:-0} ))
curl -fsS -o /dev/null "$url"
printf '\n| connections | seconds | requests | errors | RSS before | RSS after |\n| ---: | ---: | ---: | ---: | ---: | ---: |\n'
printf '| %d | %d | %s | %d | %d MiB | %d MiB |\n' "$connections" "$seconds" "$requests" "$errors" "$((before / 1024))" "$((after / 1024))"
[ "$errors" -eq 0 ]
