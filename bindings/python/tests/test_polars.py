"""urikit.polars: the ``uri`` namespace of Polars expressions (the plugin in
polars-plugin/), checked against urikit.arrow, the same kernels through the Arrow
PyCapsule interface: every kernel over the gsd corpus and the table's
examples, eagerly, lazily and in the streaming engine; NULLs kept;
Categorical columns; bad arguments; the stub and docs/polars.md name exactly
the table's kernels."""

import ast
import inspect
import os
import pathlib
import re

import pytest
import urikit
from conftest import CORPUS, REPO, missing, require
from urikit import _urikit

pl = require("polars")
import urikit.arrow as A  # noqa: E402
import urikit.polars as P  # noqa: E402

TABLE = _urikit.ARROW_KERNELS
NAMES = tuple(k["name"] for k in TABLE)
DOC = REPO / "docs" / "polars.md"


@pytest.fixture(scope="module")
def plugin() -> pathlib.Path:
    if not P.PLUGIN.is_file():
        missing(f"the Polars plugin is not built ({P.PLUGIN.name}): bash bindings/python/scripts/build-polars.sh")
    return P.PLUGIN


@pytest.fixture(scope="module")
def urls():
    lines = (CORPUS / "gsd-urls.txt").read_text(encoding="utf-8").splitlines()
    examples = [k["example"]["args"][0] for k in TABLE]
    # Hostile rows: no kernel may fail or panic on a row (only parse_url and
    # url_decode fail a batch, in Spark's ANSI mode, as urikit.arrow's do).
    payloads = (CORPUS / "open-redirect-payloads.txt").read_text(encoding="utf-8").splitlines()
    hostile = ["", "\x00", "%", "%zz", "[", "http://[::1", "http://[v1.x]/", "\u202e", "a" * 100_000, "http://" + "é" * 5000]
    # Nulls among the rows, not only at the end.
    return [None, *examples, *hostile, *lines[:9000], None, *lines[9000:], *payloads, None]


def _extra(k):
    """The example's arguments after the first: scalars for every row."""
    return list(k["example"]["args"][1:])


def _pairs(values):
    """A map column's rows as lists of (key, value): urikit.arrow's result is
    Polars' ``Map`` (Polars 2), the plugin's a list of ``{key, value}``
    structs (Polars' Rust crates 0.55, which pyo3-polars builds on, have no
    map type)."""
    out = []
    for v in values:
        if isinstance(v, dict):
            v = list(v.items())
        elif isinstance(v, list):
            v = [(p["key"], p["value"]) for p in v]
        out.append(v)
    return out


def _arrow(name, *args):
    """urikit.arrow's answer as a list, or the kernel's error message
    (without ArrowError's "Compute error: " before it)."""
    try:
        out = A.__dict__[name](*args).to_list()
    except ValueError as e:
        return None, re.sub(r"^[A-Za-z ]+ error: ", "", str(e))
    return (_pairs(out) if name == "query_params" else out), None


def _check(name, got, want):
    answers, error = want
    if error is None:
        out = got()
        assert (_pairs(out) if name == "query_params" else out) == answers, name
    else:
        with pytest.raises(pl.exceptions.ComputeError) as e:
            got()
        assert error in str(e.value), (name, error, str(e.value))


def test_the_namespace_is_the_tables():
    assert P.KERNELS == NAMES
    for k in TABLE:
        method = getattr(P.UriNamespace, k["name"])
        params = list(inspect.signature(method).parameters.values())
        assert [p.name for p in params] == ["self", *(p["name"] for p in k["params"][1:])]
        for p, q in zip(params[1:], k["params"][1:]):
            assert p.default == (q["default"] if q["optional"] else inspect.Parameter.empty)
        assert method.__doc__.startswith(k["description"])
    # The registered namespace is this class.
    assert isinstance(pl.col("u").uri, P.UriNamespace)


def test_the_stub_names_exactly_the_table():
    tree = ast.parse((pathlib.Path(P.__file__).with_suffix(".pyi")).read_text(encoding="utf-8"))
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "UriNamespace"]
    defs = [d for d in cls.body if isinstance(d, ast.FunctionDef) and d.name != "__init__"]
    assert [d.name for d in defs] == list(NAMES)
    for d, k in zip(defs, TABLE):
        assert [a.arg for a in d.args.args] == ["self", *(p["name"] for p in k["params"][1:])]


