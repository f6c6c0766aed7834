#!/usr/bin/env python3
"""The file-system floor of a build: how long creating a build's output tree alone takes (its folders, then its
files with their bytes, read into memory first), for formgen's output and Hugo's on the same generated site, in the
same run. No rendering is timed: this is what any tool writing that tree pays before doing any work of its own.
Beside it, `formgen check` (reading and checking every config, nothing rendered or written): the two together are
what a build pays before rendering a single page.
The tree is written by `bench/write_tree.c` (compiled here with `cc`): an interpreter's own cost per file would
double the figure (a first version of this bench wrote from Python and reported about twice the floor).

usage: bench/write_floor.py [N]     environment: RUNS=5 PAUSE=60 FORMAT=native|pet-json FORMGEN=.build/release/formgen

Builds the N-form site once with each tool, then alternates RUNS writes of each tree (4 threads for the files, as
formgen writes them) into new folders, and prints a Markdown table of the medians beside the tools' own build times
from the same run. The new folders are removed after the series, then PAUSE seconds pass: on this machine's ext4
(no journal) a new file skips the inodes freed in the last 60 s (300 s while their table block is not yet written),
so creating files soon after a large delete is several times slower, for any tool.
"""
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import build_bench  # noqa: E402  (the same sites and build commands)

RUNS = int(os.environ.get("RUNS", "5"))
PAUSE = int(os.environ.get("PAUSE", "60"))


def read_tree(root):
    folders, files = [], []
    for folder, _, names in os.walk(root):
        relative = os.path.relpath(folder, root)
        if relative != ".":
            folders.append(relative)
        for name in names:
            with open(os.path.join(folder, name), "rb") as handle:
                files.append((os.path.join(relative, name), handle.read()))
    return sorted(folders, key=lambda path: path.count(os.sep)), files


WRITER = os.path.join(build_bench.WORK, "write_tree")


def compile_writer():
    source = os.path.join(os.path.dirname(__file__), "write_tree.c")
    os.makedirs(build_bench.WORK, exist_ok=True)
    subprocess.run(["cc", "-O2", "-pthread", "-o", WRITER, source], check=True)


def write_tree(source, target):
    """Seconds to create a copy of `source` at `target` (4 threads for the files, as formgen writes them)."""
    seconds = subprocess.run([WRITER, source, target, "4"], check=True, capture_output=True, text=True).stdout.split()[0]
    return float(seconds)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    folder = build_bench.site(n)
    runs = os.path.join(build_bench.WORK, f"floor-{n}-{build_bench.FORMAT}")
    shutil.rmtree(runs, ignore_errors=True)
    os.makedirs(runs)
    builds = {"formgen": [], "hugo": []}
    for run in range(RUNS):
        for name in (["formgen", "hugo"] if run % 2 == 0 else ["hugo", "formgen"]):
            out = os.path.join(runs, f"{name}-{run}")
            if name == "formgen":
                builds[name].append(build_bench.formgen_build(folder, out)[0])
            else:
                shutil.rmtree(os.path.join(folder, "hugo", "resources"), ignore_errors=True)
                builds[name].append(build_bench.hugo_build(folder, out)[0])
    trees = {name: read_tree(os.path.join(runs, f"{name}-0")) for name in builds}
    writes = {"formgen": [], "hugo": []}
    checks = []
    for run in range(RUNS):
        order = ["formgen", "hugo"] if run % 2 == 0 else ["hugo", "formgen"]
        for name in order:
            writes[name].append(write_tree(os.path.join(runs, f"{name}-0"), os.path.join(runs, f"{name}-copy-{run}")))
        checks.append(build_bench.timed([build_bench.FORMGEN, "check", "--config", "configs"], os.path.join(folder, "formgen")))
    shutil.rmtree(runs, ignore_errors=True)
    print(f"Output trees of the {n:,}-form {build_bench.FORMAT} site, median of {RUNS} ({time.strftime('%Y-%m-%d %H:%M')}, "
          f"{os.cpu_count()} cores):\n")
    print("| tree | folders | files | MB | writing the tree alone | the tool's whole build |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name in builds:
        folders, files = trees[name]
        megabytes = sum(len(body) for _, body in files) / 1e6
        print(f"| {name} | {len(folders):,} | {len(files):,} | {megabytes:.1f} | {statistics.median(writes[name]):.3f} s | "
              f"{statistics.median(builds[name]):.2f} s |")
    half = statistics.median(builds["hugo"]) / 2
    write = statistics.median(writes["formgen"])
    check = build_bench.median(checks, 0)
    print(f"\nHalf of Hugo's build: {half:.3f} s; writing formgen's tree alone takes {write / half:.0%} of it.")
    print(f"`formgen check` (reading and checking the configs, nothing rendered or written): {check:.3f} s wall, "
          f"{build_bench.median(checks, 1):.3f} s processor; with the tree written, {(check + write) / half:.0%} of half "
          f"of Hugo's build before any page is rendered.")
    time.sleep(PAUSE)


if __name__ == "__main__":
    compile_writer()
    if not os.path.exists(build_bench.FORMGEN):
        sys.exit(f"{build_bench.FORMGEN} is missing: run `scripts/build-release` first")
    subprocess.run(["hugo", "version"], check=True, stdout=subprocess.DEVNULL)
    main()
