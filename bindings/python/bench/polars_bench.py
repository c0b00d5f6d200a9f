"""Speed of the Polars plugin (``urikit.polars``): ``.uri.host()`` against
``str.extract`` with a host regular expression and against the eager Arrow
round trip, one thread.

    python bindings/python/bench/polars_bench.py [--repeat R] [--corpus PATH]

Reads gsd-urls.txt (the full corpus from ../shared/corpus or URIKIT_CORPUS
when it is there, else the committed sample), sets POLARS_MAX_THREADS=1
before Polars loads, and prints a Markdown table: the best of --repeat runs
(time.perf_counter) per column and per URL, and how many rows each answer
differs from ``.uri.host()`` in (the regular expression neither validates
nor reads IPv6 zones and percent-encoding as RFC 3986 does). The last row,
the kernel over a column already in Arrow's string view layout, is the
floor the plugin's cost is measured against. Needs: urikit built with its
plugin, polars, pyarrow.
"""

import argparse
import os
import platform
import sys

# Before Polars starts its thread pool.
os.environ["POLARS_MAX_THREADS"] = "1"

import polars as pl  # noqa: E402
import urikit.arrow  # noqa: E402
import urikit.polars  # noqa: E402,F401
from common import HOST_PATTERN as PATTERN  # noqa: E402
from common import best, corpus_path  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--corpus", default="")
    args = ap.parse_args()
    path = corpus_path(args.corpus)
    lines = path.read_text(encoding="utf-8").splitlines()
    df = pl.DataFrame({"u": lines}, schema={"u": pl.String})
    lf = df.lazy()
    # What the plugin is handed: the same strings as Utf8View, made before
    # the clock starts (the last row's time is the kernel's own).
    view = df["u"].to_arrow()
    print(
        f"corpus: {path.name}, {len(lines):,} lines; Python {platform.python_version()}; "
        f"Polars {pl.__version__}; {pl.thread_pool_size()} thread; {platform.machine()}"
    )
    rows = [
        (
            "`.uri.host()` (lazy, `collect()`)",
            lambda: lf.select(pl.col("u").uri.host()).collect()["u"],
        ),
        (
            '`.uri.host()` (lazy, `collect(engine="streaming")`)',
            lambda: lf.select(pl.col("u").uri.host()).collect(engine="streaming")["u"],
        ),
        (
            "`str.extract` with a host regex (lazy, `collect()`)",
            lambda: lf.select(pl.col("u").str.extract(PATTERN, 1)).collect()["u"],
        ),
        (
            "eager Arrow round trip: `pl.Series(urikit.arrow.host(df['u'].to_arrow()))`",
            lambda: pl.Series(urikit.arrow.host(df["u"].to_arrow())),
        ),
        (
            "the kernel alone: `urikit.arrow.host` over a pyarrow `string_view` array (no Polars)",
            lambda: urikit.arrow.host(view),
        ),
    ]
    results = [(name, *best(fn, args.repeat)) for name, fn in rows]
    ours = results[0][2].to_list()
    print()
    print("| Way | per column (ms) | per URL (ns) | rows unlike `.uri.host()` |")
    print("|---|---:|---:|---:|")
    for name, t, out in results:
        out = out if isinstance(out, pl.Series) else pl.Series(out)
        differ = sum(a != b for a, b in zip(out.to_list(), ours))
        print(f"| {name} | {t * 1e3:.1f} | {t * 1e9 / len(lines):.0f} | {differ:,} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
