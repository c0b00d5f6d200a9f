"""HTTP servers on 127.0.0.x for the guard's end-to-end tests, each counting the requests it receives; the test
policy, resolver and vectors (the same as the Rust crate's tests/it/server.rs and tests/it/vectors.rs)."""

import http.server
import socket
import threading
import urllib.parse
from typing import Callable, Dict, Iterator, List, Optional, Tuple

from conftest import REPO
from urikit.guard import REASONS

VECTORS = REPO / "crates" / "urikit-guard" / "tests" / "data" / "vectors"

# The "public" server's address is allowed by the test policy; the target's (127.0.0.1) stays denied.
POLICY = 'max_redirects = 3\n[allow]\nranges = ["127.0.0.2/32"]\n'


class Server:
    """A server on ``ip`` that answers ``respond(path, me)`` -> (status, headers, body) and counts requests."""

    def __init__(self, ip: str, respond: Callable[[str, str], Tuple[int, Dict[str, str], bytes]], port: int = 0):
        hits = self.paths = []  # type: List[str]

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                hits.append(self.path)
                status, headers, body = respond(self.path, f"{ip}:{self.server.server_address[1]}")
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer((ip, port), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def hits(self) -> int:
        return len(self.paths)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def target(port: int = 0) -> Server:
    """The target: must record zero requests in every refused case."""
    return Server("127.0.0.1", lambda path, me: (200, {}, b"target"), port)


def _public(path: str, me: str) -> Tuple[int, Dict[str, str], bytes]:
    # /to/URL redirects to URL (percent-decoded: a client may have encoded its brackets); /loop/N redirects N more
    # times; else 200 "public".
    if path.startswith("/to/"):
        return 302, {"Location": urllib.parse.unquote(path[len("/to/") :])}, b""
    if path.startswith("/loop/"):
        n = int(path[len("/loop/") :] or 0)
        return (302, {"Location": f"http://{me}/loop/{n - 1}"}, b"") if n > 0 else (200, {}, b"end")
    return 200, {}, b"public"


def public(port: int = 0) -> Server:
    """The "public" server on 127.0.0.2 (allowed by the test policy's range)."""
    return Server("127.0.0.2", _public, port)


def pair() -> Tuple[Server, Server]:
    """The target and the public server on the same port number: a name that switches from one address to the
    other reaches the other server with the same URL, as DNS rebinding would."""
    for _ in range(20):
        t = target()
        try:
            return t, public(t.port)
        except OSError:
            t.close()
    raise RuntimeError("no port free on both 127.0.0.1 and 127.0.0.2")


class Names:
    """The test names as a resolver, and as ``socket.getaddrinfo`` for ``*.test`` (installed by ``patch``):
    ``public.test`` is the public server, ``target.test`` the target, ``mixed.test`` both, ``rebind.test`` the
    public server on the first lookup and 127.0.0.1 on every later one; ``everything`` answers 127.0.0.1 for
    every other name too (the vectors)."""

    def __init__(self, everything: bool = False) -> None:
        self.lookups: Dict[str, int] = {}
        self.everything = everything

    def answer(self, host: str) -> Optional[List[str]]:
        n = self.lookups[host] = self.lookups.get(host, 0) + 1
        table = {
            "public.test": ["127.0.0.2"],
            "target.test": ["127.0.0.1"],
            "mixed.test": ["127.0.0.2", "127.0.0.1"],
            "rebind.test": ["127.0.0.2"] if n == 1 else ["127.0.0.1"],
        }
        if host in table:
            return table[host]
        return ["127.0.0.1"] if self.everything else None

    def __call__(self, host: str, port: int) -> List[str]:
        got = self.answer(host)
        if got is None:
            raise OSError(f"unknown test name {host!r}")
        return got

    def patch(self, monkeypatch: object) -> None:
        """Route ``socket.getaddrinfo`` of the test names through this table (so that a client connecting by
        name would get the rebinding answer)."""
        real = socket.getaddrinfo

        def fake(host: object, port: object, *args: object, **kwargs: object) -> object:
            name = host.decode() if isinstance(host, bytes) else str(host)
            if name.endswith(".test"):
                ips = self.answer(name) or []
                return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (ip, int(port))) for ip in ips]  # type: ignore
            return real(host, port, *args, **kwargs)  # type: ignore

        monkeypatch.setattr(socket, "getaddrinfo", fake)  # type: ignore


def refused(t: int) -> List[Tuple[str, str]]:
    """The URLs every integration must refuse, at the target's port, and the reason (the Rust e2e tests' list)."""
    return [
        (f"http://127.0.0.1:{t}/", "denied-address"),
        (f"http://0x7f.1:{t}/", "denied-address"),
        (f"http://2130706433:{t}/", "denied-address"),
        (f"http://0177.0.0.1:{t}/", "denied-address"),
        (f"http://[::ffff:127.0.0.1]:{t}/", "denied-address"),
        (f"http://localhost:{t}/", "denied-host"),
        (f"http://target.test:{t}/", "denied-address"),
        (f"http://mixed.test:{t}/", "denied-address"),
        (f"http://169.254.169.254:{t}/", "denied-address"),
        (f"http://metadata.google.internal.:{t}/", "denied-host"),
        (f"gopher://127.0.0.1:{t}/", "scheme"),
    ]


def vectors() -> Iterator[Tuple[str, str]]:
    """``(file:line, url)`` of every refuse vector, read as tests/it/vectors.rs reads them."""
    for f in sorted((VECTORS / "refuse").glob("*.txt")):
        generated = f.name.startswith(("payloads-", "gsd-sample"))
        for i, line in enumerate(f.read_text(encoding="utf-8").split("\n"), 1):
            if not line.strip() or line.startswith("#"):
                continue
            head, _, tail = line.rpartition("\t")
            if generated:
                url = line.split("\t", 1)[0]
            else:
                url = head if head and tail.strip() in REASONS else line
            if generated:
                url = "".join(
                    chr(ord(c) - 0x2400) if 0x2400 <= ord(c) <= 0x241F else " " if c == "\u2420" else c for c in url
                )
            yield f"{f.name}:{i}", url
