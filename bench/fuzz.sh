#!/usr/bin/env bash
# The config fuzzer (bench/fuzz.py): CASES mutated copies of the example configs (default 20,000), each checked or
# built by the formgen binary as a child process under an address-space cap (1 GiB) and a 10 s timeout, on 2 workers;
# counts signal exits, timeouts, unlocated diagnostics and peak RSS, keeps failing cases' folders and exits 1 on any.
# usage: bench/fuzz.sh [CASES] [SEED]    (FORMGEN=path/to/formgen, default .build/debug/formgen; more options:
#        bench/fuzz.py --help). The in-process Swift target stays in Tests/FormgenCoreTests/ConfigFuzzTests.swift
#        (FORMGEN_FUZZ_SEED=N FORMGEN_FUZZ_SECONDS=S swift test --filter ConfigFuzzTests).
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-20000}"
seed="${2:-$(date +%s)}"
exec python3 bench/fuzz.py "$cases" "$seed" "${@:3}"
