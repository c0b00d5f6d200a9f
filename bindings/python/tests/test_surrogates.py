"""A ``str`` with a lone surrogate (what ``os.fsdecode`` makes of bytes that
are not UTF-8) has no UTF-8, so no URI: every function and method taking a
string raises ``urikit.URIError`` of kind ``'not-unicode'`` at the
surrogate's index (in characters), never ``UnicodeEncodeError`` or a
``TypeError`` of PyO3's. The exception is the ``java`` profile:
java.net.URI takes a lone surrogate as any other char of a Java string,
and ``profile='java'`` gives what the real JDK gives, recorded by
``scripts/record-java-surrogates.sh`` in ``tests/data/java_surrogates.json``.
"""

import json
import pathlib
import shutil
import subprocess
import tempfile
from typing import Any, Callable

import pytest
import urikit
from urikit import JavaURI, URIError

HERE = pathlib.Path(__file__).parent
RECORDING = HERE / "data" / "java_surrogates.json"
LONE = "\ud800"


def not_unicode(f: Callable[[], Any], index: int) -> None:
    with pytest.raises(URIError) as info:
        f()
    assert info.value.kind == "not-unicode", info.value
    assert info.value.index == index, info.value
    assert f"index {index}" in str(info.value)


T = urikit.URITemplate("/a/{x}{?q}")
U = urikit.URI("http://a/b")
R = urikit.URIRef("b/c")
IRI = urikit.IRI("http://a/ü")

