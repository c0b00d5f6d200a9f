"""Speed of the urikit package from Python, against the usual tools.

    python bindings/python/bench/bench.py [--limit N] [--repeat R] [--corpus PATH]

Reads gsd-urls.txt (the full corpus from ../shared/corpus or URIKIT_CORPUS
when it is there, else the committed sample) and prints three Markdown
tables: parse + host per URL in a Python loop; JSON Schema format
validation; batch host over a whole column. Times are the best of
--repeat runs (time.perf_counter), per URL. Needs: urikit, rfc3986,
ada-url, jsonschema, rfc3987, rfc3986-validator, pyarrow, polars.
"""

import argparse
import platform
import sys
import urllib.parse

import common
from common import corpus_path


def best(fn, repeat):
    return common.best(fn, repeat)[0]


def table(title, rows, n, baseline):
    print(f"\n### {title}\n")
    print(f"{n:,} URLs; best of the runs; speed-up = the row's speed over {baseline!r}.\n")
    print("| implementation | total | per URL | speed-up |")
    print("| --- | ---: | ---: | ---: |")
    base = dict(rows)[baseline]
    for name, secs in rows:
        print(f"| {name} | {secs * 1e3:,.1f} ms | {secs / n * 1e9:,.0f} ns | {base / secs:,.2f}× |")


def bench_parse_host(lines, repeat):
    import ada_url
    import rfc3986
    import urikit

    def k_urikit():
        URIRef = urikit.URIRef
        err = urikit.URIError
        for s in lines:
            try:
                URIRef(s).host
            except err:
                pass

    def k_urllib():
        split = urllib.parse.urlsplit
        for s in lines:
            try:
                split(s).hostname
            except ValueError:
                pass

    def k_rfc3986():
        ref = rfc3986.uri_reference
        for s in lines:
            try:
                ref(s).authority_info()["host"]
            except Exception:
                pass

    def k_ada():
        URL = ada_url.URL
        for s in lines:
            try:
                URL(s).hostname
            except ValueError:
                pass

    rows = [
        ("urikit `URIRef(s).host` (validates, RFC 3986)", best(k_urikit, repeat)),
        ("urllib.parse `urlsplit(s).hostname` (no validation)", best(k_urllib, repeat)),
        ("ada-url `URL(s).hostname` (WHATWG)", best(k_ada, repeat)),
        ("rfc3986 `uri_reference(s).authority_info()['host']`", best(k_rfc3986, max(1, repeat // 2))),
    ]
    table("Parse and read the host, per URL in a Python loop", rows, len(lines), rows[1][0])
    return rows


def bench_jsonschema(lines, repeat):
    import jsonschema
    import urikit.jsonschema

    theirs = jsonschema.FormatChecker()
    ours = urikit.jsonschema.format_checker()
    # The same answer from both, or the comparison is meaningless.
    sample = lines[:2000]
    for fmt in ("uri", "uri-reference"):
        differ = [s for s in sample if theirs.conforms(s, fmt) != ours.conforms(s, fmt)]
        print(
            f"\n{fmt}: jsonschema's checker and urikit's disagree on {len(differ)} of {len(sample)} sample URLs",
            file=sys.stderr,
        )
        for s in differ[:5]:
            print(f"  {s!r}: jsonschema {theirs.conforms(s, fmt)}, urikit {ours.conforms(s, fmt)}", file=sys.stderr)

    rows = []
    for fmt in ("uri", "uri-reference"):
        check_theirs = theirs.checkers[fmt][0]
        check_ours = ours.checkers[fmt][0]

        def run(check):
            def go():
                for s in lines:
                    try:
                        check(s)
                    except ValueError:
                        pass

            return go

        rows.append(
            (
                f"jsonschema `{fmt}` ({check_theirs.__module__}.{check_theirs.__name__})",
                best(run(check_theirs), max(1, repeat // 2)),
            )
        )
        rows.append((f"urikit `{fmt}`", best(run(check_ours), repeat)))
        rows.append(
            (
                f"urikit `{fmt}` through `FormatChecker.conforms`",
                best(lambda: [ours.conforms(s, fmt) for s in lines], repeat),
            )
        )
        rows.append(
            (
                f"jsonschema `{fmt}` through `FormatChecker.conforms`",
                best(lambda: [theirs.conforms(s, fmt) for s in lines], max(1, repeat // 2)),
            )
        )
    print(
        f"\n### JSON Schema format validation\n\n{len(lines):,} URLs; speed-up of urikit over jsonschema's checker for the same format.\n"
    )
    print("| check | total | per URL | urikit's speed-up |")
    print("| --- | ---: | ---: | ---: |")
    for i in range(0, len(rows), 4):
        theirs_s, ours_s, ours_c, theirs_c = rows[i][1], rows[i + 1][1], rows[i + 2][1], rows[i + 3][1]
        for name, secs, sp in (
            (rows[i][0], theirs_s, ""),
            (rows[i + 1][0], ours_s, f"{theirs_s / ours_s:,.1f}×"),
            (rows[i + 3][0], theirs_c, ""),
            (rows[i + 2][0], ours_c, f"{theirs_c / ours_c:,.1f}×"),
        ):
            print(f"| {name} | {secs * 1e3:,.1f} ms | {secs / len(lines) * 1e9:,.0f} ns | {sp} |")
    return rows


def bench_batch(lines, repeat):
    import polars as pl
    import pyarrow as pa
    import urikit.arrow

    arr = pa.array(lines)
    view = arr.cast(pa.string_view())
    series = pl.Series(lines)
    pattern = common.HOST_PATTERN

    def loop():
        split = urllib.parse.urlsplit
        out = []
        for s in lines:
            try:
                out.append(split(s).hostname)
            except ValueError:
                out.append(None)
        return out

    rows = [
        ("urikit.arrow.host(pyarrow string array)", best(lambda: urikit.arrow.host(arr), repeat)),
        ("urikit.arrow.host(pyarrow string_view array)", best(lambda: urikit.arrow.host(view), repeat)),
        ("urikit.arrow.host(Polars Series)", best(lambda: urikit.arrow.host(series), repeat)),
        ("Polars `str.extract` with a host regex", best(lambda: series.str.extract(pattern, 1), repeat)),
        ("Python loop: `urlsplit(s).hostname` into a list", best(loop, max(1, repeat // 2))),
    ]
    table("Batch host over a whole column", rows, len(lines), rows[-1][0])
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0, help="first N lines only (0 = all)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--corpus", default="")
    ap.add_argument("--only", choices=["parse", "jsonschema", "batch"], action="append")
    args = ap.parse_args()
    path = corpus_path(args.corpus)
    lines = path.read_text(encoding="utf-8").splitlines()
    if args.limit:
        lines = lines[: args.limit]
    print(f"corpus: {path.name}, {len(lines):,} lines; Python {platform.python_version()}; {platform.machine()}")
    only = args.only or ["parse", "jsonschema", "batch"]
    if "parse" in only:
        bench_parse_host(lines, args.repeat)
    if "jsonschema" in only:
        bench_jsonschema(lines, args.repeat)
    if "batch" in only:
        bench_batch(lines, args.repeat)


if __name__ == "__main__":
    main()
