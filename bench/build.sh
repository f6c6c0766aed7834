#!/usr/bin/env bash
# Build throughput against Hugo and incremental rebuild times (see bench/build_bench.py).
# Installs Hugo and GNU time from Debian if missing, builds the release binary, runs the bench.
# usage: bench/build.sh [N ...]   (default 1000 10000; RUNS=5)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/apt-install hugo time
if [ -z "${FORMGEN:-}" ]; then
  scripts/build-release
fi
exec python3 bench/build_bench.py "$@"
