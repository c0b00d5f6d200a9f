#!/usr/bin/env python3
"""urikit's repair beside the real libcurl URL API (CURLU_URLENCODE) and the
real WHATWG URL parser of Node.js, on the same inputs: the inputs of
crates/urikit/tests/data/repair/repair.txt and a few more. Prints the Markdown
table of docs/repair.md.

    cargo build -p urikit-cli            # the `uri` binary, in target/debug
    python3 crates/urikit/tests/repair-peers/compare.py > /tmp/table.md

Needs cc, Debian's libcurl4-openssl-dev and node.
"""

import json
import pathlib
import subprocess
import sys
import tempfile

here = pathlib.Path(__file__).resolve().parent
root = here.parents[2]
EXTRA = [
    "http://a/b c",
    " http://a/b ",
    "http://a/x\\y",
    "http:\\\\a\\b",
    "HTTP://A/%7e",
    "http://a/?q=\"x\"",
    "http://[fe80::1%eth0]/",
    "http://a:99999/",
    "http://a/%E2%81%A6x",
]


def unescape(s):
    out, i = "", 0
    while i < len(s):
        if s.startswith("{x", i) and s[i + 4 : i + 5] == "}" and all(c in "0123456789abcdefABCDEF" for c in s[i + 2 : i + 4]):
            out += chr(int(s[i + 2 : i + 4], 16))
            i += 5
        else:
            out += s[i]
            i += 1
    return out


def inputs():
    seen = []
    for line in (root / "crates/urikit/tests/data/repair/repair.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            seen.append(unescape(line.split("\t")[0]))
    for s in EXTRA:
        if s not in seen:
            seen.append(s)
    return [s for s in seen if "\n" not in s and "\t" not in s]


def ours(items):
    exe = root / "target/debug/uri"
    out = subprocess.run([str(exe), "repair", "--json", "--keep-invalid"], input="\n".join(items) + "\n",
                         capture_output=True, text=True).stdout
    res = []
    for line in out.splitlines():
        v = json.loads(line)
        res.append(v["output"] if "output" in v else "error: " + v["error"]["kind"])
    return res


def curl(items):
    with tempfile.TemporaryDirectory() as d:
        exe = pathlib.Path(d) / "curl_urlencode"
        subprocess.run(["cc", "-O1", "-o", str(exe), str(here / "curl_urlencode.c"), "-lcurl"], check=True)
        out = subprocess.run([str(exe)], input="\n".join(items) + "\n", capture_output=True, text=True).stdout
    return [(l.split("\t", 1)[1] if l.startswith("ok\t") else "error: " + l.split("\t", 1)[1]) for l in out.splitlines()]


def whatwg(items):
    js = ("const rl=require('readline').createInterface({input:process.stdin});const o=[];"
          "rl.on('line',l=>{const s=JSON.parse(l);try{o.push(new URL(s).href)}catch(e){o.push('error: '+e.code)}});"
          "rl.on('close',()=>console.log(JSON.stringify(o)))")
    out = subprocess.run(["node", "-e", js], input="\n".join(json.dumps(s) for s in items) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def cell(s):
    return "`" + s.replace("|", "\\|").replace("`", "\u02cb") + "`" if s else "(empty)"


def main():
    items = inputs()
    a, b, c = ours(items), curl(items), whatwg(items)
    assert len(a) == len(b) == len(c) == len(items), (len(a), len(b), len(c), len(items))
    print(f"libcurl {subprocess.run(['curl-config', '--version'], capture_output=True, text=True).stdout.strip() or '(curl-config missing)'}, "
          f"Node.js {subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()}\n")
    print("| input | urikit repair | libcurl CURLU_URLENCODE | WHATWG URL (Node.js) |")
    print("| --- | --- | --- | --- |")
    for row in zip(items, a, b, c):
        print("| " + " | ".join(cell(x.encode("unicode_escape").decode() if x.isprintable() is False else x) for x in row) + " |")


if __name__ == "__main__":
    sys.exit(main())
