# pip install 'yarl==1.25.1' 'idna==3.20'   (Python 3.11; yarl's C quoter is the one imported)
"""Records yarl's reading of every input of inputs.jsonl into yarl.jsonl.

The call is `yarl.URL(s)`; the fields are its accessors: `scheme`,
`raw_user` and `raw_password` (joined as `user:password`, `:password` when
only the password is given), `raw_host`, `explicit_port`, `raw_path`,
`raw_query_string`, `raw_fragment`. yarl writes "" for an absent scheme,
query and fragment: those are left out; the path and the host are kept
as given ("" included, a host is absent only when `raw_host` is None).
"""
import json
import platform
import sys
from pathlib import Path

import idna
import yarl

here = Path(__file__).parent


def reading(s):
    try:
        u = yarl.URL(s)
        user, password = u.raw_user, u.raw_password
        out = {}
        if u.scheme:
            out["scheme"] = u.scheme
        if user is not None or password is not None:
            out["userinfo"] = (user or "") + ("" if password is None else ":" + password)
        if u.raw_host is not None:
            out["host"] = u.raw_host
        if u.explicit_port is not None:
            out["port"] = str(u.explicit_port)
        out["path"] = u.raw_path
        if u.raw_query_string:
            out["query"] = u.raw_query_string
        if u.raw_fragment:
            out["fragment"] = u.raw_fragment
        return out
    except Exception as e:  # the library's own words
        return {"error": f"{type(e).__name__}: {e}"}


def main():
    inputs = [json.loads(l)["input"] for l in (here / "inputs.jsonl").open(encoding="utf-8")]
    meta = {
        "parser": "yarl",
        "library": f"yarl {yarl.__version__} (idna {idna.__version__})",
        "runtime": f"CPython {platform.python_version()}",
    }
    with (here / "yarl.jsonl").open("w", encoding="utf-8") as f:
        f.write(json.dumps({"meta": meta}, ensure_ascii=False, separators=(",", ":")) + "\n")
        for s in inputs:
            rec = {"input": s, **reading(s)}
            f.write(json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    sys.exit(main())
