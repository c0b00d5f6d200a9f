#!/usr/bin/env python3
"""uri_host / uri_path (uri-sql, validating) against ClickHouse's domain() /
path() (chdb, embedded ClickHouse, non-validating), per row, on one thread.

Each engine runs  sum(length(F(line)))  over the file's lines, and the same
query over  length(line)  alone; the difference, divided by the number of
lines, is F's cost per row on top of reading the file and summing lengths,
which cancel out. ClickHouse's length() counts bytes, so uri-sql uses
octet_length() (bytes too).

Both wall time and CPU time are reported: even under max_threads=1
ClickHouse parses the input format on helper threads (CPU/wall above 1 on
an idle machine), so its wall-time difference leaves out part of its work.

The queries run interleaved (baseline, host, path, for both engines, one
round after the other), RUNS rounds after one warm-up round; the medians of
wall time are subtracted. uri-sql runs as a child process (its start-up,
about the same in both of its queries, cancels out too); its CPU time
(user + system, from wait4) is reported beside the wall time, so that
"one thread" can be checked: CPU / wall stays near 1.0. chdb runs in this
process under SETTINGS max_threads=1; its CPU time is this process's.

With --cpu N both engines run on core N alone: "one thread" then holds
for ClickHouse too, whose helper threads (the parallel parsing of the
input format, on by default) otherwise run on another core beside the
query's one thread.

Usage:  dev/bench/sql/setup.sh && dev/bench/sql/.venv/bin/python dev/bench/sql/chdb_compare.py [--runs 7] [--cpu N] [FILE]
FILE defaults to the full gsd corpus ($URIKIT_CORPUS or ../shared/corpus
beside the repository, or /work/shared/corpus).
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

# chdb is imported in main(), after --cpu has pinned this process: threads
# it starts inherit the pinning only if they start after it.
chdb = None

ROOT = Path(__file__).resolve().parents[2]


def corpus_file() -> Path:
    for d in [os.environ.get("URIKIT_CORPUS"), ROOT.parent / "shared" / "corpus", "/work/shared/corpus"]:
        if d and (Path(d) / "gsd-urls.txt").is_file():
            return Path(d) / "gsd-urls.txt"
    sys.exit("gsd-urls.txt not found: give its path, or set URIKIT_CORPUS")


def sq(s: str) -> str:
    return s.replace("\\", "\\\\").replace("'", "\\'")


def run_uri_sql(binary: str, expr: str, path: Path):
    q = f"SELECT sum(octet_length({expr})) AS n FROM lines('{sq(str(path))}')"
    t0 = time.perf_counter()
    p = subprocess.Popen(
        [binary, "run", "--threads", "1", "--no-progress", "--format", "csv", q],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    out, err = p.communicate()
    wall = time.perf_counter() - t0
    # communicate() reaped the child; its usage is in RUSAGE_CHILDREN.
    if p.returncode != 0:
        sys.exit(f"uri-sql failed: {err.decode()}")
    return wall, out.decode().split()[-1]


def cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cpu_self() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def run_ch(expr: str, path: Path):
    q = (
        f"SELECT sum(length({expr})) FROM file('{sq(str(path))}', LineAsString) "
        "SETTINGS max_threads=1"
    )
    t0 = time.perf_counter()
    r = chdb.query(q, "CSV")
    wall = time.perf_counter() - t0
    return wall, str(r).strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--uri-sql", default=str(ROOT / "target" / "release" / "uri-sql"))
    ap.add_argument(
        "--cpu",
        type=int,
        help="run both engines on this one core only (sched_setaffinity; uri-sql inherits it)",
    )
    a = ap.parse_args()
    if a.cpu is not None:
        os.sched_setaffinity(0, {a.cpu})
    global chdb
    import chdb
    path = Path(a.file) if a.file else corpus_file()
    with open(path, "rb") as f:
        rows = sum(1 for _ in f)
    cases = {
        "baseline": ("line", "line"),
        "host": ("uri_host(line)", "domain(line)"),
        "path": ("uri_path(line)", "path(line)"),
    }
    walls = {(e, c): [] for e in ("uri-sql", "clickhouse") for c in cases}
    cpus = {(e, c): [] for e in ("uri-sql", "clickhouse") for c in cases}
    sums = {}
    for rnd in range(a.runs + 1):
        for c, (ours, theirs) in cases.items():
            before = cpu_children()
            w, s = run_uri_sql(a.uri_sql, ours, path)
            cpu = cpu_children() - before
            if rnd > 0:
                walls[("uri-sql", c)].append(w)
                cpus[("uri-sql", c)].append(cpu)
            sums[("uri-sql", c)] = s
            before = cpu_self()
            w, s = run_ch(theirs, path)
            cpu = cpu_self() - before
            if rnd > 0:
                walls[("clickhouse", c)].append(w)
                cpus[("clickhouse", c)].append(cpu)
            sums[("clickhouse", c)] = s
    load = os.getloadavg()
    print(f"file: {path} ({rows} lines, {path.stat().st_size} bytes); {a.runs} runs, medians")
    print(f"chdb {chdb.__version__}; load average at the end: {load[0]:.2f} (1 min), {load[1]:.2f} (5 min) on {os.cpu_count()} cores")
    if a.cpu is not None:
        print(f"both engines pinned to core {a.cpu}")
    print()
    print("| engine | query | wall ms | CPU ms | CPU/wall | sum of lengths |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    med = {}
    for (e, c), ws in walls.items():
        med[(e, c)] = statistics.median(ws)
        cm = statistics.median(cpus[(e, c)])
        expr = cases[c][0 if e == "uri-sql" else 1]
        print(f"| {e} | {expr} | {med[(e, c)] * 1e3:.1f} | {cm * 1e3:.1f} | {cm / med[(e, c)]:.2f} | {sums[(e, c)]} |")
    print()
    # Per row on top of reading, by wall time and by CPU time. They differ
    # for ClickHouse on an idle machine: under max_threads=1 its helper
    # threads still parse the input on another core (CPU/wall above 1), so
    # its wall time hides part of its work; uri-sql runs on one thread
    # (CPU/wall near 1).
    cpu_med = {k: statistics.median(v) for k, v in cpus.items()}
    print("| function | uri-sql ns/row (validating), wall | ClickHouse ns/row, wall | ratio | uri-sql ns/row, CPU | ClickHouse ns/row, CPU | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for c in ("host", "path"):
        per_row = lambda m, e: (m[(e, c)] - m[(e, "baseline")]) / rows * 1e9
        ours, theirs = per_row(med, "uri-sql"), per_row(med, "clickhouse")
        ours_cpu, theirs_cpu = per_row(cpu_med, "uri-sql"), per_row(cpu_med, "clickhouse")
        names = f"{cases[c][0]} vs {cases[c][1]}"
        ratio = ours / theirs if theirs > 0 else float("nan")
        ratio_cpu = ours_cpu / theirs_cpu if theirs_cpu > 0 else float("nan")
        print(f"| {names} | {ours:.1f} | {theirs:.1f} | {ratio:.2f} | {ours_cpu:.1f} | {theirs_cpu:.1f} | {ratio_cpu:.2f} |")


if __name__ == "__main__":
    main()
