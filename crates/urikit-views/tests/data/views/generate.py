#!/usr/bin/env python3
"""Record what the real parsers read in each input of inputs.txt, into
expected.jsonl, for crates/urikit-views/tests/it/views.rs.

Nothing here is urikit: each view comes from the real implementation.
- java:   java.net.URI of the JDK on PATH, through crates/urikit/tests/java/UriProbe.java
- whatwg: Node's URL class (the WHATWG URL Standard; Node's own parser, not the url crate)
- curl:   libcurl's curl_url_set/curl_url_get, called here through ctypes
          (CURLU_NON_SUPPORT_SCHEME, as urikit's curl view calls it)
- urllib: this interpreter's urllib.parse.urlsplit, .hostname, .port

inputs.txt: one JSON string a line (so that any character fits); lines
starting with "#" name the source of the inputs below them.
Run from the repository root (URIKIT_CORPUS: the corpus folder, as for the tests):
    python3 crates/urikit-views/tests/data/views/generate.py
Then review the diff by hand before committing it.
"""
import ctypes
import json
import os
import subprocess
import sys
import tempfile
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", "..", ".."))


def read_inputs():
    source = None
    out = []
    with open(os.path.join(HERE, "inputs.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            if line.startswith("#"):
                source = line[1:].strip()
                continue
            out.append((source, json.loads(line)))
    corpus_dir = os.environ.get("URIKIT_CORPUS") or os.path.join(ROOT, "..", "shared", "corpus")
    corpus = os.path.join(corpus_dir, "open-redirect-payloads.txt")
    if not os.path.exists(corpus):
        sys.exit(f"{corpus} not found: set URIKIT_CORPUS to the corpus folder")
    if True:
        with open(corpus, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n").rstrip("\r")
                if line:
                    out.append(("open-redirect-payloads.txt (PayloadsAllTheThings, MIT)", line))
    return out


def none_if_empty(s):
    return s if s else None


# --- java ---
def java_views(inputs):
    d = tempfile.mkdtemp()
    subprocess.run(["javac", "-d", d, os.path.join(ROOT, "crates/urikit/tests/java/UriProbe.java")], check=True)
    cmds = "".join("P " + s.encode("utf-8").hex() + "\n" for s in inputs)
    out = subprocess.run(["java", "-cp", d, "UriProbe"], input=cmds.encode(), capture_output=True, check=True)
    lines = out.stdout.decode().split("\n")[: len(inputs)]

    def field(f):
        return None if f == "-" else bytes.fromhex(f[1:]).decode("utf-8")

    views = []
    for line in lines:
        parts = line.split("\t")
        if parts[0] != "ok":
            reason = field(parts[2]) if parts[0] == "err" else parts[1]
            views.append({"error": reason})
            continue
        scheme, _opaque, _ssp, _auth, user, host, port, path, query, frag = parts[1:]
        views.append({
            "scheme": field(scheme), "userinfo": field(user), "host": field(host),
            "port": None if port == "-1" else port, "path": field(path),
            "query": field(query), "fragment": field(frag),
        })
    return views


# --- whatwg (Node) ---
NODE = r"""
const lines = require('fs').readFileSync(0, 'utf8').split('\n').filter(l => l.length);
for (const l of lines) {
  const s = JSON.parse(l);
  let v;
  try {
    const u = new URL(s);
    v = {scheme: u.protocol.slice(0, -1),
         userinfo: u.username || u.password ? u.username + (u.password ? ':' + u.password : '') : null,
         host: u.hostname || null, port: u.port || null, path: u.pathname,
         query: u.search ? u.search.slice(1) : null, fragment: u.hash ? u.hash.slice(1) : null};
  } catch (e) { v = {error: e.message}; }
  console.log(JSON.stringify(v));
}
"""


def whatwg_views(inputs):
    data = "".join(json.dumps(s) + "\n" for s in inputs)
    out = subprocess.run(["node", "-e", NODE], input=data.encode(), capture_output=True, check=True)
    return [json.loads(l) for l in out.stdout.decode().splitlines()]


def node_version():
    return subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()


# --- curl (ctypes) ---
curl = ctypes.CDLL("libcurl.so.4")
curl.curl_url.restype = ctypes.c_void_p
curl.curl_url_set.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
curl.curl_url_get.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p), ctypes.c_uint]
curl.curl_url_cleanup.argtypes = [ctypes.c_void_p]
curl.curl_url_strerror.restype = ctypes.c_char_p
curl.curl_version.restype = ctypes.c_char_p
CURLU_NON_SUPPORT_SCHEME = 1 << 3
PARTS = {"scheme": 1, "user": 2, "password": 3, "options": 4, "host": 5, "port": 6,
         "path": 7, "query": 8, "fragment": 9}


def curl_view(s):
    if "\0" in s:
        return {"error": "nul byte"}
    h = curl.curl_url()
    try:
        rc = curl.curl_url_set(h, 0, s.encode("utf-8"), CURLU_NON_SUPPORT_SCHEME)
        if rc != 0:
            return {"error": curl.curl_url_strerror(rc).decode()}

        def get(name):
            p = ctypes.c_char_p()
            rc = curl.curl_url_get(h, PARTS[name], ctypes.byref(p), 0)
            # (the string leaks: a short-lived script)
            return p.value.decode("utf-8", "replace") if rc == 0 and p.value is not None else None

        user = get("user")
        userinfo = None
        if user is not None:
            userinfo = user
            if get("options") is not None:
                userinfo += ";" + get("options")
            if get("password") is not None:
                userinfo += ":" + get("password")
        return {"scheme": get("scheme"), "userinfo": userinfo, "host": get("host"),
                "port": get("port"), "path": get("path"), "query": get("query"),
                "fragment": get("fragment")}
    finally:
        curl.curl_url_cleanup(h)


# --- urllib ---
def urllib_view(s):
    try:
        u = urllib.parse.urlsplit(s)
        port = u.port
        userinfo = u.netloc.rpartition("@")[0] if "@" in u.netloc else None
        return {"scheme": none_if_empty(u.scheme), "userinfo": userinfo, "host": u.hostname,
                "port": None if port is None else str(port), "path": u.path,
                "query": none_if_empty(u.query), "fragment": none_if_empty(u.fragment)}
    except ValueError as e:
        return {"error": str(e)}


def main():
    items = read_inputs()
    inputs = [s for _, s in items]
    java = java_views(inputs)
    whatwg = whatwg_views(inputs)
    meta = {"meta": {"libcurl": curl.curl_version().decode().split()[0],
                     "node": node_version(), "python": sys.version.split()[0],
                     "java": subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0]}}
    with open(os.path.join(HERE, "expected.jsonl"), "w", encoding="utf-8") as f:
        f.write(json.dumps(meta, ensure_ascii=False) + "\n")
        for (source, s), j, w in zip(items, java, whatwg):
            rec = {"source": source, "input": s, "java": j, "whatwg": w,
                   "curl": curl_view(s), "urllib": urllib_view(s)}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"{len(items)} inputs", file=sys.stderr)


if __name__ == "__main__":
    main()
