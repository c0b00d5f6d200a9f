#!/usr/bin/env python3
"""Record CPython's urllib.parse over inputs.jsonl into urllib.jsonl.

Nothing to install: the interpreter's own module (run it with the CPython
whose reading is wanted; the recording was made with 3.11.7).
Run from the repository root:
    python3 crates/urikit-views/tests/data/views/readings/record_urllib.py

Per input: urlsplit(s), then .hostname and .port. Fields as the View of
urikit_views: scheme, query and fragment absent when empty (urlsplit gives
'' for "absent"), path always present, userinfo what urllib's own
_userinfo splits off (netloc.rpartition('@')) when netloc has an '@',
port as decimal digits (str of the int). An exception is
"ClassName: message".
"""
import json
import os
import platform
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))


def reading(s):
    try:
        u = urllib.parse.urlsplit(s)
        host = u.hostname
        port = u.port
    except Exception as e:  # the library's own error, whatever its class
        return {"error": f"{type(e).__name__}: {e}"}
    out = {}
    if u.scheme:
        out["scheme"] = u.scheme
    userinfo, at, _ = u.netloc.rpartition("@")
    if at:
        out["userinfo"] = userinfo
    if host is not None:
        out["host"] = host
    if port is not None:
        out["port"] = str(port)
    out["path"] = u.path
    if u.query:
        out["query"] = u.query
    if u.fragment:
        out["fragment"] = u.fragment
    return out


def main():
    dump = lambda o: json.dumps(o, ensure_ascii=False, separators=(",", ":"))
    with open(os.path.join(HERE, "inputs.jsonl"), encoding="utf-8") as f:
        inputs = [json.loads(line)["input"] for line in f]
    with open(os.path.join(HERE, "urllib.jsonl"), "w", encoding="utf-8") as out:
        meta = {
            "parser": "urllib",
            "library": f"CPython {platform.python_version()} urllib.parse",
            "runtime": f"{platform.python_implementation()} {sys.version.split()[0]}",
        }
        out.write(dump({"meta": meta}) + "\n")
        for s in inputs:
            out.write(dump({"input": s, **reading(s)}) + "\n")


if __name__ == "__main__":
    main()
