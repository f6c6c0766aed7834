#!/usr/bin/env bash
# Benchmarks `formgen collect` on SQLite and on PostgreSQL (a throwaway loopback cluster from scripts/test-postgres):
# wrk posts one valid JSON submission of a five-field contact form for DURATION seconds (default 10) over CONNECTIONS
# (default 16) connections, on loopback; prints submissions/s and the p50/p99 latency, and counts the stored rows.
# usage: bench/collect.sh        environment: FORMGEN=.build/release/formgen DURATION=10 CONNECTIONS=16 STORES="sqlite postgres"
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/apt-install wrk postgresql
if [ -z "${FORMGEN:-}" ]; then
  scripts/build-release
  FORMGEN=.build/release/formgen
fi
DURATION="${DURATION:-10}"
CONNECTIONS="${CONNECTIONS:-16}"
WORK="$(mktemp -d)"
PG_DIR="$(mktemp -d)"  # its own folder: as root the server runs as `postgres`, which cannot enter $WORK
STORES="${STORES:-sqlite postgres}"
cleanup() {
  kill "${COLLECT_PID:-}" 2>/dev/null || true
  wait 2>/dev/null || true
  [ ! -d "$PG_DIR/data" ] || scripts/test-postgres stop "$PG_DIR"
  rm -rf "$WORK" "$PG_DIR"
}
trap cleanup EXIT
mkdir -p "$WORK/configs/forms"
printf 'title: Bench\nbaseURL: /\nlanguage: en\n' >"$WORK/configs/site.yaml"
cat >"$WORK/configs/forms/contact.yaml" <<'YAML'
id: contact
title: Contact
fields:
  - {id: name, label: Name, type: text, required: true, validation: {maxLength: {value: 80}}}
  - {id: email, label: Email, type: email, required: true}
  - {id: age, label: Age, type: number, validation: {minValue: {value: 18}}}
  - {id: topics, label: Topics, type: checkbox, options: [News, Events]}
  - {id: message, label: Message, type: textarea}
YAML
"$FORMGEN" build --config "$WORK/configs" --templates "$WORK/none" --out "$WORK/public" >/dev/null
FORM=contact
BODY='{"name":"Ann Example","email":"ann@example.org","age":30,"topics":["News"],"message":"Hello"}'
cat >"$WORK/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [==[$BODY]==]
LUA
TABLE="| store | connections | submissions/s | p50 | p99 | non-2xx | rows stored |"$'\n'"| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for store in $STORES; do
  case "$store" in
    sqlite) DB="sqlite:$WORK/bench.db"; NAME="SQLite (WAL)" ;;
    postgres) DB="$(scripts/test-postgres start "$PG_DIR")"; NAME="PostgreSQL 15 (loopback, fsync off)" ;;
    *) echo "unknown store $store" >&2; exit 2 ;;
  esac
  PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  FORMGEN_KEY="$(head -c 32 /dev/urandom | base64)" "$FORMGEN" collect --site "$WORK/public" --db "$DB" --port "$PORT" --rate 1000000 --burst 1000000 >"$WORK/collect-$store.log" 2>&1 &
  COLLECT_PID=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
  curl -sf -X POST -H 'Content-Type: application/json' --data "$BODY" "http://127.0.0.1:$PORT/submit/$FORM" >/dev/null
  wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$WORK/post.lua" "http://127.0.0.1:$PORT/submit/$FORM" | tee "$WORK/wrk.txt"
  kill "$COLLECT_PID"; wait "$COLLECT_PID" || true; COLLECT_PID=""
  STORED="$("$FORMGEN" export --db "$DB" --format jsonl | wc -l)"
  RATE="$(awk '/Requests\/sec/ {print $2}' "$WORK/wrk.txt")"
  P50="$(awk '$1 == "50%" {print $2}' "$WORK/wrk.txt")"
  P99="$(awk '$1 == "99%" {print $2}' "$WORK/wrk.txt")"
  NON2XX="$(awk '/Non-2xx/ {print $4}' "$WORK/wrk.txt")"
  TABLE="$TABLE"$'\n'"| $NAME | $CONNECTIONS | $RATE | $P50 | $P99 | ${NON2XX:-0} | $STORED |"
done
echo
echo "$TABLE"
