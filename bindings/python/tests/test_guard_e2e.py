"""urikit.guard's httpx transport and requests adapter with the real clients, against servers on 127.0.0.x: the
target (127.0.0.1) records zero requests in every refused case, the "public" server (127.0.0.2, allowed by the
test policy) is reached, redirects into private space are refused, and a name that rebinds cannot switch the
address a connection goes to. The control tests show the same URLs reach the target without the guard."""

import asyncio
import socket
from typing import Any, Callable, Iterator, List, Optional, Tuple

import pytest
from conftest import require
from guard_servers import POLICY, Names, Server, pair, public, refused, vectors
from urikit.guard import Guard, GuardError, Policy

httpx = require("httpx")
requests = require("requests")

from urikit.guard.httpx import AsyncGuardTransport, GuardTransport  # noqa: E402
from urikit.guard.httpx import async_client as httpx_async_client  # noqa: E402
from urikit.guard.httpx import client as httpx_client  # noqa: E402
from urikit.guard.requests import GuardAdapter  # noqa: E402
from urikit.guard.requests import session as requests_session  # noqa: E402


@pytest.fixture
def servers() -> Iterator[Tuple[Server, Server]]:
    t, p = pair()
    yield t, p
    t.close()
    p.close()


def _httpx_get(names: Names, policy: str = POLICY) -> Callable[[str], str]:
    c = httpx_client(Guard(Policy.from_text(policy), client="httpx"), resolver=names, follow_redirects=True)

    def get(url: str) -> str:
        return str(c.get(url).text)

    return get


def _httpx_async_get(names: Names, policy: str = POLICY) -> Callable[[str], str]:
    # One event loop and one AsyncClient for every request, as an application would have.
    loop = asyncio.new_event_loop()
    g = Guard(Policy.from_text(policy), client="httpx")
    c = loop.run_until_complete(_make_async(g, names))

    def get(url: str) -> str:
        return str(loop.run_until_complete(c.get(url)).text)

    return get


async def _make_async(g: Guard, names: Names) -> Any:
    return httpx_async_client(g, resolver=names, follow_redirects=True)


def _requests_get(names: Names, policy: str = POLICY) -> Callable[[str], str]:
    s = requests_session(Guard(Policy.from_text(policy), client="urllib3"), resolver=names)

    def get(url: str) -> str:
        return str(s.get(url, timeout=5).text)

    return get


CLIENTS = {"httpx": _httpx_get, "httpx-async": _httpx_async_get, "requests": _requests_get}
# What a client raises for a URL it cannot read itself, before any transport (a refusal too: nothing is sent).
CLIENT_REFUSALS = (
    httpx.InvalidURL,
    httpx.UnsupportedProtocol,
    requests.exceptions.InvalidURL,
    requests.exceptions.InvalidSchema,
    requests.exceptions.MissingSchema,
)


@pytest.mark.parametrize("name", CLIENTS)
def test_refused_cases_never_reach_the_target(name: str, servers: Tuple[Server, Server], monkeypatch: Any) -> None:
    tgt, pub = servers
    names = Names()
    names.patch(monkeypatch)
    get = CLIENTS[name](names)
    t, p = tgt.port, pub.port
    cases = refused(t)
    # Redirects from the public server into the target, by address, name, number form and local name.
    for to, why in [
        (f"http://127.0.0.1:{t}/", "denied-address"),
        (f"http://target.test:{t}/", "denied-address"),
        (f"http://0x7f.1:{t}/", "denied-address"),
        (f"http://localhost:{t}/", "denied-host"),
        (f"http://[::1]:{t}/", "denied-address"),
    ]:
        cases.append((f"http://127.0.0.2:{p}/to/{to}", why))
    seen = []
    for url, want in cases:
        try:
            get(url)
        except GuardError as e:
            assert e.reason == want, (url, str(e))
            assert e.kind == e.reason and e.host
            seen.append(e.reason)
        except CLIENT_REFUSALS as e:
            # The client itself refuses the URL (httpx and 0177.0.0.1): nothing sent either.
            seen.append(type(e).__name__)
        else:
            pytest.fail(f"{name}: {url} was fetched")
    assert tgt.hits == 0, tgt.paths
    # The public server saw the five redirecting requests, and nothing else.
    assert pub.hits == 5, pub.paths
    assert seen.count("denied-address") >= 8, seen


