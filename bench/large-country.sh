#!/usr/bin/env bash
# Build time of a site whose country flow has one country with N generated fields (default
# 1000 2000 5000): the flow's reference page must grow linearly with the number of fields.
# usage: bench/large-country.sh [N ...]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${FORMGEN:-}" ]; then
  scripts/build-release
  FORMGEN="$(swift build -c release --show-bin-path)/formgen"
fi
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 2000 5000)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
printf '| fields | build (s) |\n| ---: | ---: |\n'
for n in "${sizes[@]}"; do
  rm -rf "$work/site"
  cp -R configs "$work/site"
  python3 - "$work/site/countries/zz.yaml" "$n" <<'PY'
import sys
path, n = sys.argv[1], int(sys.argv[2])
lines = ["country: ZZ", "name: Generated", "locale: en-GB", "dataSources: []", "", "fields:"]
for i in range(n):
    lines += [f"  - id: f{i}", f"    label: Field {i}", "    type: text", "    required: true",
              "    validation:", "      - type: maxLength", "        value: 50"]
open(path, "w").write("\n".join(lines) + "\n")
PY
  start=$(date +%s.%N)
  "$FORMGEN" build --config "$work/site" --out "$work/public" >/dev/null
  end=$(date +%s.%N)
  printf '| %d | %.2f |\n' "$n" "$(echo "$end - $start" | bc)"
done
