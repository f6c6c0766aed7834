#!/usr/bin/env bash
# Build throughput against Hugo and incremental rebuild times (see bench/build_bench.py).
# Installs Hugo and GNU time from Debian if missing, builds the release binary, runs the bench.
# usage: bench/build.sh [N ...]   (default 1000 10000; RUNS=5)
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
for package in hugo time; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ -z "${FORMGEN:-}" ]; then
  swift build -c release --product formgen
fi
exec python3 bench/build_bench.py "$@"