def doc_list() -> str:
    """The list of functions docs/polars.md holds between its markers."""
    lines = []
    for k in TABLE:
        args = []
        for p in k["params"][1:]:
            if p["default"] is not None:
                args.append(f"{p['name']}={p['default']!r}")
            elif p["optional"]:
                args.append(f"{p['name']}=None")
            else:
                args.append(p["name"])
        lines.append(f"| `.uri.{k['name']}({', '.join(args)})` | `{k['sql_name']}` | {k['description']} |")
    return "\n".join(["| Method | SQL | What it does |", "|---|---|---|", *lines])


def test_the_docs_list_every_kernel():
    text = DOC.read_text(encoding="utf-8")
    begin, end = "<!-- functions: begin (tests/test_polars.py) -->\n", "<!-- functions: end -->"
    found = re.search(re.escape(begin) + "(.*?)" + re.escape(end), text, re.S)
    assert found, f"{DOC} has no functions markers"
    want = doc_list() + "\n"
    if os.environ.get("URIKIT_REFRESH_DOCS") == "1":
        DOC.write_text(text[: found.start(1)] + want + text[found.end(1) :], encoding="utf-8")
        return
    assert found.group(1) == want, "docs/polars.md: run with URIKIT_REFRESH_DOCS=1 to rewrite the list"


@pytest.mark.parametrize("name", NAMES)
def test_every_kernel_as_urikit_arrow(plugin, urls, name):
    k = TABLE[NAMES.index(name)]
    df = pl.DataFrame({"u": urls}, schema={"u": pl.String})
    want = _arrow(name, df["u"], *_extra(k))
    expr = getattr(pl.col("u").uri, name)(*_extra(k))
    _check(name, lambda: df.select(expr)["u"].to_list(), want)
    # Lazy, and the streaming engine (which hands the plugin morsels).
    lf = df.lazy().select(expr)
    _check(name, lambda: lf.collect()["u"].to_list(), want)
    _check(name, lambda: lf.collect(engine="streaming")["u"].to_list(), want)


@pytest.mark.parametrize("name", [k["name"] for k in TABLE if len(k["params"]) > 1 and not k["params"][1]["constant"]])
def test_a_second_column(plugin, urls, name):
    k = TABLE[NAMES.index(name)]
    df = pl.DataFrame({"u": urls, "v": list(reversed(urls))}, schema={"u": pl.String, "v": pl.String})
    rest = _extra(k)[1:]
    want = _arrow(name, df["u"], df["v"], *rest)
    expr = getattr(pl.col("u").uri, name)(pl.col("v"), *rest)
    _check(name, lambda: df.lazy().select(expr).collect(engine="streaming")["u"].to_list(), want)


def test_examples_as_the_table_shows_them(plugin):
    # The table's own expected values (written by hand in the Rust table),
    # for the kernels whose Polars value reads back as pyarrow's does (a
    # map is a list of structs in Polars).
    for k in TABLE:
        if k["name"] in ("query_params",):
            continue
        first, *rest = k["example"]["args"]
        out = pl.DataFrame({"u": [first]}).select(getattr(pl.col("u").uri, k["name"])(*rest))["u"]
        assert repr(out.to_arrow().to_pylist()) == k["example"]["python"], k["name"]


def test_nulls_and_a_null_column(plugin):
    df = pl.DataFrame({"u": [None, "http://a.b/c", None]})
    assert df.select(pl.col("u").uri.host())["u"].to_list() == [None, "a.b", None]
    assert df.select(pl.col("u").uri.is_valid())["u"].to_list() == [None, True, None]
    nulls = pl.DataFrame({"u": [None, None]})
    assert nulls.schema["u"] == pl.Null
    assert nulls.select(pl.col("u").uri.host())["u"].to_list() == [None, None]


def test_the_issue_example(plugin):
    lf = pl.LazyFrame({"u": ["http://a.b/c", "mailto:x@y", None]})
    out = lf.select(pl.col("u").uri.host()).collect(engine="streaming")["u"]
    assert out.dtype == pl.String
    assert out.to_list() == A.host(pl.Series(["http://a.b/c", "mailto:x@y", None])).to_list() == ["a.b", None, None]


