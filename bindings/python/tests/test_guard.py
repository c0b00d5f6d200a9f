"""urikit.guard offline: the policy loader and its errors, the presets, the client readings, the verdicts and the
exceptions. The decisions are the Rust crate's (crates/urikit-guard); these tests check that Python sees them
whole: the names from the crate's sets, the key and line of a policy error, every address checked."""

import json
import pathlib

import pytest
import urikit
from urikit._urikit import ERROR_KINDS
from urikit.guard import CLIENTS, PRESETS, REASONS, Guard, GuardError, Policy, PolicyError, system_resolver


def test_the_names_are_the_crates() -> None:
    # The crate's documented names (docs/guard.md), and ERROR_KINDS carries the same refusal kinds.
    assert REASONS == (
        "scheme",
        "port",
        "denied-host",
        "denied-address",
        "not-allowed",
        "disagreement",
        "unparsable",
        "resolve-failed",
        "too-many-redirects",
    )
    assert list(REASONS) == ERROR_KINDS["RefusalKind"]
    assert PRESETS == ("public", "private", "allow-list")
    # curl's reading needs libcurl, which the wheel does not link.
    assert set(CLIENTS) == {"whatwg", "urllib3", "httpx", "yarl", "rfc3986"}
    assert "unknown-client" in ERROR_KINDS["Named"] and "unknown-preset" in ERROR_KINDS["Named"]
    assert "invalid-policy" in ERROR_KINDS["python"]


def test_unknown_names_are_uri_errors() -> None:
    with pytest.raises(urikit.URIError) as e:
        Policy("everything")
    assert e.value.kind == "unknown-preset"
    with pytest.raises(urikit.URIError) as e:
        Guard(client="wget")
    assert e.value.kind == "unknown-client"
    with pytest.raises(urikit.URIError) as e:
        Guard(client="curl")
    assert e.value.kind == "unknown-client" and "not in this build" in str(e.value)
    # The library names that use a reading.
    assert Guard(client="requests").client == "urllib3"
    assert Guard(client="aiohttp").client == "yarl"


def test_policy_errors_name_the_key_and_the_line(tmp_path: pathlib.Path) -> None:
    with pytest.raises(PolicyError) as e:
        Policy.from_text('preset = "public"\n\n[allow]\nranges = ["10.0.0.0/33"]\n')
    assert e.value.line == 4 and "ranges" in str(e.value) and str(e.value).startswith("policy line 4: ")
    assert isinstance(e.value, urikit.URIError) and e.value.kind == "invalid-policy"
    with pytest.raises(PolicyError) as e:
        Policy.from_text('{\n"preset": "public",\n"prest": 1}')
    assert e.value.line == 3 and "prest" in str(e.value)
    with pytest.raises(PolicyError):
        Policy.from_text("ports = [0]\n")
    with pytest.raises(FileNotFoundError):
        Policy.from_file(tmp_path / "missing.toml")
    f = tmp_path / "policy.json"
    f.write_text(json.dumps({"preset": "allow-list", "allow": {"hosts": ["api.example.com"]}, "max_redirects": 2}))
    p = Policy.from_file(f)
    assert (p.preset, p.max_redirects) == ("allow-list", 2)
    g = Guard(p)
    assert g.check("https://api.example.com/v1").allowed
    assert g.check("https://example.com/").reason == "not-allowed"


def test_presets() -> None:
    public, private = Guard(Policy()), Guard(Policy("private"))
    assert public.check("http://10.1.2.3/").reason == "denied-address"
    assert private.check("http://10.1.2.3/").allowed
    # Loopback and the metadata address stay denied with private networks allowed.
    assert private.check("http://127.0.0.1/").reason == "denied-address"
    assert private.check("http://169.254.169.254/").reason == "denied-address"
    assert private.check("http://printer.local/").allowed
    assert public.check("http://printer.local/").reason == "denied-host"


