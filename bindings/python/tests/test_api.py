"""The Python API: types, components, operations, errors, pickling. The
expected values are the RFC's (3986 sections 3, 5.4, 6.2) or worked out by
hand from it."""

import copy
import pickle

import pytest
import urikit
from urikit import URI, URIError, URIRef

# RFC 3986 5.4.1 and 5.4.2, verbatim: base "http://a/b/c/d;p?q".
RFC_BASE = "http://a/b/c/d;p?q"
RFC_5_4 = [
    ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
    ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
    ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"), ("http:g", "http:g"),
]


@pytest.mark.parametrize("ref,expected", RFC_5_4)
def test_resolve_rfc_examples(ref, expected):
    assert str(urikit.resolve(RFC_BASE, ref)) == expected
    assert URI(RFC_BASE).resolve(URIRef(ref)) == URI(expected)


@pytest.mark.parametrize("ref,expected", [r for r in RFC_5_4 if r[1] != "http:g"])
def test_relative_round_trips(ref, expected):
    rel = urikit.make_relative(RFC_BASE, expected)
    assert isinstance(rel, URIRef)
    assert str(urikit.resolve(RFC_BASE, rel)) == expected


def test_components_rfc_section_3():
    u = URI("foo://example.com:8042/over/there?name=ferret#nose")
    assert (u.scheme, u.authority, u.userinfo, u.host, u.port, u.path, u.query, u.fragment) == (
        "foo", "example.com:8042", None, "example.com", 8042, "/over/there", "name=ferret", "nose",
    )
    assert u.port_text == "8042" and u.host_kind == "reg-name" and u.has_authority
    urn = URI("urn:example:animal:ferret:nose")
    assert (urn.authority, urn.host, urn.port, urn.path, urn.query, urn.fragment) == (
        None, None, None, "example:animal:ferret:nose", None, None,
    )


def test_port_is_a_number_as_in_the_arrow_functions():
    assert URI("http://h:08080/").port == 8080 and URI("http://h:08080/").port_text == "08080"
    assert URI("http://h/").port is None and URI("http://h/").port_text is None
    with pytest.raises(URIError) as info:
        URI("http://h:65536/").port
    assert info.value.kind == "port-overflow" and info.value.component == "port"
    assert URI("http://h:65536/").port_text == "65536"


def test_absent_and_empty_are_apart():
    empty = URIRef("//@:?#")
    assert (empty.authority, empty.userinfo, empty.host, empty.port_text, empty.query, empty.fragment) == ("@:", "", "", "", "", "")
    assert empty.port is None
    absent = URIRef("")
    assert (absent.scheme, absent.authority, absent.userinfo, absent.host, absent.port, absent.query, absent.fragment) == (
        None,
    ) * 7
    assert absent.path == ""
    assert URIRef("p?").query == "" and URIRef("p").query is None


def test_host_kinds():
    assert URI("http://127.0.0.1/").host_kind == "ipv4"
    assert URI("http://[::1]/").host_kind == "ipv6"
    assert URI("http://[v7.x]/").host_kind == "ipvfuture"
    assert URI("http://256.0.0.1/").host_kind == "reg-name"


def test_immutable_and_hashable():
    u = URI("http://a/b")
    with pytest.raises(AttributeError):
        u.path = "/c"  # type: ignore[misc]
    assert {u: 1}[URI("http://a/b")] == 1
    # A URI and a URIRef of the same text are the same reference.
    assert u == URIRef("http://a/b") and hash(u) == hash(URIRef("http://a/b"))
    # No implicit normalization, and no equality with str.
    assert URI("HTTP://a/b") != u
    assert u != "http://a/b"
    assert sorted([URI("b:x"), URI("a:y")]) == [URI("a:y"), URI("b:x")]


@pytest.mark.parametrize("value", [URI("http://a/b?c#d"), URIRef("../x"), URIRef("")])
def test_pickle_and_copy(value):
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(value, protocol=proto))
        assert back == value and type(back) is type(value)
    assert copy.deepcopy(value) == value


def test_repr_round_trips():
    for v in (URI("http://a/'"), URIRef("a")):
        assert eval(repr(v), {"URI": URI, "URIRef": URIRef}) == v


@pytest.mark.parametrize(
    "cls,text,index,kind,component",
    [
        (URI, "http://exa mple.com/", 10, "invalid-character", "host"),
        (URI, "//a/b", 0, "missing-scheme", "scheme"),
        (URIRef, "a:b:c%zz", 5, "invalid-percent-encoding", "path"),
        (URIRef, "http://[::1/", 7, "unclosed-ip-literal", "host"),
        (URIRef, "http://a:8x/", 10, "invalid-port", "port"),
        (URIRef, "a#b#c", 3, "invalid-character", "fragment"),
        (URIRef, "é", 0, "invalid-character", "path"),
    ],
)
def test_errors(cls, text, index, kind, component):
    with pytest.raises(URIError) as info:
        cls(text)
    e = info.value
    assert isinstance(e, ValueError)
    assert (e.index, e.kind, e.component) == (index, kind, component)
    assert component in str(e) and f"index {index}" in str(e)
    back = pickle.loads(pickle.dumps(e))
    assert (back.index, back.kind, back.component, str(back)) == (index, kind, component, str(e))


