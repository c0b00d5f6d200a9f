#!/usr/bin/env python3
"""results/urikit.json from the guard's CLI, `uri guard --json`.

    python3 dev/guard-compare/urikit_results.py inputs DIR
    for f in DIR/*/*.bin; do uri guard --json -0 -i "$f" > "${f%.bin}.jsonl"; done
    python3 dev/guard-compare/urikit_results.py collect DIR --version "$(uri --version)"
    python3 dev/guard-compare/table.py

`inputs` writes each vector file's URLs, NUL-separated (a URL of the
whitespace file holds a TAB or a newline once decoded), as DIR/refuse/<name>.bin
and DIR/allow/<name>.bin. `collect` reads the CLI's answers beside them,
DIR/<kind>/<name>.jsonl, one object per input
{"input", "allowed", "reason", "host", "addresses"}, checks that they answer
exactly the inputs in order, and writes results/urikit.json in the shape of
the other results files (README.md, "Results"), the CLI's objects kept as
they are.
"""

from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import vectors  # noqa: E402


def inputs(out: str) -> int:
    for rel, urls in vectors.load().items():
        path = os.path.join(out, rel[: -len(".txt")] + ".bin")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(b"\0".join(u.encode("utf-8") for u in urls))
        print(f"{len(urls):4} {path}")
    return 0


def collect(d: str, version: str) -> int:
    files = {}
    for rel, urls in vectors.load().items():
        path = os.path.join(d, rel[: -len(".txt")] + ".jsonl")
        with open(path, encoding="utf-8") as f:
            # `uri guard -0` ends each record with a NUL, as its input; one
            # per line without -0. A record never holds a raw NUL or newline
            # (JSON escapes them).
            answers = [json.loads(x) for x in f.read().replace("\0", "\n").split("\n") if x.strip()]
        got = [a.get("input") for a in answers]
        if got != urls:
            print(f"{path}: the answers are not one per input of {rel}, in order "
                  f"({len(got)} answers, {len(urls)} inputs)", file=sys.stderr)
            return 1
        for a in answers:
            missing = {"input", "allowed", "reason", "host", "addresses"} - a.keys()
            if missing or not isinstance(a["allowed"], bool):
                print(f"{path}: an answer without {sorted(missing) or 'a boolean allowed'}: {a}",
                      file=sys.stderr)
                return 1
        files[rel] = answers
    out = {
        "package": "urikit-guard",
        "ecosystem": "crates.io",
        "version": version.split()[-1] if version.strip() else version,
        "client": "WHATWG reading (the CLI's default --client)",
        "api": "uri guard --json -0 -i FILE (offline, the default policy)",
        "runtime": version,
        "dependencies": {},
        "offline": "the CLI resolves nothing without --resolve",
        "files": files,
    }
    path = os.path.join(HERE, "results", "urikit.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write(vectors.dumps(out))
    print(f"wrote {path}")
    return 0


def main() -> int:
    a = sys.argv[1:]
    if len(a) == 2 and a[0] == "inputs":
        return inputs(a[1])
    if len(a) == 4 and a[0] == "collect" and a[2] == "--version":
        return collect(a[1], a[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
