"""urikit.arrow is urikit-arrow's table of kernels, exactly: the functions,
their arguments, the stub and the SQL names all come from the table the Rust
side exports (``urikit._urikit.ARROW_KERNELS``), and the encode sets Python
accepts are the core's (``urikit._urikit.ENCODE_SETS``), so no list here can
drift from the core's."""

import ast
import inspect
import pathlib

import pytest
import urikit
import urikit.arrow as A
from urikit import _urikit

pa = pytest.importorskip("pyarrow")

PACKAGE = pathlib.Path(urikit.__file__).parent
TABLE = _urikit.ARROW_KERNELS
NAMES = tuple(k["name"] for k in TABLE)


def _stub(name):
    return ast.parse((PACKAGE / name).read_text(encoding="utf-8"))


def test_the_functions_are_the_tables():
    assert A.KERNELS == NAMES
    assert A.__all__ == ["Array", "ChunkedArray", "KERNELS", *NAMES]
    public = {n for n, v in vars(A).items() if inspect.isfunction(v) and not n.startswith("_")}
    assert public == set(NAMES)
    # Every kernel of the crate, the IRI mappings and Spark's among them.
    for name in ("host", "make_relative", "to_uri", "to_iri", "repair", "port_text",
                 "parse_url", "try_parse_url", "url_encode", "url_decode", "try_url_decode"):
        assert name in NAMES
    # The old Python-only name is gone: one name per kernel.
    assert not hasattr(A, "relative")


def test_sql_names_follow_the_table():
    for k in TABLE:
        expected = k["name"] if k["family"] == "spark" else "uri_" + k["name"]
        assert k["sql_name"] == expected
        assert (k["feature"] == "spark") == (k["family"] == "spark")


def test_signatures_and_docs_come_from_the_table():
    for k in TABLE:
        f = getattr(A, k["name"])
        params = list(inspect.signature(f).parameters.values())
        assert [p.name for p in params] == [p["name"] for p in k["params"]]
        for p, q in zip(params, k["params"]):
            if q["optional"]:
                assert p.default == q["default"]
            else:
                assert p.default is inspect.Parameter.empty
        assert f.__doc__.startswith(k["description"])
        assert k["sql_name"] in f.__doc__


def test_the_stub_names_exactly_the_table():
    defs = [n for n in _stub("arrow.pyi").body if isinstance(n, ast.FunctionDef)]
    assert [d.name for d in defs] == list(NAMES)
    for d, k in zip(defs, TABLE):
        assert [a.arg for a in d.args.args] == [p["name"] for p in k["params"]]


def _literal(tree, name):
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id == name:
            return tuple(e.value for e in node.value.slice.elts)
    raise AssertionError(name)


def test_encode_sets_are_the_cores():
    sets = _urikit.ENCODE_SETS
    assert "unreserved" in sets and "segment-nc" in sets
    assert _literal(_stub("_urikit.pyi"), "_Component") == sets
    for s in sets:
        assert isinstance(urikit.encode("a b", s), str)
        assert A.encode(pa.array(["a b"]), s).to_pylist()[0] is not None
    with pytest.raises(ValueError) as e:
        A.encode(pa.array(["a b"]), "path-segment")
    for s in sets:
        assert s in str(e.value)
    with pytest.raises(ValueError):
        urikit.encode("a b", "path-segment")


def test_spark_functions():
    urls = pa.array(["http://u@h:8/p?k=v#r", "http://a b/", None])
    assert A.try_parse_url(urls, "HOST").to_pylist() == ["h", None, None]
    assert A.try_parse_url(urls, "QUERY", "k").to_pylist() == ["v", None, None]
    assert A.parse_url(urls[:1], "REF").to_pylist() == ["r"]
    with pytest.raises(ValueError, match=r"\[INVALID_URL\]"):
        A.parse_url(urls, "HOST")
    assert A.url_encode(pa.array(["a b/c"])).to_pylist() == ["a+b%2Fc"]
    assert A.try_url_decode(pa.array(["a+b%2Fc", "100%"])).to_pylist() == ["a b/c", None]
    with pytest.raises(ValueError, match=r"\[CANNOT_DECODE_URL\]"):
        A.url_decode(pa.array(["100%"]))


def test_iri_mappings():
    assert A.to_uri(pa.array(["http://a/é", None])).to_pylist() == ["http://a/%C3%A9", None]
    assert A.to_iri(pa.array(["http://a/%C3%A9"])).to_pylist() == ["http://a/é"]


def test_arguments_are_checked():
    with pytest.raises(TypeError):
        A.host(pa.array(["http://a/"]), "extra")
    with pytest.raises(ValueError, match="must be a column"):
        A.host("http://a/")
    with pytest.raises(ValueError, match="no Arrow kernel"):
        _urikit.arrow_kernel("relative", pa.array(["http://a/"]), "http://a/")
    # Keywords are the table's argument names.
    assert A.normalize(uri=pa.array(["HTTP://a/"]), level="string").to_pylist() == ["HTTP://a/"]
