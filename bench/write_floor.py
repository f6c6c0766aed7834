#!/usr/bin/env python3
"""The file-system floor of a build: how long creating a build's output tree alone takes (its folders, then its
files with their bytes, read into memory first), for formgen's output and Hugo's on the same generated site, in the
same run. No rendering is timed: this is what any tool writing that tree pays before doing any work of its own.

usage: bench/write_floor.py [N]     environment: RUNS=5 PAUSE=60 FORMAT=native|pet-json FORMGEN=.build/release/formgen

Builds the N-form site once with each tool, then alternates RUNS writes of each tree (4 threads for the files, as
formgen writes them) into new folders, and prints a Markdown table of the medians beside the tools' own build times
from the same run. The new folders are removed after the series, then PAUSE seconds pass (ext4 skips inodes freed
in the last minutes, which slows whoever creates files next).
"""
import os
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

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


def write_tree(tree, target):
    folders, files = tree
    start = time.perf_counter()
    os.mkdir(target)
    for folder in folders:
        os.mkdir(os.path.join(target, folder))

    def write(entry):
        descriptor = os.open(os.path.join(target, entry[0]), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.write(descriptor, entry[1])
        os.close(descriptor)

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(write, files, chunksize=64))
    return time.perf_counter() - start


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
    for run in range(RUNS):
        order = ["formgen", "hugo"] if run % 2 == 0 else ["hugo", "formgen"]
        for name in order:
            writes[name].append(write_tree(trees[name], os.path.join(runs, f"{name}-copy-{run}")))
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
    print(f"\nHalf of Hugo's build: {half:.3f} s; writing formgen's tree alone takes "
          f"{statistics.median(writes['formgen']) / half:.0%} of it.")
    time.sleep(PAUSE)


if __name__ == "__main__":
    if not os.path.exists(build_bench.FORMGEN):
        sys.exit(f"{build_bench.FORMGEN} is missing: run `swift build -c release --product formgen` first")
    subprocess.run(["hugo", "version"], check=True, stdout=subprocess.DEVNULL)
    main()
