#!/usr/bin/env python3
"""Write inputs.jsonl: the inputs every parser's recorded reading covers
(crates/urikit-views/tests/data/views/readings/<parser>.jsonl), one JSON object a line,
{"source": ..., "input": ...}.

- the views vectors' inputs (../inputs.txt: the confusion classics and the
  advisories' shapes, each with its source),
- the open-redirect payloads (testdata/corpus/open-redirect-payloads.txt),
- generated edge cases: each authority and component delimiter, each
  whitespace and control character, the IP number forms, Unicode that
  WHATWG maps and percent-encoded delimiters, at each place of a URL,
- every tenth line of gsd-urls.txt (real URLs; the samples in testdata).

Run from the repository root: python3 crates/urikit-views/tests/data/views/readings/inputs.py
The output is deterministic (no randomness), so a rerun gives the same file.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", "..", "..", ".."))
CORPUS = os.path.join(ROOT, "dev", "testdata", "corpus")


def classics():
    source = None
    with open(os.path.join(HERE, "..", "inputs.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            if line.startswith("#"):
                source = line[1:].strip()
                continue
            yield source, json.loads(line)


def lines(name, every=1):
    with open(os.path.join(CORPUS, name), encoding="utf-8") as f:
        for i, line in enumerate(f):
            line = line.rstrip("\n").rstrip("\r")
            if line and i % every == 0:
                yield line


# Characters that some parser treats as a delimiter, whitespace or a
# control, and their percent-encoded forms.
DELIMS = ["@", ":", "/", "\\", "?", "#", "[", "]", ";", ",", "&", "=", "%", "!", "$", "'",
          "(", ")", "*", "+", "~", "|", "^", "`", "{", "}", "<", ">", '"', "_", "-", "."]
SPACES = [" ", "\t", "\n", "\r", "\x00", "\x0b", "\x0c", "\x1f", "\x7f", "\u00a0",
          "\u2028", "\u3000", "\ufeff"]
ENCODED = ["%40", "%3A", "%2F", "%5C", "%3F", "%23", "%5B", "%5D", "%25", "%20", "%09",
           "%00", "%2e", "%2E%2E", "%zz", "%", "%4"]
UNICODE = ["\uff0e", "\u3002", "\uff61", "\uff10", "\uff11", "\uff12\uff17", "ß", "é",
           "\u0430", "\u24b6", "\u2100", "\ufe6b", "\uff20", "\uff0f", "\u2044"]
# Where an odd character goes: (before, after) around it.
PLACES = [
    ("", "http://a.example/"),          # before the scheme
    ("ht", "tp://a.example/"),          # inside the scheme
    ("http:", "//a.example/"),          # after the colon
    ("http:/", "/a.example/"),          # between the slashes
    ("http://", "a.example/"),          # start of the authority
    ("http://a", ".example/"),          # inside the host
    ("http://user", "@a.example/"),     # in the userinfo
    ("http://user@a.example", "/"),     # after the host
    ("http://a.example:80", "/"),       # after the port
    ("http://a.example:", "80/"),       # before the port digits
    ("http://a.example/p", "q"),        # in the path
    ("http://a.example/?q", "r"),       # in the query
    ("http://a.example/#f", "g"),       # in the fragment
    ("http://evil.example", "@good.example/"),  # before an @
    ("http://good.example", "evil.example/"),   # between two names
]
HOSTS = [
    # IPv4 number forms
    "127.0.0.1", "127.1", "127.0.1", "2130706433", "0x7f000001", "0x7f.1", "0177.0.0.1",
    "0177.1", "017700000001", "127.0.0.1.", "127.0.0.01", "127.00.0.1", "0.0.0.0", "0",
    "256.0.0.1", "127.0.0.256", "1.2.3.4.5", "4294967295", "4294967296", "0x100000000",
    "00x7f.1", "0x", "0x.1", "1.0x", "127.0.0.0x1", "09.1.2.3", "1.2.3.09", "0177.0.0.08",
    "1e2.0.0.1", "\uff11\uff12\uff17.0.0.1", "127\u30020\u30020\u30021", "127\uff0e0\uff0e0\uff0e1",
    # IPv6 forms
    "[::1]", "[::]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[0:0:0:0:0:ffff:127.0.0.1]",
    "[64:ff9b::127.0.0.1]", "[fe80::1%25eth0]", "[fe80::1%eth0]", "[fe80::1%]", "[::1.2.3]",
    "[v1.x]", "[vF.a:b]", "[1::2::3]", "[::1", "::1]", "[::1]x", "[::1]:", "[::ffff:1.2.3.4.5]",
    "[0000:0000:0000:0000:0000:0000:0000:0001]", "[1:2:3:4:5:6:7:8:9]", "[::127.0.0.1]",
    # names
    "localhost", "LOCALHOST", "localhost.", "a.localhost", "Example.COM", "a_b.example",
    "xn--nxasmq6b.example", "xn--.example", "xn--a.example", "a..b", ".a", "a.", "-a.example",
    "a-.example", "a" * 64 + ".example", "%61.example", "a%2eexample", "a%00.example",
    "exa mple.com", "ex%20ample.com", "metadata.google.internal", "169.254.169.254",
    "[::ffff:169.254.169.254]", "100.64.0.1", "\u00e9xample.com", "xn--xample-9ua.com",
    "faß.de", "\u2488.com", "a\u200bb.com", "ex\u00adample.com", "EX\u0130MPLE.com",
]
PORTS = ["", ":", ":80", ":080", ":0", ":65535", ":65536", ":99999999999", ":-1", ":+80",
         ":8a", ":0x50", ": 80", ":80 ", ":\uff18\uff10", ":80:80", "::80", ":%38%30"]
SCHEMES = ["http", "HTTP", "https", "ftp", "file", "ws", "wss", "gopher", "mailto", "javascript",
           "data", "h-t.t+p", "1http", "ht_tp", "", "urn", "foo"]
AUTHORITY_SHAPES = [
    "{s}://{h}{p}/a", "{s}://u:p@{h}{p}/a", "{s}://u@x@{h}{p}/", "{s}:{h}{p}/", "{s}:/{h}{p}/",
    "{s}:///{h}{p}/", "{s}:\\\\{h}{p}/", "{s}:/\\{h}{p}/", "//{h}{p}/a", "\\\\{h}{p}/",
    "{s}://{h}{p}?q", "{s}://{h}{p}#f", "{s}://{h}{p}", " {s}://{h}{p}/ ",
]


def generated():
    for group, chars in (("delimiter", DELIMS), ("whitespace or control", SPACES),
                         ("percent-encoded", ENCODED), ("Unicode", UNICODE)):
        for c in chars:
            for before, after in PLACES:
                yield f"generated: {group} {json.dumps(c)} at each place", before + c + after
    for h in HOSTS:
        for shape in ("http://{h}/", "http://{h}:8080/p?q#f", "https://u@{h}/", "//{h}/",
                      "ftp://{h}", "file://{h}/etc/passwd", "ws://{h}:80"):
            yield "generated: host forms", shape.format(h=h)
    for p in PORTS:
        for s in ("http", "https", "ftp", "foo"):
            yield "generated: port forms", f"{s}://a.example{p}/"
    for s in SCHEMES:
        for shape in AUTHORITY_SHAPES:
            yield "generated: scheme and authority shapes", shape.format(s=s, h="a.example", p=":80")
            yield "generated: scheme and authority shapes", shape.format(s=s, h="127.0.0.1", p="")
    for path in ("", "/", "/a/../b", "/a/./b", "/%2e%2e/x", "/..%2f..", "//x", "/a b", "/a\\b",
                 "/a?b?c", "/a#b#c", "/\u00e9", "/%c3%a9", "/%ff", "/a%2Fb", "/;p=1", "/a;b/c;d",
                 "?", "#", "?#", "?a=1&a=2", "?a#b?c", "/#", "/?#?#"):
        yield "generated: path, query and fragment", "http://a.example" + path
        yield "generated: path, query and fragment", "foo:" + path
        yield "generated: path, query and fragment", path
    for s in ("", " ", "http", "http:", "http:/", "http://", "http:///", "//", "///", "/", "?",
              "#", ":", "::", "@", "a:", ":a", "a:b", "a:b:c", "a@b", "mailto:a@b.example",
              "urn:isbn:0451450523", "data:text/plain,hi", "javascript:alert(1)",
              "http://@", "http://:@", "http://:80", "http://@:80", "http://u@", "http://[]",
              "http://[]/", "http://%/", "http://%25/", "http://a:b@c:d@e/"):
        yield "generated: short and empty forms", s


def main():
    seen = set()
    out = []

    def add(source, s):
        if s not in seen:
            seen.add(s)
            out.append({"source": source, "input": s})

    for source, s in classics():
        add(source, s)
    for s in lines("open-redirect-payloads.txt"):
        add("open-redirect-payloads.txt (PayloadsAllTheThings, MIT)", s)
    for source, s in generated():
        add(source, s)
    for s in lines("gsd-urls.txt", every=10):
        add("gsd-urls.txt, every tenth line", s)
    with open(os.path.join(HERE, "inputs.jsonl"), "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(out)} inputs")


if __name__ == "__main__":
    main()
