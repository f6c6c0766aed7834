#!/usr/bin/env bash
# Benchmarks `formgen serve` (see bench/serve.py): request rate for one form page against nginx
# and `hugo server`, and the time from a config save to the reload event on a 1,000-form site.
# Installs wrk, nginx and hugo from Debian if missing, builds the release binary, runs the bench.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
for package in wrk nginx hugo; do
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
exec python3 bench/serve.py "$@"