# Each call with a lone surrogate at index 3 of one of its str arguments.
CALLS = {
    "parse": lambda: urikit.parse("abc\ud800"),
    "parse iri": lambda: urikit.parse("abc\ud800", profile="iri"),
    "parse rfc2396": lambda: urikit.parse("abc\ud800", profile="rfc2396"),
    "parse profile": lambda: urikit.parse("a", profile="jav\ud800"),
    "URI": lambda: urikit.URI("s:/\ud800"),
    "URIRef": lambda: urikit.URIRef("abc\ud800"),
    "IRI": lambda: urikit.IRI("s:/\ud800"),
    "IRIRef": lambda: urikit.IRIRef("abc\ud800"),
    "RFC2396Ref": lambda: urikit.RFC2396Ref("abc\ud800"),
    "resolve base": lambda: urikit.resolve("s:/\ud800", "a"),
    "resolve reference": lambda: urikit.resolve("s:/a", "abc\ud800"),
    "make_relative": lambda: urikit.make_relative("s:/a", "s:/\ud800"),
    "normalize": lambda: urikit.normalize("abc\ud800"),
    "normalize level": lambda: urikit.normalize("a", level="syn\ud800"),
    "equivalent": lambda: urikit.equivalent("a", "abc\ud800"),
    "equivalent level": lambda: urikit.equivalent("a", "a", level="str\ud800"),
    "encode": lambda: urikit.encode("abc\ud800", "path"),
    "encode component": lambda: urikit.encode("a", "pat\ud800"),
    "decode": lambda: urikit.decode("abc\ud800"),
    "decode errors": lambda: urikit.decode("a", errors="str\ud800"),
    "extract": lambda: urikit.extract("abc\ud800"),
    "lint": lambda: urikit.lint("abc\ud800"),
    "validate raise_error": lambda: urikit.validate("abc\ud800", raise_error=True),
    "validate rule": lambda: urikit.validate("a", "URI\ud800"),
    "repair": lambda: urikit.repair("s:/\ud800"),
    "views": lambda: urikit.views("abc\ud800"),
    "views parsers": lambda: urikit.views("a", parsers=["jav\ud800"]),
    "URITemplate": lambda: urikit.URITemplate("/a/\ud800"),
    "URITemplate.match": lambda: T.match("/a/\ud800"),
    "URITemplate.match lenient": lambda: T.match("/a/\ud800", lenient=True),
    "URITemplate.match_details": lambda: T.match_details("/a/\ud800"),
    "URITemplate.expand": lambda: T.expand(x="abc\ud800"),
    "URITemplate.expand mapping": lambda: T.expand({"x": "abc\ud800"}),
    "URITemplate.expand list": lambda: T.expand(x=["abc\ud800"]),
    "URITemplate.expand dict": lambda: T.expand(x={"k": "abc\ud800"}),
    "URITemplate.expand name": lambda: T.expand({"abc\ud800": "v"}),
    "from_file_path unix": lambda: urikit.from_file_path("/a/\ud800", style="unix"),
    "from_file_path native": lambda: urikit.from_file_path("/a/\ud800"),
    "from_file_path windows": lambda: urikit.from_file_path("C:\\\ud800", style="windows"),
    "from_file_path vscode": lambda: urikit.from_file_path("/a/\ud800", profile="vscode"),
    "from_file_path style": lambda: urikit.from_file_path("/a", style="uni\ud800"),
    "from_file_path profile": lambda: urikit.from_file_path("/a", profile="vsc\ud800"),
    "to_file_path": lambda: urikit.to_file_path("s:/\ud800"),
    "to_file_path style": lambda: urikit.to_file_path("file:///a", style="uni\ud800"),
    "to_file_path profile": lambda: urikit.to_file_path("file:///a", profile="vsc\ud800"),
    "URI.resolve": lambda: U.resolve("abc\ud800"),
    "URI.make_relative": lambda: U.make_relative("s:/\ud800"),
    "URI.equivalent": lambda: U.equivalent("abc\ud800"),
    "URI.equivalent level": lambda: U.equivalent("a", level="syn\ud800"),
    "URI.normalize level": lambda: U.normalize(level="syn\ud800"),
    "URI.is_normalized level": lambda: U.is_normalized(level="syn\ud800"),
    "URIRef.normalize level": lambda: R.normalize(level="syn\ud800"),
    "URIRef.equivalent": lambda: R.equivalent("abc\ud800"),
    "IRI.resolve": lambda: IRI.resolve("abc\ud800"),
    "IRI.make_relative": lambda: IRI.make_relative("s:/\ud800"),
    "compat.urljoin": lambda: urikit.compat.urljoin("http://a/", "abc\ud800"),
    "compat.urlsplit": lambda: urikit.compat.urlsplit("abc\ud800"),
    "format uri": lambda: urikit._urikit._format_uri("abc\ud800"),
    "format uri-reference": lambda: urikit._urikit._format_uri_reference("abc\ud800"),
    "format iri": lambda: urikit._urikit._format_iri("abc\ud800"),
    "format iri-reference": lambda: urikit._urikit._format_iri_reference("abc\ud800"),
    "arrow kernel name": lambda: urikit._urikit.arrow_kernel("hos\ud800", "a"),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_lone_surrogate_is_not_unicode(name: str) -> None:
    not_unicode(CALLS[name], 3)


def test_the_index_counts_characters() -> None:
    # Non-ASCII characters before the surrogate: characters, not bytes.
    not_unicode(lambda: urikit.repair("é€😀\ud800"), 3)
    not_unicode(lambda: urikit.URITemplate("é€😀\udfff"), 3)


def test_validate_says_false_without_raise_error() -> None:
    # Not Unicode text, so no rule matches it.
    assert urikit.validate("abc\ud800") is False
    assert urikit.validate("abc\ud800", "URI") is False


def test_from_file_path_keeps_surrogateescape_bytes() -> None:
    # U+DC80..U+DCFF are bytes that os.fsdecode could not decode: they are
    # a Unix path's bytes, percent-encoded (unchanged by the fix).
    assert str(urikit.from_file_path("/a/\udce9", style="unix")) == "file:///a/%E9"


def test_jsonschema_reports_a_lone_surrogate_as_invalid() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    checker = urikit.jsonschema.format_checker()
    for fmt in ["uri", "uri-reference", "iri", "iri-reference", "uri-template"]:
        assert not checker.conforms("http://a/\ud800", fmt), fmt
    v = jsonschema.Draft202012Validator({"format": "uri"}, format_checker=checker)
    errors = list(v.iter_errors("http://a/\ud800"))
    assert len(errors) == 1 and isinstance(errors[0].cause, URIError)


def test_arrow_scalar_with_a_lone_surrogate() -> None:
    pa = pytest.importorskip("pyarrow")
    import urikit.arrow

    not_unicode(lambda: urikit.arrow.resolve("s:/\ud800", pa.array(["a"])), 3)


# --- the java profile: what the JDK does ---------------------------------


def recording() -> Any:
    return json.loads(RECORDING.read_text(encoding="utf-8"))


def fields(j: JavaURI) -> Any:
    return {
        "string": str(j),
        "scheme": j.scheme,
        "opaque": j.opaque,
        "raw_scheme_specific_part": j.scheme_specific_part,
        "raw_authority": j.authority,
        "raw_user_info": j.userinfo,
        "host": j.host,
        "port": -1 if j.port is None else j.port,
        "raw_path": j.path,
        "raw_query": j.query,
        "raw_fragment": j.fragment,
    }


def test_java_profile_reads_lone_surrogates_as_the_jdk() -> None:
    cases = recording()
    assert len(cases) > 30
    for case in cases:
        s = case["input"]
        if case["op"] == "parse":
            run = lambda: urikit.parse(s, profile="java")  # noqa: E731
        elif case["op"] == "resolve":
            run = lambda: urikit.parse(case["base"], profile="java").resolve(s)  # noqa: E731
        else:
            run = lambda: urikit.parse(s, profile="java").normalize()  # noqa: E731
        if "error" in case:
            with pytest.raises(URIError) as info:
                run()
            assert str(info.value).lower().startswith(case["error"]["reason"].lower()), case
            assert info.value.index == case["error"]["index"], case
        else:
            want = {k: v for k, v in case["ok"].items() if k not in ("ascii", "path")}
            assert fields(run()) == want, case


def test_java_uri_with_a_surrogate_is_a_value() -> None:
    j = JavaURI("http://h/\ud800")
    assert j == urikit.parse("http://h/\ud800", profile="java")
    assert j != JavaURI("http://h/\udc00")
    assert hash(j) == hash(JavaURI("http://h/\ud800"))
    assert repr(j) == "JavaURI('http://h/\\ud800')"
    import pickle

    assert pickle.loads(pickle.dumps(j)) == j
    assert str(urikit.parse("http://h/a/b", profile="java").resolve(JavaURI("\udc00"))) == "http://h/a/\udc00"
    # A private-use character of the input keeps its own identity next to
    # the surrogates' stand-ins.
    k = urikit.parse("http://h/\ue000\ud800\ue001", profile="java")
    assert k.path == "/\ue000\ud800\ue001"


def test_java_resolve_takes_only_str_or_java_uri() -> None:
    with pytest.raises(TypeError, match="expected str or JavaURI, not int"):
        urikit.parse("http://h/", profile="java").resolve(1)  # type: ignore[arg-type]


def test_the_recording_is_the_jdks() -> None:
    if not (shutil.which("java") and shutil.which("javac")):
        pytest.skip("no java/javac on PATH: the recording is not re-checked")
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(["javac", "-d", d, str(HERE / "java" / "SurrogateProbe.java")], check=True)
        out = subprocess.run(["java", "-cp", d, "SurrogateProbe"], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == recording()
