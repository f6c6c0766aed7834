#!/usr/bin/env bash
# Long mode of the config fuzz target (Tests/FormgenCoreTests/ConfigFuzzTests.swift): mutates the example
# configs for N minutes (default 10) with a new seed each run, failing on any crash or unlocated diagnostic.
# usage: bench/fuzz.sh [MINUTES] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
minutes="${1:-10}"
seed="${2:-$(date +%s)}"
echo "fuzzing for $minutes min with FORMGEN_FUZZ_SEED=$seed"
FORMGEN_FUZZ_SEED="$seed" FORMGEN_FUZZ_SECONDS="$((minutes * 60))" \
  swift test --filter ConfigFuzzTests
