#!/usr/bin/env python3
# pip install urllib3==2.8.0   (alone: not the optional `idna` package)
"""Record urllib3's parse_url over inputs.jsonl into urllib3.jsonl.

Run from the repository root, with the Python where urllib3 2.8.0 (and no
`idna` package) is installed:
    python3 crates/urikit-views/tests/data/views/readings/record_urllib3.py

Per input: urllib3.util.parse_url(s), each field of the Url as it is
(urllib3 tells None from '': None is absent, '' is recorded), port as
decimal digits (str of the int). An exception is "ClassName: message".
Without `idna`, urllib3 refuses a non-ASCII host name ("Unable to parse
URL without the 'idna' module"); that is what plain `pip install urllib3`
gives, and what urikit reads.
"""
import importlib.util
import json
import os
import platform
import sys

import urllib3
from urllib3.util import parse_url

HERE = os.path.dirname(os.path.abspath(__file__))
assert importlib.util.find_spec("idna") is None, "record without the idna package"


def reading(s):
    try:
        u = parse_url(s)
    except Exception as e:  # the library's own error, whatever its class
        return {"error": f"{type(e).__name__}: {e}"}
    out = {}
    for k, v in (("scheme", u.scheme), ("userinfo", u.auth), ("host", u.host)):
        if v is not None:
            out[k] = v
    if u.port is not None:
        out["port"] = str(u.port)
    for k, v in (("path", u.path), ("query", u.query), ("fragment", u.fragment)):
        if v is not None:
            out[k] = v
    return out


def main():
    dump = lambda o: json.dumps(o, ensure_ascii=False, separators=(",", ":"))
    with open(os.path.join(HERE, "inputs.jsonl"), encoding="utf-8") as f:
        inputs = [json.loads(line)["input"] for line in f]
    with open(os.path.join(HERE, "urllib3.jsonl"), "w", encoding="utf-8") as out:
        meta = {
            "parser": "urllib3",
            "library": f"urllib3 {urllib3.__version__} (util.parse_url; without the idna package)",
            "runtime": f"{platform.python_implementation()} {sys.version.split()[0]}",
        }
        out.write(dump({"meta": meta}) + "\n")
        for s in inputs:
            out.write(dump({"input": s, **reading(s)}) + "\n")


if __name__ == "__main__":
    main()