@pytest.mark.parametrize("name", CLIENTS)
def test_public_is_reached(name: str, servers: Tuple[Server, Server], monkeypatch: Any) -> None:
    _, pub = servers
    names = Names()
    get = CLIENTS[name](names)
    p = pub.port
    assert get(f"http://127.0.0.2:{p}/") == "public"
    assert get(f"http://public.test:{p}/") == "public"
    assert pub.hits == 2


@pytest.mark.parametrize("name", CLIENTS)
def test_rebinding_cannot_switch_the_address(name: str, servers: Tuple[Server, Server], monkeypatch: Any) -> None:
    tgt, pub = servers
    names = Names()
    # socket.getaddrinfo gives the rebinding answers too: a client that connected by name after the guard's
    # lookup would get 127.0.0.1 and reach the target on the same port.
    names.patch(monkeypatch)
    get = CLIENTS[name](names)
    assert get(f"http://rebind.test:{pub.port}/") == "public"
    assert names.lookups["rebind.test"] == 1
    assert tgt.hits == 0 and pub.hits == 1
    # A new connection looks the name up again: 127.0.0.1 now, refused.
    with pytest.raises(GuardError) as e:
        get(f"http://rebind.test:{pub.port}/again")
    assert (e.value.reason, e.value.host, e.value.address) == ("denied-address", "rebind.test", "127.0.0.1")
    assert tgt.hits == 0 and pub.hits == 1


@pytest.mark.parametrize("name", CLIENTS)
def test_the_refusal_names_kind_host_and_address(name: str, servers: Tuple[Server, Server]) -> None:
    tgt, _ = servers
    get = CLIENTS[name](Names())
    with pytest.raises(GuardError) as e:
        get(f"http://mixed.test:{tgt.port}/")
    assert (e.value.reason, e.value.host, e.value.address) == ("denied-address", "mixed.test", "127.0.0.1")
    assert "127.0.0.0/8" in e.value.detail
    with pytest.raises(GuardError) as e:
        get(f"http://[::ffff:7f00:1]:{tgt.port}/")
    assert (e.value.reason, e.value.address) == ("denied-address", "::ffff:127.0.0.1")
    assert tgt.hits == 0


@pytest.mark.parametrize("name", ["httpx", "requests"])
def test_hop_limit(name: str, servers: Tuple[Server, Server]) -> None:
    _, pub = servers
    get = CLIENTS[name](Names())
    assert get(f"http://127.0.0.2:{pub.port}/loop/3") == "end"
    # max_redirects = 3 in the test policy, given to the client by client() / session().
    with pytest.raises((httpx.TooManyRedirects, requests.exceptions.TooManyRedirects)):
        get(f"http://127.0.0.2:{pub.port}/loop/4")


def _refused_connects(monkeypatch: Any) -> List[Tuple[str, int]]:
    """Every socket connect attempt, recorded and refused (no vector may reach anything)."""
    tried: List[Tuple[str, int]] = []

    def connect(self: socket.socket, address: Any) -> None:
        tried.append((str(address[0]), int(address[1])))
        raise ConnectionRefusedError("the test refuses every connection")

    monkeypatch.setattr(socket.socket, "connect", connect)
    return tried


VECTORS = list(vectors())


@pytest.mark.parametrize("name", CLIENTS)
def test_every_vector_is_refused_before_a_connection(name: str, monkeypatch: Any) -> None:
    # Every refuse vector of the Rust crate (written for the default policy), every name resolving to 127.0.0.1:
    # each is refused (by the guard, or by the client itself as a URL it cannot read) before any socket connects.
    assert len(VECTORS) > 700
    get = CLIENTS[name](Names(everything=True), "")
    tried = _refused_connects(monkeypatch)
    leaks, by_guard = [], 0
    for where, url in VECTORS:
        before = len(tried)
        try:
            get(url)
            leaks.append(f"{where}: {url!r} fetched")
        except GuardError:
            by_guard += 1
        except Exception:
            pass
        leaks += [f"{where}: {url!r} connected to {ip}:{port}" for ip, port in tried[before:]]
    assert not leaks, "\n".join(leaks[:40])
    # Most are the guard's refusals; the rest are URLs the client cannot read (httpx: 0177.0.0.1, no host, ...;
    # requests: schemes it has no adapter for).
    assert by_guard > len(VECTORS) // 2, by_guard


