#!/usr/bin/env python3
"""The comparison table of docs/guard-comparison.md, from results/*.json.

    python3 dev/guard-compare/table.py           # rewrite the table in the doc
    python3 dev/guard-compare/table.py --check   # fail if the doc or a result is stale
    python3 dev/guard-compare/table.py --print   # the table on stdout

Each results file has one verdict per vector URL (README.md, "Results").
The table counts, per vector file, the URLs each package refused; for the
allow sample, the public URLs it wrongly refused. results/urikit.json, when
present, fills the urikit-guard column; until then the column says so.
--check also fails when a results file's inputs are not exactly the current
vector files' (vectors changed since the run: run the package again).
"""

from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import ranges  # noqa: E402
import vectors  # noqa: E402

DOC = os.path.join(ROOT, "docs", "guard-comparison.md")
START, END = "<!-- table:start (dev/guard-compare/table.py) -->", "<!-- table:end -->"
ORDER = ["ssrfcheck", "ssrfguard", "request-filtering-agent", "ssrf-req-filter", "advocate", "drawbridge"]
OURS = "urikit"
PENDING = "(filled when the guard lands)"


def load_results() -> dict[str, dict]:
    out = {}
    d = os.path.join(HERE, "results")
    for name in ORDER + [OURS]:
        p = os.path.join(d, f"{name}.json")
        if os.path.exists(p):
            with open(p, encoding="utf-8") as f:
                out[name] = json.load(f)
    return out


def stale(results: dict[str, dict], vec: dict[str, list[str]]) -> list[str]:
    problems = []
    for name, r in results.items():
        got = {rel: [v["input"] for v in vs] for rel, vs in r["files"].items()}
        if got != vec:
            problems.append(f"results/{name}.json was made from other vector files: run it again")
    return problems


def denied_connect(v: dict) -> bool:
    return any(ranges.ip_denied(a) for a in v["addresses"])


def table(results: dict[str, dict], vec: dict[str, list[str]]) -> str:
    cols = [n for n in ORDER if n in results] + [OURS]
    head = ["vectors", "URLs"]
    for n in cols:
        if n in results:
            head.append(f"{results[n]['package']} {results[n]['version']}")
        else:
            head.append("urikit-guard")
    rows = [head, ["---"] + ["---:"] * (len(head) - 1)]

    def cell(n: str, fn) -> str:
        return str(fn(results[n])) if n in results else PENDING

    refuse = [rel for rel in vec if rel.startswith("refuse/")]
    for rel in refuse:
        rows.append([f"`{rel}`", str(len(vec[rel]))]
                    + [cell(n, lambda r, rel=rel: sum(not v["allowed"] for v in r["files"][rel])) for n in cols])
    total = sum(len(vec[rel]) for rel in refuse)

    def refused(r: dict) -> int:
        return sum(not v["allowed"] for rel in refuse for v in r["files"][rel])

    def through(r: dict) -> int:
        return sum(v["allowed"] for rel in refuse for v in r["files"][rel])

    def through_denied(r: dict) -> str:
        if r.get("client", "").startswith("none"):
            return "n/a"
        return str(sum(v["allowed"] and denied_connect(v) for rel in refuse for v in r["files"][rel]))

    rows.append(["**refused, all refuse files**", f"**{total}**"]
                + [cell(n, lambda r: f"**{refused(r)}**") for n in cols])
    def by_client(r: dict) -> int:
        return sum(not v["allowed"] and str(v["reason"]).startswith("client:")
                   for rel in refuse for v in r["files"][rel])

    rows.append(["of which the HTTP client refused, not the guard", ""] + [cell(n, by_client) for n in cols])
    rows.append(["let through", ""] + [cell(n, through) for n in cols])
    rows.append(["let through and connected to a denied address", ""] + [cell(n, through_denied) for n in cols])
    allow = "allow/gsd-sample.txt"
    rows.append([f"`{allow}`: **wrongly refused**", str(len(vec[allow]))]
                + [cell(n, lambda r: f"**{sum(not v['allowed'] for v in r['files'][allow])}**") for n in cols])
    return "\n".join("| " + " | ".join(r) + " |" for r in rows) + "\n"


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    vec = vectors.load()
    results = load_results()
    problems = stale(results, vec)
    t = table(results, vec)
    if mode == "--print":
        sys.stdout.write(t)
        return 0
    with open(DOC, encoding="utf-8") as f:
        doc = f.read()
    a, b = doc.find(START), doc.find(END)
    if a < 0 or b < a:
        print(f"{DOC}: no {START} ... {END} markers")
        return 1
    new = doc[: a + len(START)] + "\n" + t + doc[b:]
    if mode == "--check":
        if new != doc:
            problems.append("docs/guard-comparison.md's table is not the one results/*.json give: "
                            "run python3 dev/guard-compare/table.py")
        for p in problems:
            print(p)
        print(f"guard comparison: {len(results)} results files, {len(problems)} problems")
        return 1 if problems else 0
    for p in problems:
        print("warning:", p)
    with open(DOC, "w", encoding="utf-8") as f:
        f.write(new)
    print(f"wrote the table of {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
