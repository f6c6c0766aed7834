#!/usr/bin/env python3
"""What each kind of file costs to render: `formgen build --force --timings` on the generated N-form site, RUNS
times into the same output folder (so no run pays for creating thousands of new files), and the median processor
time per file of each kind, with the reference page's and the schema's cost as a share of the form page's
(issue #10 asks for at most 20 %).

usage: bench/render_costs.py [N]     environment: RUNS=5 FORMAT=pet-json|native FORMGEN=.build/release/formgen
"""
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
os.environ.setdefault("FORMAT", "pet-json")
import build_bench  # noqa: E402

RUNS = int(os.environ.get("RUNS", "5"))
ROW = re.compile(r"^  (.+?)\s+(\d+)\s+([\d.]+) ms\s+([\d.]+) ms each$")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    folder = build_bench.site(n)
    out = os.path.join(folder, "out-costs")
    per_file = {}
    counts = {}
    for _ in range(RUNS):
        result = subprocess.run([build_bench.FORMGEN, "build", "--config", "configs", "--templates",
                                 os.path.join(build_bench.ROOT, "templates"), "--out", out, "--force", "--timings"],
                                cwd=os.path.join(folder, "formgen"), check=True, capture_output=True, text=True)
        for line in result.stdout.splitlines():
            match = ROW.match(line)
            if match:
                per_file.setdefault(match.group(1), []).append(float(match.group(4)))
                counts[match.group(1)] = int(match.group(2))
    form = statistics.median(per_file["form pages"])
    print(f"Rendering cost per file, {n:,}-form {build_bench.FORMAT} site, median of {RUNS} "
          f"({time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores):\n")
    print("| kind | files | ms per file | share of a form page's |")
    print("| --- | ---: | ---: | ---: |")
    for kind, samples in per_file.items():
        cost = statistics.median(samples)
        print(f"| {kind} | {counts[kind]:,} | {cost:.3f} | {cost / form:.0%} |")


if __name__ == "__main__":
    if not os.path.exists(build_bench.FORMGEN):
        sys.exit(f"{build_bench.FORMGEN} is missing: run `scripts/build-release` first")
    main()
