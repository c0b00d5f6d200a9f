"""Linear time at the Python entry points, on hostile inputs.

    python bindings/python/bench/linear.py [--repeat R] [--only NAME]

Each entry runs on an input of size 1x and 10x; the table gives the fastest
of --repeat runs at each size and their ratio (10 is linear, 100 would be
quadratic). The Rust entry points have the same table in
``cargo bench -p urikit-bench --bench linear``; this one covers what the
binding adds on top of them: turning byte offsets into character offsets
(``extract``, ``lint``, ``repair``, ``decode`` errors), converting ``str``
and ``bytes`` (file paths, surrogate-escaped names), building result lists,
the Arrow functions' per-row work, and the record objects of
``urikit.views`` (every parser, ``views-all``) and of the guard's verdicts
(``guard-check``) over the hostile shapes of the Rust ``reading_inputs``.
Needs urikit (and pyarrow for the ``arrow-*`` entries, which are skipped
with a note without it).
"""

import argparse
import json
import sys

import common
import urikit
import urikit.guard

SHAPES = [
    (v["prefix"], v["unit"], v["suffix"])
    for v in json.loads((common.REPO / "dev/bench/data/hostile-shapes.json").read_text(encoding="utf-8"))["shapes"]
]


def best(fn, arg, repeat):
    return common.best(fn, repeat, arg)[0]


def entries():
    """(name, input of size n, operation, 1x n)."""
    # Not an entry point: n result objects made by Python itself. Making
    # many objects costs more per object as they leave the cache (from about
    # 10,000 on here), which no binding can avoid; the entries that return
    # one object per match or finding stay near this size for that reason.
    yield "baseline-match-objects", lambda n: n, _objects, 1_000
    yield "extract-ascii", lambda n: "e http://a.com/x u " * n, urikit.extract, 1_000
    # Non-ASCII text before each match: character offsets differ from bytes.
    yield "extract-non-ascii", lambda n: "é ü http://a.com/ü " * n, urikit.extract, 1_000
    # One finding per dot segment, with its character offsets.
    yield "lint-dots", lambda n: "http://a/" + "./" * n, urikit.lint, 1_000
    yield "lint-long-host", lambda n: "http://" + "a" * n + ".example/", urikit.lint, 20_000
    yield "repair", lambda n: "http://a/" + "é %" * n, urikit.repair, 300
    yield "decode-error-late", lambda n: "é" * n + "%C3", lambda s: _raises(urikit.decode, s), 20_000
    yield "parse-error-late", lambda n: "http://a/" + "é" * n + " ", lambda s: _raises(urikit.URIRef, s), 20_000
    yield "iriref-components", lambda n: "http://a/" + "é/" * n + "?" + "q" * n, _components, 20_000
    yield (
        "from-file-path-bytes",
        lambda n: b"/" + b"\xff/a" * n,
        lambda p: urikit.from_file_path(p, style="unix"),
        10_000,
    )
    yield (
        "from-file-path-surrogates",
        lambda n: "/" + "\udcff/a" * n,
        lambda p: urikit.from_file_path(p, style="unix"),
        10_000,
    )
    yield "to-file-path", lambda n: "file:///" + "%C3%A9/" * n, lambda u: urikit.to_file_path(u, style="unix"), 10_000
    yield "template-vars", lambda n: "".join("/{v%d}" % i for i in range(n)), urikit.URITemplate, 2_000
    yield "template-match", lambda n: "/" + "a/" * n, _TemplateMatch().run, 5_000
    # Every parser's reading of each hostile shape, and the guard's offline
    # verdict (default policy, WHATWG reading) of the same shapes: one list
    # of twelve inputs, each of n units (as `reading_inputs` in
    # dev/bench/benches/linear.rs).
    yield "views-all", reading_inputs, _Each(lambda s: urikit.views(s, parsers=["all"])).run, 2_000
    # Each parser alone (the record's comparison included), to tell which
    # reading a high `views-all` ratio comes from.
    for p in urikit.views("http://h/", parsers=["all"])["views"]:
        yield f"views-{p}", reading_inputs, _Each(lambda s, p=p: urikit.views(s, parsers=[p])).run, 2_000
    yield "guard-check", reading_inputs, _Each(urikit.guard.Guard().check).run, 2_000


def reading_inputs(n):
    """The hostile shapes of dev/bench/data/hostile-shapes.json (the ones
    every face's 1x/10x benchmark reads), `n` units each."""
    return [p + u * n + s for p, u, s in SHAPES]


class _Each:
    """One call per input of a list (the answer kept, so that it is made)."""

    def __init__(self, fn):
        self.fn = fn

    def run(self, inputs):
        return [self.fn(s) for s in inputs]


def _objects(n):
    return [urikit.Match("http://a.com/x", i, i + 14, "bare") for i in range(n)]


def _raises(fn, arg):
    try:
        fn(arg)
    except (urikit.URIError, ValueError):
        return
    raise AssertionError("expected an error")


def _components(s):
    u = urikit.IRIRef(s)
    return (u.scheme, u.authority, u.path, u.query, u.fragment)


class _TemplateMatch:
    def __init__(self):
        self.template = urikit.URITemplate("{/p*}")

    def run(self, uri):
        return self.template.match(uri)


def arrow_entries():
    try:
        import pyarrow as pa
        import urikit.arrow as ua
    except ImportError:
        print("skip: arrow-* entries (pyarrow is not installed)", file=sys.stderr)
        return

    def rows(n):
        return pa.array(["http://é.example/" + "a/" * 8 + "?q=" + str(i) for i in range(n)])

    yield "arrow-host", rows, ua.host, 5_000
    yield "arrow-lint", rows, ua.lint, 5_000
    yield "arrow-extract", lambda n: pa.array(["e http://a.com/x u " * n]), ua.extract, 1_000


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--only")
    args = ap.parse_args()
    print("| entry | 1x ms | 10x ms | ratio |")
    print("| --- | ---: | ---: | ---: |")
    for name, make, run, n in [*entries(), *arrow_entries()]:
        if args.only and args.only not in name:
            continue
        small, large = make(n), make(10 * n)
        t1, t10 = best(run, small, args.repeat), best(run, large, args.repeat)
        print(f"| {name} | {t1 * 1e3:.3f} | {t10 * 1e3:.3f} | {t10 / t1:.1f} |", flush=True)


if __name__ == "__main__":
    main()
