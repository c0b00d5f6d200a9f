"""Hostile input at the Python boundary (issue 25): offsets in non-ASCII text,
strs that are not Unicode text, file names that are not UTF-8, Arrow columns
of other types, pickling. (Linear time is shown in the benchmark suite, not
here.)"""

import os
import pickle
import sys

import pyarrow as pa
import pytest
import urikit
import urikit.arrow


def test_from_file_path_takes_bytes_and_surrogate_escaped_names():
    raw = b"/srv/caf\xe9/\xff"
    uri = urikit.from_file_path(raw, style="unix")
    # RFC 8089: the path's octets, each one outside pchar percent-encoded.
    assert uri == urikit.URI("file:///srv/caf%E9/%FF")
    name = raw.decode("utf-8", "surrogateescape")
    assert urikit.from_file_path(name, style="unix") == uri
    back = urikit.to_file_path(uri, style="unix")
    assert back == name
    assert back.encode("utf-8", "surrogateescape") == raw
    if os.name == "posix" and sys.getfilesystemencoding() == "utf-8":
        assert os.fsencode(back) == raw
        assert urikit.from_file_path(os.fsdecode(raw)) == uri
        assert urikit.to_file_path(uri) == os.fsdecode(raw)


def test_text_only_paths_refuse_what_is_not_text_at_its_index():
    with pytest.raises(urikit.URIError) as e:
        urikit.from_file_path("C:\\a\udcff", style="windows")
    assert (e.value.index, e.value.kind) == (4, "not-unicode")
    with pytest.raises(urikit.URIError) as e:
        urikit.from_file_path(b"C:\\a\xff", style="windows")
    assert (e.value.index, e.value.kind) == (4, "not-unicode")
    assert urikit.from_file_path(b"C:\\a", style="windows") == urikit.URI("file:///C:/a")
    # vscode-uri works on JavaScript strings: no bytes that are not text.
    with pytest.raises(urikit.URIError) as e:
        urikit.from_file_path("/a/\udcff", style="unix", profile="vscode")
    assert (e.value.index, e.value.kind) == (3, "not-unicode")
    with pytest.raises(TypeError):
        urikit.from_file_path(42, style="unix")


def test_extract_offsets_are_characters_in_ascii_and_other_text():
    for filler in ("e ", "é ", "日本 ", "😀 "):
        text = (filler + "http://a.com/x u ") * 50
        found = urikit.extract(text)
        assert len(found) == 50
        for m in found:
            assert text[m.start : m.end] == "http://a.com/x"


def test_lint_offsets_are_characters_whatever_the_order_of_ends():
    # A long-host span over the whole host and label spans inside it: the
    # ends do not come in order.
    # (A URI is ASCII: lint takes URIs only.)
    text = f"http://{'a' * 70}.{'b' * 70}.{'c' * 200}/./a/../b"
    found = urikit.lint(text)
    assert found, found
    for f in found:
        assert 0 <= f.start <= f.end <= len(text)
    spans = {(f.kind, text[f.start : f.end]) for f in found}
    assert ("long-host", "b" * 70) in spans
    host = text[7 : text.index("/", 7)]
    assert ("long-host", host) in spans


def test_a_lone_surrogate_is_a_uri_error_with_its_index():
    with pytest.raises(urikit.URIError) as e:
        urikit.parse("http://a/\ud800")
    assert (e.value.index, e.value.kind) == (9, "not-unicode")
    assert "U+D800" in str(e.value)
    with pytest.raises(urikit.URIError):
        urikit.URI("\udcff")
    with pytest.raises(urikit.URIError):
        urikit.lint("http://a/\udcff")
    with pytest.raises(urikit.URIError):
        urikit.extract("x \udc80 http://a/")


def test_arrow_other_types_raise_type_error():
    with pytest.raises(TypeError, match="Int64"):
        urikit.arrow.host(pa.array([1, 2]))
    with pytest.raises(TypeError):
        urikit.arrow.host(pa.chunked_array([pa.array([1.5])]))


def test_arrow_dictionary_columns_are_decoded():
    urls = ["http://a.example/", None, "http://b.example/", "http://a.example/"]
    for values in (pa.string(), pa.large_string()):
        col = pa.array(urls, pa.string()).cast(values).dictionary_encode()
        assert urikit.arrow.host(col).to_pylist() == ["a.example", None, "b.example", "a.example"]
        chunked = pa.chunked_array([col, col])
        assert urikit.arrow.host(chunked).to_pylist() == 2 * ["a.example", None, "b.example", "a.example"]


def test_arrow_dictionary_without_values_gives_nulls():
    # Found by the arrow_kernels fuzz target: Arrow itself panics on it.
    empty = pa.DictionaryArray.from_arrays(pa.array([None, None], type=pa.int32()), pa.array([], type=pa.string()))
    assert urikit.arrow.host(empty).to_pylist() == [None, None]


def test_arrow_null_column_gives_nulls():
    out = urikit.arrow.host(pa.nulls(3))
    assert out.to_pylist() == [None, None, None]
    assert urikit.arrow.is_valid(pa.nulls(2)).to_pylist() == [None, None]


def test_match_and_finding_pickle():
    m = urikit.extract("see <http://a.example/é>")[0]
    m2 = pickle.loads(pickle.dumps(m))
    assert (m2.uri, m2.start, m2.end, m2.delimiter) == (m.uri, m.start, m.end, m.delimiter)
    f = urikit.lint("http://a:25/")[0]
    f2 = pickle.loads(pickle.dumps(f))
    assert (f2.kind, f2.start, f2.end, f2.message, str(f2)) == (f.kind, f.start, f.end, f.message, str(f))
