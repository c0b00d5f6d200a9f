#!/usr/bin/env python3
"""The host of every URL of gsd-urls.txt, one thread: DuckDB with the
extension's uri_host, DuckDB's own regexp_extract, and the DataFusion
function (uri-sql), as nanoseconds per row.

    python3 bindings/duckdb/bench.py [--runs 5] [--functions uri_host,uri_path] [--ext FILE]

--functions measures more of the extension's one-argument functions, each
against its DataFusion function (the regular expression is for the host
only); --ext loads another build of the extension (to compare two builds
in one shell, one after the other).

Needs the `duckdb` module, the built extension (build.py) and uri-sql
(cargo build -p uri-sql --release). Reads the full corpus
(URIKIT_CORPUS or ../shared/corpus beside the checkout), else the sample in
dev/testdata/corpus (with a note).

Each figure is the best of --runs runs of the query minus the best of the
same query without the function (`count(line)`): what the function costs
per row, without the scan. Both the wall time and the CPU time (of this
process for DuckDB, of the child for uri-sql) are shown: on a shared,
loaded machine the wall time counts the time the query waited for a core,
the CPU time only the time it ran. DuckDB reads the lines from a table in memory;
uri-sql reads them with lines() from the file, and its baseline does too.
"""

import argparse
import os
import resource
import subprocess
import time
from pathlib import Path

import duckdb

ROOT = Path(__file__).resolve().parents[2]
# The host as a regular expression: after the scheme and '//', an optional
# userinfo, then an IP literal or everything up to ':', '/', '?' or '#'.
HOST_RE = r"^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\[[^\]/?#]*\]|[^:/?#]*)"


def corpus() -> Path:
    env = os.environ.get("URIKIT_CORPUS")
    for d in ([Path(env)] if env else []) + [ROOT.parent / "shared/corpus"]:
        if (d / "gsd-urls.txt").exists():
            return d / "gsd-urls.txt"
    print("note: the full corpus is missing; measuring the sample")
    return ROOT / "dev/testdata/corpus/gsd-urls.txt"


def cpu() -> float:
    """This process's CPU time and its finished children's, in seconds."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def best(f, runs: int) -> tuple[float, float]:
    """The best wall time and the best CPU time of `runs` runs of `f`."""
    walls, cpus = [], []
    for _ in range(runs):
        t, c = time.perf_counter(), cpu()
        f()
        walls.append(time.perf_counter() - t)
        cpus.append(cpu() - c)
    return min(walls), min(cpus)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--functions", default="uri_host")
    ap.add_argument("--ext", default=str(ROOT / "target/duckdb/urikit.duckdb_extension"))
    args = ap.parse_args()
    path = corpus()
    ext = Path(args.ext)
    functions = args.functions.split(",")
    uri_sql = ROOT / "target/release/uri-sql"
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{ext}'")
    con.execute("SET threads = 1")
    lines = path.read_bytes().decode("utf-8", "replace").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [s[:-1] if s.endswith("\r") else s for s in lines]
    con.execute("CREATE TABLE t AS SELECT unnest($1) AS line", [lines])
    n = len(lines)
    load0 = ' '.join(f'{x:.2f}' for x in os.getloadavg())

    def q(sql):
        return lambda: con.execute(sql).fetchall()

    # DuckDB answers count(line) from the table's statistics: the scan's
    # baseline is length(), which reads every row.
    base = best(q("SELECT sum(length(line)) FROM t"), args.runs)
    ours = {f: best(q(f"SELECT count({f}(line)) FROM t"), args.runs) for f in functions}
    regex = best(q(f"SELECT count(regexp_extract(line, '{HOST_RE}', 1)) FROM t"), args.runs)

    def u(sql):
        cmd = [str(uri_sql), "--threads", "1", "--no-progress", "--format", "csv", sql]
        return lambda: subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)

    rel = path if not path.is_relative_to(ROOT) else path.relative_to(ROOT)
    df_base = best(u(f"SELECT count(line) FROM lines('{rel}')"), args.runs)
    df = {f: best(u(f"SELECT count({f}(line)) FROM lines('{rel}')"), args.runs) for f in functions}
    # The answers agree where the regular expression can tell (a valid URL
    # with an authority): printed, not asserted (it is a benchmark).
    agree = con.execute(
        f"SELECT count(*) FILTER (WHERE uri_host(line) = regexp_extract(line, '{HOST_RE}', 1)), "
        "count(uri_host(line)) FROM t"
    ).fetchone()
    print(f"{path.name}: {n} rows, duckdb {duckdb.__version__}, one thread, best of {args.runs}, {ext}")
    print("| what | wall ms | CPU ms | ns per row, wall | ns per row, CPU |")
    print("| --- | --- | --- | --- | --- |")
    rows = [("DuckDB `sum(length(line))` (the scan)", base, None)]
    rows += [(f"DuckDB `{f}(line)` (this extension)", ours[f], base) for f in functions]
    rows += [("DuckDB `regexp_extract(line, HOST_RE, 1)`", regex, base)]
    rows += [("uri-sql `count(line)` (process, lines())", df_base, None)]
    rows += [(f"uri-sql `{f}(line)` (DataFusion UDF)", df[f], df_base) for f in functions]
    for label, t, b in rows:
        per = ["", ""] if b is None else [f"{(t[k] - b[k]) / n * 1e9:.0f}" for k in (0, 1)]
        print(f"| {label} | {t[0] * 1e3:.1f} | {t[1] * 1e3:.1f} | {per[0]} | {per[1]} |")
    for f in functions:
        for k, what in ((0, "wall"), (1, "CPU")):
            ratio = (ours[f][k] - base[k]) / max(df[f][k] - df_base[k], 1e-9)
            print(f"{f}: extension / DataFusion UDF per row ({what}): {ratio:.2f}")
    print(f"load average before and after: {load0} / {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"regexp_extract gives uri_host's answer on {agree[0]} of the {agree[1]} rows with a host")


if __name__ == "__main__":
    main()
