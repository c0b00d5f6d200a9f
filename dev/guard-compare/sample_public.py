#!/usr/bin/env python3
"""Writes crates/urikit-guard/tests/data/vectors/allow/gsd-sample.txt: a
deterministic sample of public URLs from dev/testdata/corpus/gsd-urls.txt
that a public-internet-only policy must let through.

A URL is kept only when nothing about it is in doubt: http or https; a
host that is a public DNS name (ranges.public_dns_name: LDH labels, a
letter top-level label that is not a reserved one, not localhost or a
metadata name) or a public IP address (outside every denied range); no
userinfo; no explicit port (whether a policy allows a port is its own
choice); nothing a reader could take two ways (backslash, whitespace,
control characters, percent-encoding or non-ASCII in the authority). The
sample is the 650 kept URLs with the smallest SHA-256, written in corpus
order, so that the same corpus always gives the same file.

    python3 dev/guard-compare/sample_public.py
"""

from __future__ import annotations

import hashlib
import os
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import ranges  # noqa: E402

CORPUS = os.path.join(ROOT, "dev", "testdata", "corpus", "gsd-urls.txt")
OUT = os.path.join(ROOT, "crates", "urikit-guard", "tests", "data", "vectors", "allow", "gsd-sample.txt")
SIZE = 650


def public(url: str) -> bool:
    """The checks of the module docstring; also used by check_vectors.py."""
    if any(c in url for c in "\\\t\r\n ") or any(ord(c) < 0x20 or ord(c) == 0x7F for c in url):
        return False
    if not url.isascii():
        return False
    try:
        s = urllib.parse.urlsplit(url)
        port = s.port
    except ValueError:
        return False
    if s.scheme not in ("http", "https") or port is not None:
        return False
    auth = s.netloc
    if not auth or "@" in auth or "%" in auth or auth.endswith(":"):
        return False
    host = s.hostname or ""
    if host != auth.lower():
        return False
    denied = ranges.ip_denied(host)
    if denied is not None:
        return not denied
    # A host made of digits and dots only is an IPv4 form to a WHATWG
    # client (a number that does not fit is an error, never a name).
    if all(c.isdigit() or c == "." for c in host) or host.split(".")[-1].startswith("0x"):
        return False
    return ranges.public_dns_name(host)


def main() -> int:
    with open(CORPUS, encoding="utf-8") as f:
        lines = [x.rstrip("\n") for x in f]
    kept, seen = [], set()
    for url in lines:
        if url and not url.startswith("#") and url not in seen and public(url):
            seen.add(url)
            kept.append(url)
    chosen = set(sorted(kept, key=lambda u: hashlib.sha256(u.encode()).hexdigest())[:SIZE])
    sample = [u for u in kept if u in chosen]
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("# Public URLs a public-internet-only policy must allow: a deterministic sample of\n"
                "# dev/testdata/corpus/gsd-urls.txt, written by dev/guard-compare/sample_public.py\n"
                f"# ({len(sample)} of the {len(kept)} URLs whose host is a public name or address,\n"
                "# without userinfo, explicit port or anything read two ways; smallest SHA-256 first).\n")
        for u in sample:
            f.write(u + "\n")
    print(f"{len(lines)} corpus lines, {len(kept)} public, {len(sample)} written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
