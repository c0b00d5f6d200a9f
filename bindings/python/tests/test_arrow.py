"""urikit.arrow with pyarrow, Polars, DuckDB and pandas: the same kernels
through the Arrow PyCapsule interface, the result in the input's kind. The
expected values are worked out by hand from RFC 3986, and each kernel's
rows are checked against the scalar API (urikit.URIRef) over the sample
corpus."""

import pathlib

import pytest
import urikit
import urikit.arrow as A

pa = pytest.importorskip("pyarrow")

URLS = ["http://a.example/x?q=1#f", "b c", None, "https://u@b.example:8/p", "mailto:x@y", "//h:99999/"]
HOSTS = ["a.example", None, None, "b.example", None, "h"]
CORPUS = pathlib.Path(__file__).resolve().parents[3] / "dev" / "testdata" / "corpus" / "gsd-urls.txt"


def _scalar_component(text, name):
    if text is None:
        return None
    try:
        r = urikit.URIRef(text)
    except urikit.URIError:
        return None
    return getattr(r, name)


@pytest.mark.parametrize("string_type", ["string", "large_string", "string_view"])
def test_pyarrow_types(string_type):
    arr = pa.array(URLS, type=getattr(pa, string_type)())
    out = A.host(arr)
    assert isinstance(out, pa.Array) and out.type == arr.type
    assert out.to_pylist() == HOSTS


def test_pyarrow_chunked():
    ca = pa.chunked_array([URLS[:3], URLS[3:], []])
    out = A.host(ca)
    assert isinstance(out, pa.ChunkedArray)
    assert out.to_pylist() == HOSTS
    assert [len(c) for c in out.chunks] == [3, 3, 0]


def test_components_agree_with_scalar_api_on_corpus():
    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    arr = pa.array(lines)
    for name in ("scheme", "authority", "userinfo", "host", "path", "query", "fragment"):
        got = getattr(A, name)(arr).to_pylist()
        assert got == [_scalar_component(s, name) for s in lines], name
    valid = A.is_valid(arr).to_pylist()
    assert valid == [urikit.validate(s) for s in lines]
    assert any(valid) and len(lines) > 100


def test_two_argument_kernels():
    base = "http://a/b/c/d;p?q"
    refs = pa.array(["g", "../g", "//g", "g h", None])
    assert A.resolve(base, refs).to_pylist() == ["http://a/b/c/g", "http://a/b/g", "http://g", None, None]
    bases = pa.array(["http://a/b/c", "http://x/y/"])
    assert A.resolve(bases, "z").to_pylist() == ["http://a/b/z", "http://x/y/z"]
    assert A.resolve(bases, pa.array(["/1", "2"])).to_pylist() == ["http://a/1", "http://x/y/2"]
    assert A.make_relative(base, pa.array(["http://a/b/c/g"])).to_pylist() == ["g"]
    assert A.query_param(pa.array(["p?a=1&b=2", "p"]), "b").to_pylist() == ["2", None]
    assert A.equivalent(pa.array(["HTTP://a:80/", "http://b/"]), "http://a/", level="scheme").to_pylist() == [True, False]
    assert A.normalize(pa.array(["HTTP://a/./%7e"])).to_pylist() == ["http://a/~"]
    assert A.encode(pa.array(["a b"]), "path").to_pylist() == ["a%20b"]
    assert A.decode(pa.array(["a%20b"])).to_pylist() == ["a b"]


def test_domains():
    arr = pa.array(["http://www.example.co.uk/", "http://[::1]/", "http://localhost/"])
    assert A.registrable_domain(arr).to_pylist()[0] == "example.co.uk"
    assert A.public_suffix(arr).to_pylist()[0] == "co.uk"
    assert A.host_reversed(arr).to_pylist()[0] == "uk.co.example.www"


def test_parse_struct_says_why():
    rows = A.parse(pa.array(["http://h/p", "http://exa mple/"])).to_pylist()
    assert rows[0]["host"] == "h" and rows[0]["valid"] is True
    assert rows[1]["valid"] is False and rows[1]["error_index"] == 10


def test_not_arrow_is_type_error():
    with pytest.raises(TypeError):
        A.host(["http://a/"])
    with pytest.raises(TypeError):
        A.host(42)


def test_plain_capsule_result():
    # Not a known library on the way in: the result is urikit.arrow.Array,
    # which pyarrow imports.
    class Wrapper:
        def __init__(self, arr):
            self.arr = arr

        def __arrow_c_array__(self, requested_schema=None):
            return self.arr.__arrow_c_array__(requested_schema)

    out = A.host(Wrapper(pa.array(["http://a/"])))
    assert isinstance(out, A.Array) and len(out) == 1
    assert pa.array(out).to_pylist() == ["a"]


def test_polars_map_batches():
    pl = pytest.importorskip("polars")
    df = pl.DataFrame({"url": URLS})
    out = df.select(pl.col("url").map_batches(A.host, return_dtype=pl.String).alias("host"))
    assert out["host"].to_list() == HOSTS
    s = A.port(df["url"])
    assert isinstance(s, pl.Series) and s.name == "url"
    assert s.to_list() == [None, None, None, 8, None, None]


def test_duckdb_arrow_udf_and_table():
    duckdb = pytest.importorskip("duckdb")
    con = duckdb.connect()
    con.execute("create table t(u varchar)")
    con.executemany("insert into t values (?)", [[u] for u in URLS])
    con.create_function("uri_host", A.host, ["VARCHAR"], "VARCHAR", type="arrow", null_handling="special")
    assert [h for (h,) in con.sql("select uri_host(u) from t order by rowid").fetchall()] == HOSTS
    # A query result through pyarrow.
    rel = con.sql("select u from t order by rowid")
    table = rel.to_arrow_table() if hasattr(rel, "to_arrow_table") else rel.fetch_arrow_table()
    assert A.host(table["u"]).to_pylist() == HOSTS


def test_pandas_arrow_dtype():
    pd = pytest.importorskip("pandas")
    s = pd.Series(URLS, dtype=pd.ArrowDtype(pa.string()), index=list("abcdef"), name="url")
    out = A.host(s)
    assert isinstance(out, pd.Series) and list(out.index) == list("abcdef") and out.name == "url"
    assert isinstance(out.dtype, pd.ArrowDtype)
    assert [None if pd.isna(v) else v for v in out] == HOSTS
