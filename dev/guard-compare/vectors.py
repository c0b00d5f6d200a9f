"""Reads the vector files for the comparison runners: {relative path: [URL]}
with the whitespace file's control pictures replaced by the characters they
stand for. refuse-online/ is left out: offline, nothing can refuse it."""

from __future__ import annotations

import json
import os

from check_vectors import PICTURE_FILE, VECTORS, decode, read


def load(root: str = VECTORS) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for kind in ("refuse", "allow"):
        d = os.path.join(root, kind)
        for name in sorted(os.listdir(d)):
            # The compared files are the generated ones; the guard's own
            # seed files (basic.txt) are its tests', not the comparison's.
            if name.endswith(".txt") and (name.startswith("payloads-") or name.startswith("gsd-sample")):
                urls = [decode(u) if name == PICTURE_FILE else u
                        for n, u, c in read(os.path.join(d, name)) if n and not c.startswith("\0")]
                out[f"{kind}/{name}"] = urls
    return out


def dumps(r: dict) -> str:
    """A results file, one verdict per line (short diffs between runs)."""
    head = {k: v for k, v in r.items() if k != "files"}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "files": {']
    items = list(r["files"].items())
    for i, (rel, vs) in enumerate(items):
        lines.append(f" {json.dumps(rel)}: [")
        lines += ["  " + json.dumps(v, ensure_ascii=False) + ("," if j < len(vs) - 1 else "")
                  for j, v in enumerate(vs)]
        lines.append(" ]" + ("," if i < len(items) - 1 else ""))
    lines.append("}}")
    return "\n".join(lines) + "\n"
