# pip install 'httpx==0.28.1' 'idna==3.20'   (Python 3.11)
"""Records httpx's reading of every input of inputs.jsonl into httpx.jsonl.

The call is `httpx.URL(s)`; the fields are its accessors: `scheme`,
`userinfo` (bytes, ASCII), `raw_host` (bytes, ASCII), `port` (None for the
scheme's default port), the path as `raw_path` gives it before its `?`
(httpx has no accessor for the encoded path alone: `path` decodes it),
`query` (bytes, ASCII) and `fragment`. httpx writes "" (b"") for an
absent scheme, userinfo, host, query and fragment: those are left out; the
path is always kept.
"""
import json
import platform
import sys
from pathlib import Path

import httpx
import idna

here = Path(__file__).parent


def reading(s):
    try:
        u = httpx.URL(s)
        out = {}
        if u.scheme:
            out["scheme"] = u.scheme
        if u.userinfo:
            out["userinfo"] = u.userinfo.decode("ascii")
        if u.raw_host:
            out["host"] = u.raw_host.decode("ascii")
        if u.port is not None:
            out["port"] = str(u.port)
        out["path"] = u.raw_path.decode("ascii").partition("?")[0]
        if u.query:
            out["query"] = u.query.decode("ascii")
        if u.fragment:
            out["fragment"] = u.fragment
        return out
    except Exception as e:  # the library's own words
        return {"error": f"{type(e).__name__}: {e}"}


def main():
    inputs = [json.loads(l)["input"] for l in (here / "inputs.jsonl").open(encoding="utf-8")]
    meta = {
        "parser": "httpx",
        "library": f"httpx {httpx.__version__} (idna {idna.__version__})",
        "runtime": f"CPython {platform.python_version()}",
    }
    with (here / "httpx.jsonl").open("w", encoding="utf-8") as f:
        f.write(json.dumps({"meta": meta}, ensure_ascii=False, separators=(",", ":")) + "\n")
        for s in inputs:
            rec = {"input": s, **reading(s)}
            f.write(json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    sys.exit(main())
