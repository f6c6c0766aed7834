#!/usr/bin/env bash
# Edit latency of `formgen serve` against `hugo server` on a 1,000-form site (see bench/reload.py): save → reload
# event and save → served page, median and p95. Installs hugo from Debian if missing, builds the release binary.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/apt-install hugo
if [ -z "${FORMGEN:-}" ]; then
  scripts/build-release
fi
exec python3 bench/reload.py "$@"
