#!/usr/bin/env python3
"""Build throughput: the release `formgen build` against Hugo on the same synthetic sites.

For each N (default 1000 and 10000) it generates the site once (generate_site.py), then
alternates formgen and Hugo builds, RUNS times each (default 5), each into a new, empty output
folder, measuring wall time, CPU time (user + sys) and peak memory (max RSS) with GNU time.
Output folders are removed only after the series, and the next series waits PAUSE seconds (default 60) after
that clean-up: ext4 makes creating files slow for a while after many were deleted (its inode allocator skips
inodes freed in the last half minute or so, reading their blocks), which would otherwise charge each tool for
the previous series' clean-up. Leave the same gap after deleting a large output yourself before timing a build.
It also times formgen's incremental rebuilds on the N=1000 site. Prints a Markdown table
and writes it to bench/results/build.md.

usage: bench/build_bench.py [N ...]     environment: RUNS=5 PAUSE=60 FORMGEN=.build/release/formgen FORMAT=native|pet-json
(FORMAT: the forms' config format, see generate_site.py; pet-json is the site issue #10 measures)
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMGEN = os.environ.get("FORMGEN", os.path.join(ROOT, ".build/release/formgen"))
RUNS = int(os.environ.get("RUNS", "5"))
PAUSE = float(os.environ.get("PAUSE", "60"))
WORK = os.path.join(ROOT, "bench/work")


def timed(command, cwd):
    """Runs a command under GNU time; returns (wall s, cpu s, peak MiB)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%e %U %S %M"] + command, cwd=cwd, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wall, user, system, rss_kb = report.read().split()
    return float(wall), float(user) + float(system), int(rss_kb) / 1024


FORMAT = os.environ.get("FORMAT", "native")


def site(n):
    folder = os.path.join(WORK, f"site-{n}" if FORMAT == "native" else f"site-{n}-{FORMAT}")
    if not os.path.isdir(folder):
        subprocess.run([sys.executable, os.path.join(ROOT, "bench/generate_site.py"), str(n), folder], check=True)
    return folder


def formgen_build(folder, out):
    return timed([FORMGEN, "build", "--config", "configs", "--templates", os.path.join(ROOT, "templates"), "--out", out],
                 os.path.join(folder, "formgen"))


def hugo_build(folder, out):
    return timed(["hugo", "--quiet", "--source", os.path.join(folder, "hugo"), "--destination", out, "--cleanDestinationDir"],
                 folder)


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    return path


def median(samples, index):
    return statistics.median(sample[index] for sample in samples)


def count_pages(out):
    return sum(1 for _, _, files in os.walk(out) for name in files if name.endswith(".html"))


def throughput(n):
    folder = site(n)
    runs = os.path.join(folder, "runs")
    shutil.rmtree(runs, ignore_errors=True)
    fg, hugo = [], []
    for run in range(RUNS):
        order = [("formgen", fg), ("hugo", hugo)] if run % 2 == 0 else [("hugo", hugo), ("formgen", fg)]
        for name, samples in order:
            out = os.path.join(runs, f"{name}-{run}")
            if name == "formgen":
                samples.append(formgen_build(folder, out))
            else:
                shutil.rmtree(os.path.join(folder, "hugo", "resources"), ignore_errors=True)
                samples.append(hugo_build(folder, out))
    row = {
        "n": n, "formgen_pages": count_pages(os.path.join(runs, "formgen-0")), "hugo_pages": count_pages(os.path.join(runs, "hugo-0")),
        "fg": [median(fg, i) for i in range(3)], "hugo": [median(hugo, i) for i in range(3)],
    }
    shutil.rmtree(runs, ignore_errors=True)
    time.sleep(PAUSE)
    return row


def incremental(n=1000):
    folder = site(n)
    out = os.path.join(folder, "out-incremental")
    formgen_build(folder, fresh(out))
    unchanged = [formgen_build(folder, out) for _ in range(RUNS)]
    form = os.path.join(folder, "formgen/configs/forms/form-00001." + ("yaml" if FORMAT == "native" else "json"))
    title = "title: Synthetic form 1" if FORMAT == "native" else '"name": "Synthetic form 1'
    original = open(form).read()
    changed = []
    try:
        for run in range(RUNS):
            with open(form, "w") as f:
                f.write(original.replace(title, f"{title} (edit {run})"))
            changed.append(formgen_build(folder, out))
    finally:
        with open(form, "w") as f:
            f.write(original)
    forced = [timed([FORMGEN, "build", "--force", "--config", "configs", "--templates", os.path.join(ROOT, "templates"), "--out", out],
                    os.path.join(folder, "formgen")) for _ in range(RUNS)]
    return median(forced, 0), median(unchanged, 0), median(changed, 0)


def main():
    sizes = [int(arg) for arg in sys.argv[1:]] or [1000, 10000]
    if not os.path.exists(FORMGEN):
        sys.exit(f"{FORMGEN} is missing: run `swift build -c release --product formgen` first")
    rows = [throughput(n) for n in sizes]
    lines = [
        f"Median of {RUNS} alternating runs, each into an empty output folder; {os.cpu_count()} cores; forms in the {FORMAT} format.",
        "",
        "| N forms | pages (formgen / Hugo) | formgen wall | Hugo wall | wall ratio | formgen CPU | Hugo CPU | formgen peak RSS | Hugo peak RSS |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        fg, hugo = row["fg"], row["hugo"]
        lines.append(f"| {row['n']:,} | {row['formgen_pages']:,} / {row['hugo_pages']:,} | {fg[0]:.2f} s | {hugo[0]:.2f} s | "
                     f"{fg[0] / hugo[0]:.2f}× | {fg[1]:.2f} s | {hugo[1]:.2f} s | {fg[2]:.0f} MiB | {hugo[2]:.0f} MiB |")
    full, unchanged, changed = incremental()
    lines += [
        "",
        "Incremental formgen builds of the 1,000-form site (median wall time):",
        "",
        "| rebuild everything (`--force`) | rebuild, nothing changed | rebuild, one form changed |",
        "| ---: | ---: | ---: |",
        f"| {full:.2f} s | {unchanged:.2f} s | {changed:.2f} s |",
    ]
    table = "\n".join(lines) + "\n"
    os.makedirs(os.path.join(ROOT, "bench/results"), exist_ok=True)
    with open(os.path.join(ROOT, "bench/results/build.md"), "w") as f:
        f.write(table)
    print(table)


if __name__ == "__main__":
    main()
