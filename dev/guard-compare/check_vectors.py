#!/usr/bin/env python3
"""Checks the guard's vector files, offline and with Python alone:

- format: one URL per line, `#` comment lines, blank lines ignored, an
  optional TAB then a non-empty comment; no raw space or control character
  in a URL (the whitespace file writes them as control pictures, and only
  it may);
- no URL twice, in a file or across files, and none both refused and allowed;
- every refuse line (refuse/, refuse-online/) parses as a URL with a scheme
  by Python's urllib.parse;
- every allow line is http(s) with a public-looking host
  (sample_public.public: public DNS name or public address, no userinfo,
  no port, nothing read two ways).

    python3 dev/guard-compare/check_vectors.py [VECTORS_DIR]

Exit 0 when all hold, 1 with one line per problem otherwise.
"""

from __future__ import annotations

import os
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from sample_public import public  # noqa: E402

VECTORS = os.path.join(ROOT, "crates", "urikit-guard", "tests", "data", "vectors")
PICTURES = {"\u2401": "\x01", "\u241f": "\x1f", "\u2409": "\t", "\u240a": "\n", "\u240d": "\r", "\u2420": " "}
PICTURE_FILE = "payloads-whitespace.txt"


def read(path: str) -> list[tuple[int, str, str]]:
    """(line number, URL as written, comment) of a vector file."""
    out = []
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    if "\r" in text:
        out.append((0, "", "file has CR line endings"))
    for n, line in enumerate(text.split("\n"), 1):
        if not line.strip() or line.startswith("#"):
            continue
        url, tab, comment = line.partition("\t")
        out.append((n, url, comment if tab else ""))
        if tab and not comment.strip():
            out.append((n, url, "\0empty comment after the TAB"))
    return out


def decode(url: str) -> str:
    return "".join(PICTURES.get(c, c) for c in url)


def check(root: str) -> tuple[list[str], dict[str, int]]:
    problems: list[str] = []
    counts: dict[str, int] = {}
    seen: dict[str, str] = {}
    files = []
    for kind in ("refuse", "refuse-online", "allow"):
        d = os.path.join(root, kind)
        if os.path.isdir(d):
            # The generated files only: the guard's own seed files
            # (basic.txt) have their own format, checked by its tests
            # (crates/urikit-guard/tests/it/vectors.rs).
            files += [(kind, os.path.join(d, f)) for f in sorted(os.listdir(d))
                      if f.endswith(".txt") and f != "basic.txt"]
    if not any(k == "refuse" for k, _ in files) or not any(k == "allow" for k, _ in files):
        problems.append(f"{root}: no refuse/ or no allow/ files")
    for kind, path in files:
        rel = os.path.relpath(path, root)
        name = os.path.basename(path)
        with open(path, encoding="utf-8") as f:
            if not f.readline().startswith("#"):
                problems.append(f"{rel}:1: no header comment saying what the file holds")
        lines = read(path)
        counts[rel] = 0
        for n, url, comment in lines:
            where = f"{rel}:{n}"
            if comment.startswith("\0"):
                problems.append(f"{where}: {comment[1:]}")
                continue
            if n == 0:
                problems.append(f"{rel}: {comment}")
                continue
            counts[rel] += 1
            if not url:
                problems.append(f"{where}: empty URL")
                continue
            raw = [c for c in url if ord(c) <= 0x20 or ord(c) == 0x7F]
            if raw:
                problems.append(f"{where}: raw space or control character {raw[0]!r} in the URL")
            if name != PICTURE_FILE and any(c in PICTURES for c in url):
                problems.append(f"{where}: control picture outside {PICTURE_FILE}")
            decoded = decode(url) if name == PICTURE_FILE else url
            if "\0" in decoded or "\u2400" in url:
                problems.append(f"{where}: a NUL (NUL-separated input could not carry it)")
            if decoded in seen:
                problems.append(f"{where}: duplicate of {seen[decoded]}")
            else:
                seen[decoded] = where
            if kind == "allow":
                if not public(url):
                    problems.append(f"{where}: not an http(s) URL with a public host: {url}")
            else:
                try:
                    s = urllib.parse.urlsplit(decoded)
                except ValueError as e:
                    problems.append(f"{where}: urllib.parse cannot read it ({e})")
                    continue
                if not s.scheme:
                    problems.append(f"{where}: no scheme as urllib.parse reads it")
    return problems, counts


def self_test() -> None:
    """The checker itself: each kind of bad line in a scratch tree must be
    reported, and a good tree must pass (so a check that silently stopped
    working fails here, not never)."""
    import tempfile

    bad = {
        "refuse/payloads-a.txt": "# header\nhttp://127.0.0.1/\tloopback\nhttp://127.0.0.1/\tagain\n"
        "http://[::1/\tunclosed bracket\nno-scheme-here\thost only\nhttp://a b/\tspace\n"
        "http://127.0.0.1\u2409/\tpicture outside the whitespace file\nhttp://10.0.0.1/\t\n",
        "allow/gsd-sample.txt": "# header\nhttp://localhost/\nftp://example.com/\nhttp://10.0.0.1/\n"
        "http://example.com:8080/\nhttp://u@example.com/\nhttp://127.0.0.1/\n",
    }
    expect = ["duplicate", "cannot read", "no scheme", "raw space", "control picture",
              "empty comment", "allow/gsd-sample.txt:2:", "allow/gsd-sample.txt:3:",
              "allow/gsd-sample.txt:4:", "allow/gsd-sample.txt:5:", "allow/gsd-sample.txt:6:",
              "allow/gsd-sample.txt:7: duplicate"]
    good = {"refuse/payloads-a.txt": "# header\nhttp://127.0.0.1/\tloopback\n",
            "allow/gsd-sample.txt": "# header\nhttps://example.com/a\n"}
    for tree, want in ((bad, expect), (good, [])):
        with tempfile.TemporaryDirectory() as d:
            for rel, text in tree.items():
                os.makedirs(os.path.dirname(os.path.join(d, rel)), exist_ok=True)
                with open(os.path.join(d, rel), "w", encoding="utf-8") as f:
                    f.write(text)
            problems, _ = check(d)
            text = "\n".join(problems)
            missed = [w for w in want if w not in text]
            assert not missed and (want or not problems), f"self-test: {missed or problems}"


def main() -> int:
    self_test()
    root = sys.argv[1] if len(sys.argv) > 1 else VECTORS
    problems, counts = check(root)
    for p in problems:
        print(p)
    total = {k: sum(v for f, v in counts.items() if f.startswith(k + os.sep)) for k in ("refuse", "refuse-online", "allow")}
    print(f"vectors: {total['refuse']} refuse, {total['refuse-online']} refuse-online, "
          f"{total['allow']} allow lines in {len(counts)} files; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
