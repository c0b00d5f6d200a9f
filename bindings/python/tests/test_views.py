"""``urikit.views``: the ``urllib`` view is urikit's reading of CPython
3.11's ``urllib.parse``, the same as this interpreter's own on 3.11; the
``whatwg`` and ``java`` views are what Node's ``URL``
and Java's ``java.net.URI`` read (recorded in
``crates/urikit-views/tests/data/views/expected.jsonl`` by its ``generate.py``); the
findings name the disagreements."""

import json
import pathlib
import sys
import urllib.parse

import pytest
import urikit

REPO = pathlib.Path(__file__).resolve().parents[3]
EXPECTED = REPO / "crates" / "urikit-views" / "tests" / "data" / "views" / "expected.jsonl"
FIELDS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def _records():
    lines = EXPECTED.read_text(encoding="utf-8").splitlines()
    return json.loads(lines[0])["meta"], [json.loads(line) for line in lines[1:]]


def _urllib(s):
    """What urllib.parse reads, written here from its documented API."""
    try:
        u = urllib.parse.urlsplit(s)
        port = u.port
    except ValueError:
        return "error"
    return {
        "scheme": u.scheme or None,
        "userinfo": u.netloc.rpartition("@")[0] if "@" in u.netloc else None,
        "host": u.hostname,
        "port": None if port is None else str(port),
        "path": u.path,
        "query": u.query or None,
        "fragment": u.fragment or None,
    }


def _fields(view):
    return "error" if "error" in view else {k: view[k] for k in FIELDS}


def test_the_urllib_view_is_urllib_itself():
    # urikit reads urllib.parse as CPython 3.11 does (urllib.jsonl in
    # crates/urikit-views/tests/data/views/readings was recorded with 3.11.7); other
    # versions split some inputs differently.
    if sys.version_info[:2] != (3, 11):
        pytest.skip("the urllib view is CPython 3.11's urllib.parse")
    _, records = _records()
    assert len(records) >= 400
    for r in records:
        got = urikit.views(r["input"], parsers=["urllib"])["views"]["urllib"]
        assert _fields(got) == _urllib(r["input"]), r["input"]


def test_the_urllib_view_matches_the_recorded_one_on_the_same_python():
    meta, records = _records()
    if meta["python"].rsplit(".", 1)[0] != ".".join(map(str, sys.version_info[:2])):
        pytest.skip(f"recorded with Python {meta['python']}, urllib changes between versions")
    for r in records:
        got = urikit.views(r["input"], parsers=["urllib"])["views"]["urllib"]
        want = "error" if "error" in r["urllib"] else r["urllib"]
        assert _fields(got) == want, r["input"]


def test_java_and_whatwg_views_match_the_real_parsers():
    _, records = _records()
    for r in records:
        v = urikit.views(r["input"], parsers=["java", "whatwg"])["views"]
        assert _fields(v["java"]) == _fields(r["java"]), r["input"]
        if r["input"] == "http://\u0661\u0662\u0663.example/":
            continue  # CheckBidi: see DEVIATIONS.md, "Parser views"
        want = _fields(r["whatwg"])
        got = _fields(v["whatwg"])
        if got != "error":
            got = {k: (None if v == "" and k in ("query", "fragment") else v) for k, v in got.items()}
        assert got == want, r["input"]


def test_a_backslash_splits_whatwg_and_urllib():
    # WHATWG reads "\" as "/" in a special URL: the host ends there. urllib
    # (RFC 3986's split, to the last "@") reads the userinfo up to "@".
    v = urikit.views("http://good.example\\@evil.example/", parsers=["whatwg", "urllib"])
    assert v["views"]["whatwg"]["host"] == "good.example"
    assert v["views"]["urllib"]["host"] == "evil.example"
    kinds = {(f["kind"], f["weight"]) for f in v["findings"]}
    assert ("backslash", "high") in kinds
    assert ("userinfo", "high") in kinds
    host = next(f for f in v["findings"] if f["kind"] == "backslash" and f["weight"] == "high")
    assert host["parsers"] == ["whatwg", "urllib"]
    assert host["values"] == ["good.example", "evil.example"]


def test_agreement_raises_nothing_and_the_record_has_every_key():
    v = urikit.views("https://user@example.com:8443/p?q#f")
    assert set(v) == {"input", "views", "findings"}
    assert list(v["views"])[:4] == ["rfc3986", "java", "whatwg", "urllib"]
    for view in v["views"].values():
        assert set(view) == set(FIELDS) | {"host_kind"}
        assert view["host"] == "example.com" and view["port"] == "8443"
    assert v["findings"] == []


def test_an_unknown_parser_is_a_value_error():
    # The wheel has no libcurl: curl is named, with the feature that brings it.
    with pytest.raises(ValueError, match="the parser 'curl' is not in this build"):
        urikit.views("http://a/", parsers=["curl"])
    with pytest.raises(ValueError, match="unknown parser 'Java'"):
        urikit.views("http://a/", parsers=["rfc3986", "Java"])


def test_arrow_views_and_host_confusion_are_the_cores():
    """``urikit.arrow.views`` and ``host_confusion`` (the SQL functions'
    kernels) give, row by row, what ``urikit.views`` gives for the same
    parsers, and the java and whatwg fields are what Java and Node read."""
    pa = pytest.importorskip("pyarrow")
    import urikit.arrow as A

    _, records = _records()
    inputs = [r["input"] for r in records] + [None]
    parsers = ["rfc3986", "java", "whatwg"]
    for col in (pa.array(inputs), pa.array(inputs, pa.large_string()), pa.array(inputs, pa.string_view())):
        views = A.views(col, ",".join(parsers)).to_pylist()
        confusion = A.host_confusion(col, ",".join(parsers)).to_pylist()
        assert views[-1] is None and confusion[-1] is None
        for r, got, found in zip(records, views, confusion):
            core = urikit.views(r["input"], parsers=parsers)
            for p in parsers:
                want = dict(core["views"][p])
                if "error" in want:
                    assert got[p]["error"] == want["error"], (r["input"], p)
                    assert all(v is None for k, v in got[p].items() if k != "error")
                else:
                    assert got[p] == {**want, "error": None}, (r["input"], p)
            assert got["curl"] is None
            assert found == core["findings"]
        # The recorded real parsers' hosts (the one input where the url
        # crate and Node differ is in DEVIATIONS.md).
        for r, got in zip(records, views):
            if r["input"] == "http://\u0661\u0662\u0663.example/":
                continue
            for p in ("java", "whatwg"):
                if "error" in r[p]:
                    assert got[p]["error"] is not None, (r["input"], p)
                else:
                    assert got[p]["host"] == r[p]["host"], (r["input"], p)


def test_arrow_views_parsers_argument():
    pa = pytest.importorskip("pyarrow")
    import urikit.arrow as A

    col = pa.array(["http://a_b.example/"])
    # Left out: every parser of the build (the wheel has no curl).
    row = A.views(col).to_pylist()[0]
    assert row["rfc3986"] is not None and row["java"] is not None and row["whatwg"] is not None
    assert row["curl"] is None
    with pytest.raises(ValueError, match="the cargo feature `curl` brings it"):
        A.views(col, "rfc3986,curl")
    # urllib is read by the core, in the Arrow kernels too.
    assert A.views(col, "urllib").to_pylist()[0]["urllib"]["host"] == "a_b.example"
    with pytest.raises(ValueError, match="unknown parser 'ie6'"):
        A.views(col, "ie6")
    assert A.host_confusion(col, parsers="java").to_pylist() == [[]]