@pytest.mark.parametrize(
    "client,url,host,address",
    [
        # WHATWG maps the number forms itself; the others hand the host to getaddrinfo, which reads inet_aton's.
        ("whatwg", "http://0x7f.1/", "127.0.0.1", "127.0.0.1"),
        ("urllib3", "http://0x7f.1/", "0x7f.1", "127.0.0.1"),
        ("httpx", "http://2130706433/", "2130706433", "127.0.0.1"),
        ("whatwg", "http://[::ffff:127.0.0.1]/", "::ffff:7f00:1", "::ffff:127.0.0.1"),
        ("httpx", "http://[64:ff9b::a9fe:a9fe]/", "64:ff9b::a9fe:a9fe", "64:ff9b::a9fe:a9fe"),
    ],
)
def test_the_host_as_the_client_reads_it(client: str, url: str, host: str, address: str) -> None:
    v = Guard(client=client).check(url)
    assert (v.allowed, v.reason, v.host, v.addresses) == (False, "denied-address", host, [address])
    with pytest.raises(GuardError) as e:
        v.raise_for_refusal()
    assert (e.value.reason, e.value.host, e.value.address, e.value.url) == ("denied-address", host, address, url)
    assert isinstance(e.value, urikit.URIError) and e.value.kind == "denied-address" and e.value.index is None


def test_every_address_is_checked() -> None:
    g = Guard()
    ok = g.check_addresses("https://example.com:8443/", ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"])
    assert (ok.allowed, ok.host, ok.port, len(ok.addresses)) == (True, "example.com", 8443, 2)
    bad = g.check_addresses("https://example.com/", ["93.184.215.14", "fd00:ec2::254"])
    assert (bad.reason, bad.addresses) == ("denied-address", ["fd00:ec2::254"])
    assert g.check_addresses("https://example.com/", []).reason == "resolve-failed"
    # An IP host is its own address: the given ones do not replace it.
    assert g.check_addresses("http://127.0.0.1/", ["93.184.215.14"]).reason == "denied-address"
    # A scope on a link-local answer does not hide it.
    assert g.check_addresses("http://example.com/", ["fe80::1%eth0"]).reason == "denied-address"
    with pytest.raises(ValueError, match="not an ip address"):
        g.check_addresses("http://example.com/", ["example.org"])


def test_check_host_looks_up_once_and_only_names() -> None:
    g = Guard()
    calls = []

    def resolver(host: str, port: int) -> list:
        calls.append((host, port))
        return ["93.184.215.14"]

    assert g.check_host("example.com", 443, resolver).addresses == ["93.184.215.14"]
    # A local name and an IP host: refused or checked without a lookup.
    assert g.check_host("metadata.google.internal", 80, resolver).reason == "denied-host"
    assert g.check_host("127.0.0.1", 80, resolver).reason == "denied-address"
    assert calls == [("example.com", 443)]

    def failing(host: str, port: int) -> list:
        raise OSError("no such name")

    v = g.check_host("example.com", 443, failing)
    assert v.reason == "resolve-failed" and "no such name" in (v.detail or "")


def test_redirect_hops() -> None:
    g = Guard(Policy.from_text("max_redirects = 2"))
    assert g.check_redirect("http://example.org/", 2).allowed
    assert g.check_redirect("http://example.org/", 3).reason == "too-many-redirects"
    assert g.check_redirect("http://192.168.0.1/", 1).reason == "denied-address"


def test_system_resolver() -> None:
    assert system_resolver("127.0.0.1", 80) == ["127.0.0.1"]
    assert system_resolver("::1", 80) == ["::1"]


def test_the_docs_examples_run() -> None:
    # docs/guard.md's Python examples, as doctests (they refuse before any connection: no network needed).
    import doctest
    import re

    from conftest import REPO, require

    require("httpx")
    require("requests")
    doc = REPO / "docs" / "guard.md"
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 3
    globs: dict = {}
    for i, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, globs, f"docs/guard.md[{i}]", str(doc), 0)
        # The blocks share their names, as a reader running them in order would.
        failed, attempted = doctest.DocTestRunner().run(test, clear_globs=False)
        assert attempted > 0 and failed == 0, f"docs/guard.md python block {i}"
        globs.update(test.globs)