def test_resolve_errors_name_the_input():
    with pytest.raises(URIError) as info:
        urikit.resolve("http://a/", "g h")
    assert str(info.value).startswith("invalid reference:") and info.value.index == 1
    with pytest.raises(URIError) as info:
        urikit.resolve("/not-absolute", "g")
    # The core's name for RFC 3986 5.1's rule (a base has a scheme), the
    # same as the CLI's and SQL's: the base parsed, as a relative reference.
    assert info.value.kind == "base-not-uri"
    with pytest.raises(URIError) as info:
        urikit.make_relative("http://a/b", "http://a/x/../y")
    assert info.value.kind == "unreachable-target" and info.value.index is None


@pytest.mark.parametrize("bad", [None, 1, b"http://a/", ["http://a/"], object()])
def test_non_str_is_type_error(bad):
    for call in (
        lambda: URI(bad), lambda: URIRef(bad), lambda: urikit.parse(bad),
        lambda: urikit.resolve("http://a/", bad), lambda: urikit.resolve(bad, "g"),
        lambda: urikit.normalize(bad), lambda: urikit.equivalent(bad, "a"), lambda: urikit.lint(bad),
        lambda: urikit.encode(bad, "path"), lambda: urikit.decode(bad), lambda: urikit.extract(bad),
    ):
        with pytest.raises(TypeError):
            call()


def test_normalize_rfc_6_2():
    # 6.2.2: case, percent-encoding, dot segments.
    assert urikit.normalize("HTTP://www.Example.com/%7Euser/a/./b/../c%2f") == "http://www.example.com/~user/a/c%2F"
    # 6.2.3: default port, empty path.
    assert urikit.normalize("http://example.com:80", level="scheme") == "http://example.com/"
    assert urikit.normalize("HTTP://a/%7e", level="string") == "HTTP://a/%7e"
    assert URI("http://example.com:80").normalize(level="scheme") == URI("http://example.com/")
    assert not URI("http://example.com:80/").is_normalized(level="scheme")
    assert URI("http://example.com:80/").is_normalized(level="syntax")
    with pytest.raises(URIError) as info:
        urikit.normalize("http://a/", level="scheme-based")
    assert info.value.kind == "unknown-level"
    assert URIRef("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").normalize() == URIRef("example://a/b/c/%7Bfoo%7D")
    assert not URI("HTTP://a/").is_normalized() and URI("http://a/").is_normalized()


def test_equivalent_levels():
    # 6.2.1 examples: equivalent at the syntax level, not as strings.
    a, b = "example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"
    assert not urikit.equivalent(a, b, level="string")
    assert urikit.equivalent(a, b, level="syntax") and urikit.equivalent(a, b)
    # 6.2.3: these differ only in scheme-based ways.
    http = ["http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"]
    for x in http[1:]:
        assert urikit.equivalent(http[0], x, level="scheme")
        assert not urikit.equivalent(http[0], x, level="syntax")
    with pytest.raises(URIError):
        urikit.equivalent("a:b", "a:b", level="nope")


def test_encode_decode_round_trip():
    text = "a b/c?d#e&f=g+h%é☃"
    for comp in ("userinfo", "host", "path", "segment", "segment-nc", "query", "query-pair", "fragment", "unreserved"):
        enc = urikit.encode(text, comp)
        assert enc.isascii() and "%25" in enc
        assert urikit.decode(enc) == text
    assert urikit.encode("a/b", "segment") == "a%2Fb" and urikit.encode("a/b", "path") == "a/b"
    with pytest.raises(URIError):
        urikit.encode("x", "nope")
    with pytest.raises(URIError) as info:
        urikit.decode("é%FF")
    assert info.value.index == 1  # a character index, after the one 2-byte character


def test_extract_spans_are_character_offsets():
    text = 'é <http://a.example/x> "http://b.example/" ☃ c:d'
    found = urikit.extract(text)
    assert [(m.uri, m.delimiter) for m in found] == [("http://a.example/x", "angle"), ("http://b.example/", "quote")]
    for m in found:
        assert text[m.start : m.end] == m.uri
    # Relative references count only inside delimiters, and only when asked.
    assert [m.uri for m in urikit.extract("see <../b> or ./c")] == []
    assert [m.uri for m in urikit.extract("see <../b> or ./c", relative=True)] == ["../b"]


