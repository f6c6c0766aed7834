#!/usr/bin/env bash
# Benchmarks `formgen serve` (see bench/serve.py): request rate for one form page against nginx
# and `hugo server`, and the time from a config save to the reload event on a 1,000-form site.
# Installs wrk, nginx and hugo from Debian if missing, builds the release binary, runs the bench.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/apt-install wrk nginx hugo
if [ -z "${FORMGEN:-}" ]; then
  scripts/build-release
fi
exec python3 bench/serve.py "$@"
