"""The cross-face records of ``test_cross_face.py`` for repair and template
match: the same inputs through the ``uri`` CLI (``uri repair --json``,
``uri template match``), this package and, for template match, the npm
package under Node (it has no ``repair``) give equal records. The inputs
are the shared vectors: ``crates/urikit/tests/data/repair/repair.txt`` and
``dev/testdata/templates/matching.json``.

The records, in this language's convention: a repair is ``{"output",
"changes": [{"index", "char", "component", "kind"}]}`` or ``{"error":
{"index", "kind", "message"}}``; a match is ``None`` or ``{"vars", "rest":
[[name, value]], "hazards": [{"variable", "kind", "message"}]}``. Python
gives tuples where the record has pairs (``rest``, ``changes``), in the
record's order, and its indexes in code points where the CLI's are bytes
(the unit of each face, as in ``test_cross_face.py``)."""

import json
import re
import subprocess
from typing import Any, Dict, List, Optional, Tuple

import urikit
from conftest import REPO
from test_cross_face import cli, node


def unescape(s: str) -> str:
    return re.sub(r"\{x([0-9A-Fa-f]{2})\}", lambda m: chr(int(m.group(1), 16)), s)


def repair_inputs() -> List[str]:
    out = []
    with open(REPO / "crates" / "urikit" / "tests" / "data" / "repair" / "repair.txt", encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                out.append(unescape(line.split("\t")[0]))
    # Valid references come back as they are, with no change.
    return out + ["http://a/b?c#d", "", "mailto:a@b"]


def py_repair(s: str) -> Dict[str, Any]:
    try:
        output, changes = urikit.repair(s)
    except urikit.URIError as e:
        # The exception's message ends with the index, as every URIError's.
        message = re.sub(r" at index \d+$", "", str(e))
        return {"error": {"index": e.index, "kind": e.kind, "message": message}}
    keys = ("index", "char", "component", "kind")
    return {"output": output, "changes": [dict(zip(keys, c)) for c in changes]}


def code_points(s: str, byte_index: int) -> int:
    """The CLI's byte index as this package's index: in code points."""
    return len(s.encode()[:byte_index].decode())


def cli_repair(s: str, record: Dict[str, Any]) -> Dict[str, Any]:
    """The CLI's record with its indexes in this package's unit."""
    if "error" in record:
        return {"error": {**record["error"], "index": code_points(s, record["error"]["index"])}}
    changes = [{**c, "index": code_points(s, c["index"])} for c in record["changes"]]
    return {"output": record["output"], "changes": changes}


def test_repair_records_are_equal_in_the_cli_and_python() -> None:
    exe = cli()
    if exe is None:
        return
    items = [s for s in repair_inputs() if "\0" not in s]
    out = subprocess.run(
        [exe, "repair", "--json", "-0"], input="".join(s + "\0" for s in items).encode(), capture_output=True
    )
    assert out.returncode in (0, 1), out.stderr
    records = [json.loads(r) for r in out.stdout.decode().split("\0") if r.strip()]
    assert len(records) == len(items) > 40
    differ = [(s, cli_repair(s, c), py_repair(s)) for s, c in zip(items, records) if cli_repair(s, c) != py_repair(s)]
    assert not differ, f"{len(differ)} repair records differ; the first: {differ[0]}"


def match_cases() -> List[Tuple[str, str, str]]:
    with open(REPO / "dev" / "testdata" / "templates" / "matching.json", encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    # A template that cannot be matched in its mode is refused, not matched
    # (the CLI's exit 2): those cases have no record.
    return [(c["template"], c["uri"], c["mode"]) for c in cases if "ambiguity" not in c]


def py_match(template: str, uri: str, mode: str) -> Optional[Dict[str, Any]]:
    d = urikit.URITemplate(template).match_details(uri, lenient=mode != "exact", form=mode == "lenient-form")
    if d is None:
        return None
    return {
        "vars": d["vars"],
        "rest": [list(p) for p in d["rest"]],
        "hazards": d["hazards"],
    }


def cli_match(record: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    if not record["match"]:
        return None
    return {
        "vars": record["vars"],
        "rest": record.get("rest", []),
        # Without `var`, the CLI's old key for the variable (one release).
        "hazards": [{k: v for k, v in h.items() if k != "var"} for h in record.get("hazards", [])],
    }


JS_MATCH = r"""
import { UriTemplate } from './src/index.js';
import { readFileSync } from 'node:fs';
for (const [template, uri, mode] of JSON.parse(readFileSync(0, 'utf8'))) {
  const d = new UriTemplate(template).matchDetails(uri, { mode });
  const rec = d === null ? null : { vars: d.vars, rest: d.rest, hazards: d.hazards };
  process.stdout.write(JSON.stringify(rec) + '\n');
}
"""


def test_template_match_records_are_equal_in_the_cli_python_and_javascript() -> None:
    exe, js = cli(), node()
    if exe is None or js is None:
        return
    cases = match_cases()
    assert len(cases) > 100
    cli_records = []
    for template, uri, mode in cases:
        out = subprocess.run([exe, "template", "match", "--mode", mode, template, uri], capture_output=True)
        assert out.returncode in (0, 1), (template, uri, out.stderr)
        cli_records.append(cli_match(json.loads(out.stdout)))
    js_out = subprocess.run(
        [js, "--input-type=module", "-e", JS_MATCH],
        input=json.dumps(cases).encode(),
        capture_output=True,
        cwd=REPO / "bindings" / "npm",
    )
    assert js_out.returncode == 0, js_out.stderr.decode()
    # Not from_js: the keys of "vars" are the template's variable names.
    js_records = [json.loads(line) for line in js_out.stdout.decode().splitlines()]
    assert len(js_records) == len(cases)
    differ = []
    for (template, uri, mode), c, j in zip(cases, cli_records, js_records):
        p = py_match(template, uri, mode)
        if not (c == p == j):
            differ.append((template, uri, mode, c, p, j))
    assert not differ, f"{len(differ)} match records differ; the first: {differ[0]}"