def test_struct_and_list_results(plugin):
    df = pl.DataFrame({"u": ["http://u@h:8/p/q?a=1&b=2#f"]})
    out = df.select(
        pl.col("u").uri.parse().alias("parse"),
        pl.col("u").uri.path_segments().alias("segs"),
        pl.col("u").uri.views(parsers="rfc3986,whatwg").alias("views"),
    )
    assert out.schema["parse"] == pl.Struct
    assert out["parse"].struct.field("host").to_list() == ["h"]
    assert out["parse"].struct.field("port").to_list() == ["8"]
    assert out["segs"].to_list() == [["p", "q"]]
    assert out.schema["views"] == pl.Struct
    # Struct fields reach into the plan: the lazy schema is known before it runs.
    schema = df.lazy().select(pl.col("u").uri.parse()).collect_schema()
    assert "host_kind" in [f.name for f in schema["u"].fields]


def test_categorical(plugin, urls):
    df = pl.DataFrame({"u": urls}, schema={"u": pl.String}).with_columns(c=pl.col("u").cast(pl.Categorical))
    for name in ("host", "parse", "normalize"):
        strings = df.select(getattr(pl.col("u").uri, name)())["u"]
        cats = df.lazy().select(getattr(pl.col("c").uri, name)()).collect(engine="streaming")["c"]
        assert cats.dtype == strings.dtype
        assert cats.to_list() == strings.to_list()


def test_a_scalar_first_argument(plugin):
    df = pl.DataFrame({"r": ["../g", "g?y", None]})
    out = df.select(pl.lit("http://a/b/c/d;p?q").uri.resolve(pl.col("r")))
    assert out.to_series().to_list() == ["http://a/b/g", "http://a/b/c/g?y", None]


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda e: e.uri.normalize(level="bogus"), "normalize: unknown level 'bogus'"),
        (lambda e: e.uri.equivalent("http://a/", level="Syntax"), "equivalent: unknown level 'Syntax'"),
        (lambda e: e.uri.encode("path-segment"), "encode: unknown encode set 'path-segment'"),
        (lambda e: e.uri.views(parsers="rfc3986,nope"), "nope"),
    ],
)
def test_bad_arguments_are_compute_errors_naming_them(plugin, call, message):
    lf = pl.LazyFrame({"u": ["http://a/"]})
    with pytest.raises(pl.exceptions.ComputeError, match=re.escape(message)):
        lf.select(call(pl.col("u"))).collect()


def test_a_constant_must_be_a_str(plugin):
    with pytest.raises(TypeError, match="normalize: the level must be a str"):
        pl.col("u").uri.normalize(level=pl.col("l"))


def test_import_urikit_after_polars_registers_the_namespace():
    import subprocess
    import sys

    code = "import polars as pl, urikit\nprint(type(pl.col('u').uri).__name__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "UriNamespace"
    assert urikit.polars is P


def test_the_docs_examples_run(plugin):
    import doctest

    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    for i, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, {}, f"docs/polars.md[{i}]", str(DOC), 0)
        failed, attempted = doctest.DocTestRunner().run(test)
        assert attempted > 0 and failed == 0, f"docs/polars.md python block {i}"


def test_the_modules_docstring_examples_run(plugin):
    import doctest

    test = doctest.DocTestParser().get_doctest(P.__doc__, {}, "urikit.polars", P.__file__, 0)
    failed, attempted = doctest.DocTestRunner().run(test)
    assert attempted > 0 and failed == 0


@pytest.mark.parametrize("name", ["views", "host_confusion"])
def test_the_default_parsers(plugin, urls, name):
    # The examples name two parsers; left out, every parser of the build.
    df = pl.DataFrame({"u": urls[:2000]}, schema={"u": pl.String})
    want = _arrow(name, df["u"])
    _check(name, lambda: df.lazy().select(getattr(pl.col("u").uri, name)()).collect(engine="streaming")["u"].to_list(), want)


def test_a_null_column_of_several_chunks(plugin):
    # A Null column is converted as one chunk of nulls, whatever its chunks
    # (Polars hands it over as one here already; the plugin does not count on it).
    s = pl.concat([pl.Series("u", [None]), pl.Series("u", [None, None])], rechunk=False)
    assert s.dtype == pl.Null and s.n_chunks() == 2
    assert pl.DataFrame(s).select(pl.col("u").uri.host())["u"].to_list() == [None, None, None]
