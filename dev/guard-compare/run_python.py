#!/usr/bin/env python3
"""Runs the vector files through the SSRF guards on PyPI, offline, each with
the HTTP client it is made for, and writes results/<package>.json.

    python3 dev/guard-compare/run_python.py advocate|drawbridge|ssrfguard

Nothing leaves the machine. Before any package is imported:

- socket.getaddrinfo is replaced by a stub. A host that the C library
  reads as a number (AI_NUMERICHOST: inet_aton's forms such as 0x7f.1,
  127.1, 2130706433, and IPv6 literals) gets the real, purely local answer.
  Any other host that could be a DNS name gets a PUBLIC address (8.8.8.8 /
  2001:4860:4860::8888), as if an attacker's name resolved publicly or the
  guard met a real public name; a host that cannot be a name (its last
  label all digits, a colon, a space) fails with EAI_NONAME, as real DNS
  would. So a guard that refuses `localhost` or `metadata.google.internal`
  only after resolving them lets them through here: offline, only a
  refusal by name counts. gethostbyname and gethostbyname_ex fail.
- socket.socket.connect and connect_ex record the address and fail with
  ECONNREFUSED: no connection is ever made.

A URL is ALLOWED when the client tried to connect (the guard let the
request reach the socket); refused otherwise, with the exception that
stopped it as the reason ("guard:" when the package raised it, "client:"
when the HTTP client did, before or without the guard).
"""

from __future__ import annotations

import errno
import importlib.metadata as md
import os
import platform
import socket
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import vectors  # noqa: E402

PUBLIC_V4 = "8.8.8.8"
PUBLIC_V6 = "2001:4860:4860::8888"
_real_getaddrinfo = socket.getaddrinfo
LOOKUPS: list[str] = []
CONNECTS: list[str] = []


def could_be_dns_name(host: str) -> bool:
    h = host[:-1] if host.endswith(".") else host
    if not h or ":" in h or any(ord(c) <= 0x20 or ord(c) == 0x7F or c in "%/\\@" for c in h):
        return False
    try:
        h = h.encode("idna").decode("ascii")
    except UnicodeError:
        return False
    labels = h.split(".")
    return all(labels) and not labels[-1].isdigit()


def stub_getaddrinfo(host, port, family=0, type=0, proto=0, flags=0):  # noqa: A002
    if host is None:
        return _real_getaddrinfo(host, port, family, type, proto, flags)
    text = host.decode("ascii", "replace") if isinstance(host, bytes) else str(host)
    LOOKUPS.append(text)
    try:
        return _real_getaddrinfo(host, port, family, type, proto, flags | socket.AI_NUMERICHOST)
    except (socket.gaierror, UnicodeError):
        pass
    if not could_be_dns_name(text):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known (offline stub)")
    answer = PUBLIC_V6 if family == socket.AF_INET6 else PUBLIC_V4
    return _real_getaddrinfo(answer, port, family, type, proto, socket.AI_NUMERICHOST)


def no_gethostbyname(*_a, **_k):
    raise socket.gaierror(socket.EAI_NONAME, "gethostbyname is off (offline stub)")


def fake_connect(self, address):
    CONNECTS.append(str(address[0]) if isinstance(address, tuple) else str(address))
    raise ConnectionRefusedError(errno.ECONNREFUSED, "connection refused (offline stub)")


def fake_connect_ex(self, address):
    CONNECTS.append(str(address[0]) if isinstance(address, tuple) else str(address))
    return errno.ECONNREFUSED


def install_stubs() -> None:
    socket.getaddrinfo = stub_getaddrinfo
    socket.gethostbyname = no_gethostbyname
    socket.gethostbyname_ex = no_gethostbyname
    socket.socket.connect = fake_connect
    socket.socket.connect_ex = fake_connect_ex
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        os.environ.pop(var, None)
    os.environ["NO_PROXY"] = "*"


# Each package: (how the URL is fetched, the client it is made for).
def advocate_get(url: str) -> None:
    import advocate

    advocate.get(url, timeout=2, allow_redirects=False)


def drawbridge_get(url: str) -> None:
    import drawbridge

    with drawbridge.SyncClient() as c:
        c.get(url)


def ssrfguard_get(url: str) -> None:
    import ssrfguard
    import ssrfguard.httpx

    with ssrfguard.httpx.Client(policy=ssrfguard.Policy(), timeout=2) as c:
        c.get(url)


PACKAGES = {
    "advocate": (advocate_get, "requests", "advocate.get(url) (its requests Session with the "
                 "default AddrValidator; checks at connect time, with urllib3's reading of the URL)"),
    "drawbridge": (drawbridge_get, "httpx", "drawbridge.SyncClient().get(url) (its httpx transport "
                   "checks the host httpx reads, resolving once)"),
    "ssrfguard": (ssrfguard_get, "httpx", "ssrfguard.httpx.Client(policy=Policy()).get(url) (Policy.check_url, then "
                  "resolution and a connection to the checked address)"),
}


def verdict(fetch, url: str) -> dict:
    LOOKUPS.clear()
    CONNECTS.clear()
    reason = None
    try:
        fetch(url)
    except Exception as e:  # noqa: BLE001 - any failure is the verdict's reason
        mod = type(e).__module__.split(".")[0]
        who = "guard" if mod in PACKAGES else "client"
        reason = f"{who}: {type(e).__name__}: {e}"[:300]
    allowed = bool(CONNECTS)
    return {
        "input": url,
        "allowed": allowed,
        "reason": None if allowed else reason,
        "host": LOOKUPS[0] if LOOKUPS else None,
        "addresses": sorted(set(CONNECTS)),
    }


def main() -> int:
    if len(sys.argv) != 2 or sys.argv[1] not in PACKAGES:
        print(f"usage: run_python.py {'|'.join(PACKAGES)}", file=sys.stderr)
        return 2
    name = sys.argv[1]
    fetch, client, api = PACKAGES[name]
    install_stubs()
    started = time.time()
    files = {rel: [verdict(fetch, u) for u in urls] for rel, urls in vectors.load().items()}
    deps = {d: md.version(d) for d in ("requests", "urllib3", "httpx", "httpcore") if _has(d)}
    out = {
        "package": name,
        "ecosystem": "PyPI",
        "version": md.version(name),
        "client": f"{client} {md.version(client)}",
        "api": api,
        "runtime": f"Python {platform.python_version()}",
        "dependencies": deps,
        "offline": "getaddrinfo stubbed (numeric hosts read locally, names answer 8.8.8.8), "
                   "connect() recorded and refused: see run_python.py",
        "seconds": round(time.time() - started, 1),
        "files": files,
    }
    # A harness whose stubs broke the client refuses everything: say so
    # instead of writing a table of refusals.
    if not any(v["allowed"] for v in files["allow/gsd-sample.txt"]):
        print(f"{name}: every public URL refused; first reason: "
              f"{files['allow/gsd-sample.txt'][0]['reason']}", file=sys.stderr)
        return 1
    os.makedirs(os.path.join(HERE, "results"), exist_ok=True)
    path = os.path.join(HERE, "results", f"{name}.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write(vectors.dumps(out))
    for rel, vs in files.items():
        print(f"{name} {rel}: {sum(not v['allowed'] for v in vs)} refused, "
              f"{sum(v['allowed'] for v in vs)} let through")
    return 0


def _has(dist: str) -> bool:
    try:
        md.version(dist)
        return True
    except md.PackageNotFoundError:
        return False


if __name__ == "__main__":
    sys.exit(main())
