"""``urikit.parse(text, profile=...)``: the RFC 2396 profile against the
project's RFC 2396 vectors (worked out by hand from the grammar, shared
with the Rust tests), and the ``java`` profile against the real
java.net.URI: the project's probe (``crates/urikit/tests/java/UriProbe.java``)
compiled with ``javac`` and run over the same inputs. Without a JDK the
Java test is skipped (one line), and fails under ``CI=true``."""

import os
import pickle
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Dict, List, Optional

import pytest
import urikit
from urikit import JavaURI, RFC2396Ref, URIError

ROOT = Path(__file__).resolve().parents[3]
VECTORS = ROOT / "crates" / "urikit" / "tests" / "data" / "rfc2396" / "URI-reference.txt"
PROBE = ROOT / "crates" / "urikit" / "tests" / "java" / "UriProbe.java"


def unescape(s: str) -> Optional[str]:
    """The vector files' escapes (crates/urikit/tests/data/vectors/README.md);
    ``None`` when the result is not UTF-8 (a Python ``str`` cannot hold
    it)."""
    out = bytearray()
    i = 0
    while i < len(s):
        c = s[i]
        if c != "\\":
            out += c.encode()
            i += 1
            continue
        n = s[i + 1]
        if n in "\\tnr":
            out += {"\\": b"\\", "t": b"\t", "n": b"\n", "r": b"\r"}[n]
            i += 2
        elif n == "x":
            out.append(int(s[i + 2 : i + 4], 16))
            i += 4
        elif n == "u":
            end = s.index("}", i)
            out += chr(int(s[i + 3 : end], 16)).encode()
            i = end + 1
        else:
            raise ValueError(f"bad escape in {s!r}")
    try:
        return out.decode()
    except UnicodeDecodeError:
        return None


def components(r: RFC2396Ref) -> Dict[str, str]:
    got = {
        "scheme": r.scheme,
        "opaque": r.path if r.opaque else None,
        "authority": r.authority,
        "authority-kind": r.authority_kind,
        "userinfo": r.userinfo,
        "host": r.host,
        "port": r.port_text,
        "path": r.path,
        "query": r.query,
        "fragment": r.fragment,
    }
    return {k: v for k, v in got.items() if v is not None}


def vector_lines() -> List[List[str]]:
    lines = VECTORS.read_text().splitlines()
    return [line.split("\t") for line in lines if line and not line.startswith("#")]


def test_rfc2396_profile_matches_the_vectors():
    ok = bad = 0
    for f in vector_lines():
        if f[0] == "ok":
            text = unescape(f[1])
            want_text = unescape(f[2])
            assert text is not None and want_text is not None
            want = dict(kv.split("=", 1) for kv in re.split(r" (?=[a-z-]+=)", want_text))
            want.pop("host-kind", None)  # Python's RFC2396Ref has no host_kind
            r = urikit.parse(text, profile="rfc2396")
            assert isinstance(r, RFC2396Ref)
            assert components(r) == want, text
            assert str(r) == text and r == RFC2396Ref(text)
            ok += 1
        else:
            text = unescape(f[3])
            if text is None:
                continue
            with pytest.raises(URIError) as info:
                urikit.parse(text, profile="rfc2396")
            kind, _, component = f[2].partition("/")
            byte = int(f[1])
            chars = len(text.encode()[:byte].decode(errors="ignore"))
            assert (info.value.index, info.value.kind) == (chars, kind), text
            if component:
                assert info.value.component == component, text
            bad += 1
    assert ok > 20 and bad > 10


def test_rfc2396_values_compare_hash_and_pickle():
    r = urikit.parse("http://h:99999/a", profile="rfc2396")
    assert r.port_text == "99999" and repr(r) == "RFC2396Ref('http://h:99999/a')"
    with pytest.raises(URIError) as info:
        r.port
    assert info.value.kind == "port-overflow"
    assert pickle.loads(pickle.dumps(r)) == r and hash(RFC2396Ref("a:b")) == hash(RFC2396Ref("a:b"))
    assert urikit.parse("//h:", profile="rfc2396").port is None


def test_unknown_profile_is_an_error():
    with pytest.raises(URIError) as info:
        urikit.parse("a:b", profile="rfc3986")
    assert info.value.kind == "unknown-profile"
    assert isinstance(urikit.parse("a:b", profile="iri"), urikit.IRIRef)
    assert isinstance(urikit.parse("a:b"), urikit.URIRef)


# --- java ---------------------------------------------------------------


@pytest.fixture(scope="module")
def probe():
    if not (shutil.which("java") and shutil.which("javac")):
        if os.environ.get("CI") in ("true", "1"):
            pytest.fail("CI=true and no java/javac: the java profile cannot be checked")
        pytest.skip("no java/javac on PATH: the java profile is not checked against java.net.URI")
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(["javac", "-d", d, str(PROBE)], check=True)
        yield d


def ask(probe_dir: str, commands: List[str]) -> List[str]:
    out = subprocess.run(
        ["java", "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", probe_dir, "UriProbe"],
        input="".join(c + "\n" for c in commands),
        capture_output=True,
        text=True,
        check=True,
    )
    answers = out.stdout.splitlines()
    assert len(answers) == len(commands)
    return answers