def test_control_unguarded_clients_reach_the_target(servers: Tuple[Server, Server]) -> None:
    # Without the guard the same URLs reach the target: the zero counts above are the guard's doing.
    tgt, _ = servers
    with httpx.Client(trust_env=False) as c:
        c.get(f"http://127.0.0.1:{tgt.port}/")
    s = requests.Session()
    s.trust_env = False
    s.get(f"http://0x7f.1:{tgt.port}/", timeout=5)
    assert tgt.hits == 2


def test_the_wrong_reading_is_refused() -> None:
    with pytest.raises(ValueError, match="reads urls as 'whatwg'"):
        GuardTransport(Guard())
    with pytest.raises(ValueError, match="reads urls as 'httpx'"):
        GuardAdapter(Guard(client="httpx"))
    with pytest.raises(ValueError, match="proxy"):
        GuardTransport(proxy="http://127.0.0.1:3128")
    assert AsyncGuardTransport().guard.client == "httpx"


def test_a_proxy_is_refused_by_the_adapter(servers: Tuple[Server, Server]) -> None:
    _, pub = servers
    s = requests.Session()
    s.trust_env = False
    s.mount("http://", GuardAdapter(Guard(Policy.from_text(POLICY), client="urllib3")))
    with pytest.raises(ValueError, match="proxy"):
        s.get(f"http://127.0.0.2:{pub.port}/", proxies={"http": f"http://127.0.0.2:{pub.port}"})
    assert pub.hits == 0


def _tls_server(tmp: Any) -> Tuple[Server, str, List[str]]:
    """The public server behind TLS with a self-signed certificate for ``public.test`` only; the server names
    the client sent (SNI) are recorded."""
    import shutil
    import ssl
    import subprocess

    if shutil.which("openssl") is None:
        pytest.skip("no openssl to make a test certificate")
    cert, key = str(tmp / "cert.pem"), str(tmp / "key.pem")
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-keyout",
            key,
            "-out",
            cert,
            "-days",
            "1",
            "-subj",
            "/CN=public.test",
            "-addext",
            "subjectAltName=DNS:public.test",
        ],
        check=True,
        capture_output=True,
    )
    sni: List[str] = []
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)

    def record(sock: Any, name: Optional[str], _ctx: Any) -> None:
        sni.append(str(name))

    ctx.sni_callback = record
    s = public()
    s.httpd.socket = ctx.wrap_socket(s.httpd.socket, server_side=True)
    return s, cert, sni


def test_tls_keeps_the_name_and_connects_to_the_checked_address(tmp_path: Any) -> None:
    # public.test is in no real DNS: only the guard's resolver knows it (127.0.0.2). The certificate is valid for
    # the name only, so a verified response shows the client sent the name (SNI, certificate check) while the
    # socket went to the checked address.
    import ssl

    server, cert, sni = _tls_server(tmp_path)
    try:
        url = f"https://public.test:{server.port}/"
        g = Guard(Policy.from_text(POLICY), client="httpx")
        t = GuardTransport(g, resolver=Names(), verify=ssl.create_default_context(cafile=cert))
        with httpx.Client(transport=t, trust_env=False) as c:
            assert c.get(url).text == "public"
        s = requests_session(Guard(Policy.from_text(POLICY), client="urllib3"), resolver=Names())
        assert s.get(url, verify=cert, timeout=5).text == "public"
        assert sni == ["public.test", "public.test"] and server.hits == 2
    finally:
        server.close()


@pytest.mark.parametrize("name", CLIENTS)
def test_scheme_and_port_rules_hold_per_request(name: str, servers: Tuple[Server, Server]) -> None:
    # The policy's schemes and ports are the URL check's (a connection sees neither): the public server, whose
    # address the policy allows, is refused by scheme, then by port.
    _, pub = servers
    p = pub.port
    https_only = POLICY.replace("[allow]", 'schemes = ["https"]\n[allow]')
    with pytest.raises(GuardError) as e:
        CLIENTS[name](Names(), https_only)(f"http://127.0.0.2:{p}/")
    assert e.value.reason == "scheme"
    other_port = POLICY.replace("[allow]", f"ports = [{p + 1 if p < 65535 else p - 1}]\n[allow]")
    with pytest.raises(GuardError) as e:
        CLIENTS[name](Names(), other_port)(f"http://public.test:{p}/")
    assert (e.value.reason, e.value.host) == ("port", "public.test")
    assert pub.hits == 0
