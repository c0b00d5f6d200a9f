"""Linear time at the command-line faces, on hostile inputs: `uri` and `uri-sql`.

    python3 dev/bench/linear_faces.py [--uri PATH] [--uri-sql PATH] [--repeat R] [--only NAME]

The `uri` and SQL rows of the 1x/10x table of docs/limits.md (the Rust
entry points have `cargo bench -p urikit-bench --bench linear`, Python
bindings/python/bench/linear.py, JavaScript bindings/npm/bench/linear.mjs).
Each entry runs a command on an input of size 1x and 10x, both as one long
line (or the twelve long lines of the hostile shapes of the views, as
`reading_inputs` in dev/bench/benches/linear.rs) and as many short lines;
the table gives the fastest of --repeat runs at each size in CPU time
(user + system, all threads), less the fastest of --repeat runs of the
same command on an empty input (the process's start-up, and for SQL the
session and the query's planning), and the ratio of the two (10 is linear,
100 would be quadratic).

The binaries default to target/release (else target/debug) of this
checkout; `cargo build --release -p urikit-cli -p uri-sql` makes them.
The output goes to /dev/null: what is timed is reading, the work and
writing, not a terminal. The 1x sizes are chosen so that the work stands
well above the start-up (a few ms for `uri`, more for `uri-sql`), whose
jitter is the main error of a row.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[2]


def reading_inputs(n):
    """The hostile shapes of dev/bench/data/hostile-shapes.json (the ones
    every face's 1x/10x benchmark reads), `n` units each, one a line."""
    shapes = json.loads(
        (REPO / "dev/bench/data/hostile-shapes.json").read_text(encoding="utf-8")
    )
    return "".join(
        v["prefix"] + v["unit"] * n + v["suffix"] + "\n" for v in shapes["shapes"]
    )


def many(n):
    """n lines of the hostile shapes, 8 units each (the short line case:
    per-line costs, buffers and output records)."""
    return reading_inputs(8) * (n // 12 + 1)


def line(text):
    return lambda n: text(n) + "\n"


# (name, argv after the binary, input of size n, 1x n). Sizes: the work
# at 1x is at least several times the start-up.
URI_ENTRIES = [
    (
        "parse-json-pct",
        ["parse", "--json"],
        line(lambda n: "http://a/" + "%41" * n),
        1_000_000,
    ),
    ("parse-json-many", ["parse", "--json"], many, 100_000),
    (
        "normalize",
        ["normalize"],
        line(lambda n: "HTTP://A.EXAMPLE/" + "./%7e/../%2f/" * n),
        250_000,
    ),
    ("normalize-many", ["normalize"], many, 40_000),
    ("views-all", ["views", "--parsers", "all", "--json"], reading_inputs, 5_000),
    ("views-all-many", ["views", "--parsers", "all", "--json"], many, 4_000),
    ("guard-json", ["guard", "--json"], reading_inputs, 100_000),
    ("guard-json-many", ["guard", "--json"], many, 20_000),
    ("lint-dots", ["lint"], line(lambda n: "http://a/" + "./" * n), 40_000),
    ("lint-many", ["lint"], many, 40_000),
    (
        "extract-one-line",
        ["extract"],
        line(lambda n: "e http://a.com/x u " * n),
        100_000,
    ),
    ("extract-many", ["extract"], many, 40_000),
    ("repair", ["repair"], line(lambda n: "http://a/" + "é %" * n), 250_000),
    ("repair-many", ["repair"], many, 40_000),
    (
        "template-match",
        ["template", "match", "{/p*}"],
        line(lambda n: "/" + "a/" * n),
        1_000_000,
    ),
]


def sql(expr):
    return ["run", f"SELECT {expr} FROM lines('{{file}}')"]


SQL_ENTRIES = [
    ("sql-host", sql("sum(length(uri_host(line)))"), reading_inputs, 100_000),
    ("sql-host-many", sql("sum(length(uri_host(line)))"), many, 200_000),
    ("sql-normalize", sql("sum(length(uri_normalize(line)))"), reading_inputs, 100_000),
    (
        "sql-parse-url",
        sql("sum(length(parse_url(line, 'HOST')))"),
        reading_inputs,
        100_000,
    ),
    ("sql-views-all", sql("count(uri_views(line, 'all'))"), reading_inputs, 5_000),
    ("sql-views-all-many", sql("count(uri_views(line, 'all'))"), many, 4_000),
    (
        "sql-host-confusion",
        sql("sum(cardinality(uri_host_confusion(line, 'all')))"),
        reading_inputs,
        5_000,
    ),
    (
        "sql-lint",
        sql("sum(cardinality(uri_lint(line)))"),
        line(lambda n: "http://a/" + "./" * n),
        100_000,
    ),
    (
        "sql-extract",
        sql("sum(cardinality(uri_extract(line)))"),
        line(lambda n: "e http://a.com/x u " * n),
        100_000,
    ),
    (
        "sql-repair",
        sql("sum(length(uri_repair(line)))"),
        line(lambda n: "http://a/" + "é %" * n),
        250_000,
    ),
]


def run_once(argv, path, stdin):
    """CPU seconds (user + system, every thread) of one run, from the
    kernel's accounting of the child (`wait4`): on a machine shared with
    other work, wall time moves by several ms from run to run, the CPU time
    of the process far less. The command reads `path` (from standard input
    when `stdin`, else by name in the argv)."""
    argv = [a.replace("{file}", str(path)) for a in argv]
    with open(path, "rb") as f, tempfile.TemporaryFile() as err:
        p = subprocess.Popen(
            argv,
            stdin=f if stdin else subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        stderr = err.read()
    # 1: some input invalid or flagged (hostile inputs are); 2 or more, or
    # a signal: the command failed, and its time means nothing.
    if p.returncode not in (0, 1):
        sys.exit(
            f"{' '.join(argv[:4])}...: exit {p.returncode}: {stderr.decode(errors='replace')[-500:]}"
        )
    return usage.ru_utime + usage.ru_stime


def fastest(argv, path, stdin, repeat):
    run_once(argv, path, stdin)  # warm-up: the binary and the file in the page cache
    return min(run_once(argv, path, stdin) for _ in range(repeat))


def table(binary, entries, stdin, args, tmp):
    empty = tmp / "empty.txt"
    empty.write_bytes(b"")
    for name, argv, make, n in entries:
        if args.only and args.only not in name:
            continue
        argv = [str(binary), *argv]
        start = fastest(argv, empty, stdin, args.repeat)
        times = []
        size = 0
        for k in (1, 10):
            path = tmp / f"{name}-{k}.txt"
            data = make(k * n).encode()
            path.write_bytes(data)
            size = size or len(data)
            times.append(fastest(argv, path, stdin, args.repeat) - start)
            path.unlink()
        t1, t10 = times
        print(
            f"| {name} | {size} | {start * 1e3:.1f} | {t1 * 1e3:.1f} | {t10 * 1e3:.1f} | {t10 / t1:.1f} |",
            flush=True,
        )


def default_binary(name):
    for profile in ("release", "debug"):
        p = REPO / "target" / profile / name
        if p.exists():
            return p
    return None


def _path(s):
    """A binary's path; an empty one leaves that face out."""
    return pathlib.Path(s) if s else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--uri", type=_path, default=default_binary("uri"))
    ap.add_argument("--uri-sql", type=_path, default=default_binary("uri-sql"))
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--only")
    args = ap.parse_args()
    print("| entry | 1x bytes | start-up ms | 1x ms | 10x ms | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as d:
        tmp = pathlib.Path(d)
        if args.uri:
            print(f"<!-- {args.uri} -->", flush=True)
            table(args.uri, URI_ENTRIES, True, args, tmp)
        else:
            print(
                "skip: no uri binary (cargo build --release -p urikit-cli)",
                file=sys.stderr,
            )
        if args.uri_sql:
            print(f"<!-- {args.uri_sql} -->", flush=True)
            table(args.uri_sql, SQL_ENTRIES, False, args, tmp)
        else:
            print(
                "skip: no uri-sql binary (cargo build --release -p uri-sql)",
                file=sys.stderr,
            )


if __name__ == "__main__":
    main()
