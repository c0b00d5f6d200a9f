"""Type-checked by mypy against the stubs (scripts/test.sh), and run by
pytest as an ordinary module: the stubs must describe what the package does."""

from typing import List, Optional
from urllib.parse import SplitResult

import urikit
import urikit.arrow
import urikit.compat
import urikit.jsonschema


def use() -> None:
    u: urikit.URI = urikit.URI("http://a/b?c")
    r: urikit.URIRef = urikit.parse("../x")
    scheme: str = u.scheme
    maybe: Optional[str] = r.scheme
    q: Optional[str] = u.query
    port: Optional[int] = u.port
    port_text: Optional[str] = u.port_text
    joined: urikit.URI = u.resolve(r)
    back: urikit.URIRef = u.make_relative(joined)
    text: str = urikit.normalize(u, level="scheme")
    same: bool = urikit.equivalent("a:b", u, level="scheme")
    findings: List[urikit.Finding] = urikit.lint("http://u:p@h/")
    kinds: List[str] = [f.kind for f in findings]
    spans: List[int] = [m.start for m in urikit.extract("<http://a/>")]
    enc: str = urikit.encode("a b", "path")
    dec: str = urikit.decode(enc, form=True)
    split: SplitResult = urikit.compat.urlsplit("http://a/")
    url: str = urikit.compat.urljoin("http://a/", "b")
    ok: bool = urikit.jsonschema.is_uri("x:y")
    try:
        urikit.URI("x")
    except urikit.URIError as e:
        index: Optional[int] = e.index
        kind: str = e.kind
        del index, kind
    import pyarrow as pa

    hosts = urikit.arrow.host(pa.array(["http://a/"]))
    ascii_hosts = urikit.arrow.host_ascii(pa.array(["http://\u00e9.example/"]))
    i: urikit.IRI = urikit.IRI("http://\u00e9.example/")
    as_uri: urikit.URI = i.to_uri(idna=True)
    back_iri: urikit.IRI = as_uri.to_iri(idna=True)
    nfc: urikit.IRIRef = urikit.IRIRef("e\u0301").to_nfc()
    host_a: Optional[str] = u.host_ascii()
    host_u: Optional[str] = i.host_unicode()
    del hosts, ascii_hosts, back_iri, nfc, host_a, host_u, scheme, maybe, q, port, port_text, back, text, same, kinds, spans, dec, split, url, ok


def use_guard() -> None:
    import urikit.guard
    import urikit.guard.httpx
    import urikit.guard.requests

    g = urikit.guard.Guard(urikit.guard.Policy.from_text("max_redirects = 2"), client="httpx")
    v: urikit.guard.Verdict = g.check("http://0x7f.1/")
    reason: Optional[str] = v.reason
    addresses: List[str] = v.addresses
    resolver: urikit.guard.Resolver = urikit.guard.system_resolver
    checked: urikit.guard.Verdict = g.check_host("127.0.0.1", 80, resolver)
    try:
        v.raise_for_refusal()
    except urikit.guard.GuardError as e:
        why: str = e.reason
        address: Optional[str] = e.address
        del why, address
    with urikit.guard.httpx.client(g) as c:
        transport: urikit.guard.httpx.GuardTransport = urikit.guard.httpx.GuardTransport(g)
        del c, transport
    with urikit.guard.requests.session() as s:
        adapter: urikit.guard.requests.GuardAdapter = urikit.guard.requests.GuardAdapter()
        del s, adapter
    del reason, addresses, checked


def test_use() -> None:
    use()


def test_use_guard() -> None:
    use_guard()
