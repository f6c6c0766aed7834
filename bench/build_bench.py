#!/usr/bin/env python3
"""Build throughput: the release `formgen build` against Hugo on the same synthetic sites, and against the floor.

For each N (default 1000 and 10000) it generates the site once (generate_site.py) with two Hugo sites beside it:
the bare one (one page per form, the theme's stylesheet inline) and the like-for-like one (hugo_like.py: formgen's
tree file for file — each form's page with the stylesheet and runtime inline, its reference page and its
schema.json, the countries' pages, docs — with the stylesheet and runtime taken from formgen's own output).
It alternates formgen and both Hugo builds, RUNS times each (default 5), each into a new, empty output
folder, measuring wall time, CPU time (user + sys) and peak memory (max RSS) with GNU time.
The write floor is what any tool pays to produce formgen's tree before rendering a page: writing that tree from
memory (bench/write_tree.c, 4 threads) plus `formgen check` (reading and checking every config).
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
    """Runs a command under GNU time; returns (wall s, cpu s, peak MiB, system s): the CPU is user plus system time,
    the system part given too (ext4 creates files slowly just after many were deleted: that cost is the kernel's)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%e %U %S %M"] + command, cwd=cwd, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wall, user, system, rss_kb = report.read().split()
    return float(wall), float(user) + float(system), int(rss_kb) / 1024, float(system)


FORMAT = os.environ.get("FORMAT", "native")


def site(n):
    folder = os.path.join(WORK, f"site-{n}" if FORMAT == "native" else f"site-{n}-{FORMAT}")
    layout = os.path.join(folder, "hugo/layouts/_default/single.html")
    if not os.path.isfile(layout) or "safeCSS" not in open(layout).read():
        shutil.rmtree(folder, ignore_errors=True)
        subprocess.run([sys.executable, os.path.join(ROOT, "bench/generate_site.py"), str(n), folder], check=True)
    if not os.path.isdir(os.path.join(folder, "hugo-like")):
        out = os.path.join(folder, "out-for-hugo-like")
        formgen_build(folder, fresh(out))
        subprocess.run([sys.executable, os.path.join(ROOT, "bench/hugo_like.py"), folder, out], check=True)
        shutil.rmtree(out)
    return folder


def formgen_build(folder, out):
    return timed([FORMGEN, "build", "--config", "configs", "--templates", os.path.join(ROOT, "templates"), "--out", out],
                 os.path.join(folder, "formgen"))


def hugo_build(folder, out, site="hugo"):
    shutil.rmtree(os.path.join(folder, site, "resources"), ignore_errors=True)
    return timed(["hugo", "--quiet", "--source", os.path.join(folder, site), "--destination", out, "--cleanDestinationDir"],
                 folder)


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    return path


def median(samples, index):
    return statistics.median(sample[index] for sample in samples)


def tree_size(out):
    """(files, bytes) of an output tree."""
    sizes = [os.path.getsize(os.path.join(folder, name)) for folder, _, files in os.walk(out) for name in files]
    return len(sizes), sum(sizes)


def throughput(n):
    import write_floor  # the tree writer; imported here because it imports this module
    folder = site(n)
    runs = os.path.join(folder, "runs")
    shutil.rmtree(runs, ignore_errors=True)
    samples = {"formgen": [], "hugo": [], "hugo-like": []}
    for run in range(RUNS):
        order = list(samples) if run % 2 == 0 else list(reversed(samples))
        for name in order:
            out = os.path.join(runs, f"{name}-{run}")
            samples[name].append(formgen_build(folder, out) if name == "formgen" else hugo_build(folder, out, name))
    write_floor.compile_writer()
    writes, checks = [], []
    for run in range(RUNS):
        writes.append(write_floor.write_tree(os.path.join(runs, "formgen-0"), os.path.join(runs, f"floor-{run}")))
        checks.append(timed([FORMGEN, "check", "--config", "configs"], os.path.join(folder, "formgen")))
    row = {"n": n, "trees": {name: tree_size(os.path.join(runs, f"{name}-0")) for name in samples},
           "medians": {name: [median(runs_, i) for i in range(4)] for name, runs_ in samples.items()},
           "floor": statistics.median(writes) + median(checks, 0)}
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
        sys.exit(f"{FORMGEN} is missing: run `scripts/build-release` first")
    rows = [throughput(n) for n in sizes]
    lines = [
        f"Median of {RUNS} alternating runs, each into an empty output folder; {os.cpu_count()} cores; forms in the {FORMAT} format.",
        "Hugo like for like writes formgen's tree (hugo_like.py); Hugo bare writes one page per form; the floor is writing",
        "formgen's tree from memory plus `formgen check`. CPU is user plus system time, the system (kernel) part in brackets.",
        "",
        "| N forms | tree | files | MB | wall | formgen ÷ it | CPU (system) | peak RSS |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    names = {"formgen": "formgen", "hugo-like": "Hugo, like for like", "hugo": "Hugo, bare pages"}
    for row in rows:
        formgen_wall = row["medians"]["formgen"][0]
        for name, label in names.items():
            files, size = row["trees"][name]
            wall, cpu, rss, system = row["medians"][name]
            ratio = "" if name == "formgen" else f"{formgen_wall / wall:.2f}×"
            lines.append(f"| {row['n']:,} | {label} | {files:,} | {size / 1e6:.1f} | {wall:.2f} s | {ratio} | {cpu:.2f} s ({system:.2f} s) | {rss:.0f} MiB |")
        files, size = row["trees"]["formgen"]
        lines.append(f"| {row['n']:,} | write floor | {files:,} | {size / 1e6:.1f} | {row['floor']:.2f} s | "
                     f"{formgen_wall / row['floor']:.2f}× | | |")
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