def test_lint_findings():
    f = urikit.lint("http://user:pass@example.com:25/")
    kinds = [x.kind for x in f]
    assert "credentials" in kinds and "port-mismatch" in kinds
    port = next(x for x in f if x.kind == "port-mismatch")
    assert "http://user:pass@example.com:25/"[port.start : port.end] == "25"
    assert "(7.2)" in str(port)


def test_lint_deceptive_hosts():
    # UTS #39 (urikit's uts39 feature): "аррӏе" in Cyrillic, as an A-label,
    # looks like "apple"; "münchen" is one script.
    f = urikit.lint("http://xn--80ak6aa92e.com/")
    assert [x.kind for x in f] == ["deceptive-host"]
    assert (f[0].start, f[0].end) == (7, 21)
    assert "U+0430, Cyrillic" in f[0].message
    assert urikit.lint("http://xn--mnchen-3ya.de/") == []
    # A label mixing Latin and a Cyrillic "а" (percent-encoded UTF-8, which
    # is also non-ascii-host).
    mixed = urikit.lint("http://p%D0%B0ypal.com/")
    assert sorted(x.kind for x in mixed) == ["deceptive-host", "non-ascii-host"]
    assert any("mixes scripts" in x.message for x in mixed)


def test_validate_rules():
    assert urikit.validate("2001:db8::1", "IPv6address")
    assert not urikit.validate("2001:db8::1::", "IPv6address")
    assert urikit.validate("//a", "relative-ref") and not urikit.validate("//a", "URI")
    with pytest.raises(URIError) as info:
        urikit.validate("a b", "URI-reference", raise_error=True)
    assert info.value.index == 1


def test_iri_types():
    from urikit import IRI, IRIRef

    i = IRI("http://www.example.org/Dürst?q=ü#f")
    assert (i.scheme, i.host, i.path, i.query, i.fragment) == ("http", "www.example.org", "/Dürst", "q=ü", "f")
    # RFC 3987 3.1 and 3.2: the mappings both ways.
    assert i.to_uri() == URI("http://www.example.org/D%C3%BCrst?q=%C3%BC#f")
    assert URI("http://www.example.org/D%C3%BCrst").to_iri() == IRI("http://www.example.org/Dürst")
    # Octets that are not UTF-8 stay encoded (3.2 step 3).
    assert URI("http://www.example.org/D%FCrst").to_iri() == IRI("http://www.example.org/D%FCrst")
    assert IRIRef("../ï").to_uri() == URIRef("../%C3%AF")
    assert IRI("http://a/b/c/d").resolve("../ü") == IRI("http://a/b/ü")
    assert IRI("http://a/b/c/d").make_relative("http://a/b/ü") == IRIRef("../ü")
    assert IRIRef("").query is None and IRIRef("?").query == ""
    # Equal across the types when the text is the same; hashable, pickled.
    assert IRI("http://a/") == URI("http://a/") and hash(IRI("http://a/")) == hash(URI("http://a/"))
    assert pickle.loads(pickle.dumps(i)) == i
    with pytest.raises(URIError) as info:
        IRI("http://a/b c")
    assert (info.value.index, info.value.component) == (10, "path")
    with pytest.raises(URIError):
        IRI("/relative")
    with pytest.raises(TypeError):
        IRI(b"http://a/")  # type: ignore[arg-type]


def test_iri_error_index_counts_characters():
    # The library's index is a byte offset; in a str, \u00e9 is one
    # character (two bytes of UTF-8), and the index must be Python's.
    for text, index in [("http://\u00e9/a b", 10), ("s:/\u4f8b\u3048/%zz", 6), ("http://a/b c", 10)]:
        for make in (urikit.IRI, urikit.IRIRef):
            with pytest.raises(urikit.URIError) as e:
                make(text)
            assert e.value.index == index, (make, text)
            assert str(e.value).endswith(f"at index {index}")
            assert text[index] in " %"
    # The jsonschema format checks raise the same error.
    with pytest.raises(urikit.URIError) as e:
        urikit._urikit._format_iri("http://\u00e9/a b")
    assert e.value.index == 10


def test_version_is_the_installed_package_version():
    import importlib.metadata

    assert urikit.__version__ == importlib.metadata.version("urikit")


def test_submodules_load_on_first_use():
    # In a fresh interpreter: `import urikit` alone imports no submodule (nor
    # pyarrow), and each one loads on first attribute access (PEP 562).
    import subprocess
    import sys

    code = (
        "import sys, urikit\n"
        "assert 'urikit.arrow' not in sys.modules and 'pyarrow' not in sys.modules\n"
        "print(urikit.arrow.host.__name__, urikit.compat.urljoin.__name__, urikit.jsonschema.is_uri.__name__)\n"
        "assert 'arrow' in dir(urikit)\n"
        "try:\n"
        "    urikit.nope\n"
        "except AttributeError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.splitlines() == ["host urljoin is_uri", "module 'urikit' has no attribute 'nope'"]