def hexed(s: str) -> str:
    return s.encode().hex()


def field(f: str) -> Optional[str]:
    return None if f == "-" else bytes.fromhex(f[1:]).decode()


def java_inputs() -> List[str]:
    inputs = [
        "http://user@123:8080/a;p?q=[1]#f", "mailto:a@b?subject=x", "urn:isbn:0451450523",
        "file:///x", "http:///path", "http://", "//", "", "?q", "#f", "a:", "s:/x", "a:b#",
        "http://h:99999/", "http://h:2147483648/", "http://1.2.3/", "http://1.2.3.4.5/",
        "http://256.1.1.1/", "http://a_b/", "http://-a.b/", "http://a.b-/", "http://1a/",
        "http://[::1]:80/", "http://[fe80::1%eth0]/", "http://[::1", "http://[1:2:3:4:5:6:7:8:9]/",
        "http://[::12345]/", "http://[::1.2.3]/", "http://[1::2::3]/", "http://[::1%]/", "http://[:]/",
        "http://[::1]x/", "http://[1:2:3:4:5:6:7]/", "http://[::1.2.3.256]/", "http://h/ü", "http://h/a b",
        "http://h/%zz", "http://h/%4", "http://u:p@h:8/x", "http://@h/", "http://h:/",
        "http://h:8x/", "http://ü/", "http://h/\u00a0", "http://h/\u2028", "../a", "./a:b",
        "a//b", "//h?q", "http://h/a/../../b", "s://reg name/", "s://[x]/", "http://h/#a#b",
    ]
    inputs += [f"http://h/{c}" for c in map(chr, range(0x20, 0x7F))]
    inputs += [f"http://{c}h/" for c in map(chr, range(0x21, 0x7F))]
    inputs += [f"s:{c}" for c in map(chr, range(0x21, 0x7F))]
    for f in vector_lines():
        text = unescape(f[1] if f[0] == "ok" else f[3])
        if text is not None and "\n" not in text:
            inputs.append(text)
    return inputs


def test_java_profile_is_java_net_uri(probe):
    inputs = java_inputs()
    answers = ask(probe, [f"P {hexed(s)}" for s in inputs])
    compared = 0
    for s, a in zip(inputs, answers):
        f = a.split("\t")
        if f[0] == "ok":
            j = urikit.parse(s, profile="java")
            assert isinstance(j, JavaURI)
            port = int(f[7])
            want = (field(f[1]), f[2] == "1", field(f[3]), field(f[4]), field(f[5]), field(f[6]),
                    None if port == -1 else port, field(f[8]), field(f[9]), field(f[10]))
            got = (j.scheme, j.opaque, j.scheme_specific_part, j.authority, j.userinfo, j.host,
                   j.port, j.path, j.query, j.fragment)
            assert got == want, s
            assert (j.authority_kind == "server") == (j.authority is not None and j.host is not None), s
        else:
            assert f[0] == "err", (s, a)
            with pytest.raises(URIError) as info:
                urikit.parse(s, profile="java")
            reason = field(f[2]) or ""
            message = str(info.value)
            assert message.lower().startswith(reason.lower()), (s, message, reason)
            java_index = int(f[1])
            # Java counts UTF-16 units; Python characters differ only past
            # U+FFFF, which these inputs do not hold.
            assert info.value.index == (None if java_index < 0 else java_index), (s, message)
        compared += 1
    assert compared == len(inputs) and compared > 300


def test_java_resolve_and_normalize_are_javas(probe):
    base = "http://a/b/c/d;p?q"
    refs = ["g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "", ".", "./", "..", "../",
            "../g", "../..", "../../", "../../g", "../../../g", "/./g", "/../g", "g.", ".g",
            "g..", "..g", "./../g", "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y",
            "g?y/./x", "g#s/../x", "http:g", "mailto:x", "a:b/c"]
    pairs = [(base, r) for r in refs] + [("mailto:a@b", "g"), ("http://h", "g"), ("a/b", "c")]
    commands = [f"R {hexed(b)} {hexed(r)}" for b, r in pairs]
    norms = ["http://h//a///b/./c/../d", "a/../b:c", "/a/../../b", "./a:b", "http://h/a/%2e%2e/b",
             "http://h", "s:opaque/./x", "../a/./b"]
    commands += [f"N {hexed(s)}" for s in norms]
    answers = ask(probe, commands)
    for (b, r), a in zip(pairs, answers):
        f = a.split("\t")
        assert f[0] == "ok", (b, r, a)
        assert str(urikit.parse(b, profile="java").resolve(r)) == field(f[1]), (b, r)
        assert urikit.parse(b, profile="java").resolve(JavaURI(r)) == JavaURI(field(f[1]) or ""), (b, r)
    for s, a in zip(norms, answers[len(pairs) :]):
        f = a.split("\t")
        assert f[0] == "ok", (s, a)
        assert str(urikit.parse(s, profile="java").normalize()) == field(f[1]), s
