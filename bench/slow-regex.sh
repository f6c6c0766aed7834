#!/usr/bin/env bash
# Time for `formgen validate` and the preview's sink to answer a catastrophic pattern accepted with
# allowSlowRegex ('(a+)+$' against N a's and a '!', default 50): the Swift matcher's step budget must
# keep both well under a second (without it: 24 s for 50 characters, doubling with each one more).
# usage: bench/slow-regex.sh [N]    (FORMGEN=binary to skip the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-50}"
if [ -z "${FORMGEN:-}" ]; then
  scripts/build-release >/dev/null
  FORMGEN="$(swift build -c release --show-bin-path)/formgen"
fi
work="$(mktemp -d)"
mkdir -p "$work/configs/forms"
printf 'title: Slow\n' >"$work/configs/site.yaml"
cat >"$work/configs/forms/slow.yaml" <<'YAML'
title: Slow
fields:
  - id: a
    label: A
    validation:
      regex: {value: '(a+)+$', allowSlowRegex: true, message: Only the letter a}
YAML
value="$(printf 'a%.0s' $(seq 1 "$n"))!"
printf '{"a": "%s"}' "$value" >"$work/data.json"
seconds() { python3 -c 'import sys; print(f"{float(sys.argv[2]) - float(sys.argv[1]):.3f}")' "$1" "$2"; }
start=$(date +%s.%N)
"$FORMGEN" validate slow "$work/data.json" --config "$work/configs" >"$work/validate.out" 2>&1 || true
end=$(date +%s.%N)
validate_time="$(seconds "$start" "$end")"
grep -q "a: Only the letter a" "$work/validate.out" || { cat "$work/validate.out"; exit 1; }
"$FORMGEN" serve --config "$work/configs" --out "$work/public" --port 0 --quiet >"$work/serve.log" 2>&1 &
server=$!
trap 'kill -INT "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
port=""
for _ in $(seq 1 600); do
  port="$(sed -n 's|.*Serving http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$work/serve.log" | head -n1)"
  [ -n "$port" ] && break
  sleep 0.1
done
sink_time="$(curl -sS -o "$work/sink.out" -w '%{time_total}' -H 'Content-Type: application/json' --data-binary @"$work/data.json" "http://127.0.0.1:$port/__formgen/submit/slow")"
grep -q "Only the letter a" "$work/sink.out" || { cat "$work/sink.out"; exit 1; }
printf '| input | formgen validate (s, process included) | sink (s) |\n| --- | ---: | ---: |\n'
printf '| %d a + ! | %s | %.3f |\n' "$n" "$validate_time" "$sink_time"
