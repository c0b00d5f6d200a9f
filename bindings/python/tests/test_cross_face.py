"""The same inputs through three faces — the ``uri`` CLI's ``--json``, this
package, and the npm package under Node — give the same records: the
parse of a reference (its components, the port a number beside its
digits ``port_text``, or its error's index, kind, component and message),
and the views of a string with their findings.
Keys follow each language's convention (``host_kind`` here and in the CLI,
``hostKind`` in JavaScript) and are compared after that one renaming;
values must be identical. An absent value is ``None`` here, ``null`` in
the CLI's JSON and ``undefined`` in JavaScript.

The CLI is the workspace's ``target/debug/uri`` (or ``URIKIT_CLI``), the npm
package the built ``bindings/npm``; a missing one skips the test, or fails
it under ``CI=true`` (.ci/run builds both before this step)."""

import json
import os
import pathlib
import re
import shutil
import subprocess
from typing import Any, Dict, List, Optional

import urikit
from conftest import CORPUS, REPO, missing

# The edge cases of each component, then real-world and hostile inputs.
EDGE = [
    "http://u@[::1]:0080/p?q#f",
    "HTTP://Example.COM:/a/./b/../c?#",
    "a b",
    "http://exa mple.com/",
    "//h:99999999999999999999/",
    "mailto:a@b",
    "urn:isbn:0451450523",
    "?q",
    "#f",
    "",
    "http://[v7.x]/",
    "http://[::ffff:1.2.3.4]/",
    "http://0x7f.1/",
    "http://a\\@b/",
    "http://a@b@c/",
    "http://%31%32%37.0.0.1/",
    "http://h/%zz",
    "http://[::1/",
    "s:[o",
    "http://\u00e9.com/",
]


def inputs() -> List[str]:
    out = list(EDGE)
    for name, n in (("open-redirect-payloads.txt", 300), ("gsd-urls.txt", 300)):
        with open(CORPUS / name, encoding="utf-8", errors="replace") as f:
            lines = [line.rstrip("\n") for line in f]
        out += [s for s in lines if s and "\ufffd" not in s][:n]
    return out


def cli() -> Optional[str]:
    path = os.environ.get("URIKIT_CLI") or str(REPO / "target" / "debug" / "uri")
    if pathlib.Path(path).exists():
        return path
    missing(f"the uri CLI is not built at {path} (cargo build -p urikit-cli)")
    return None


def node() -> Optional[str]:
    exe = shutil.which("node")
    if exe is None:
        missing("node is not installed")
        return None
    if not any((REPO / "bindings" / "npm" / "dist").rglob("*.wasm")):
        missing("the npm package is not built (cd bindings/npm && npm run build)")
        return None
    return exe


def snake(key: str) -> str:
    return re.sub(r"[A-Z]", lambda m: "_" + m.group(0).lower(), key)


def from_js(value: Any) -> Any:
    """JavaScript's record in this language's key convention."""
    if isinstance(value, dict):
        return {snake(k): from_js(v) for k, v in value.items()}
    if isinstance(value, list):
        return [from_js(v) for v in value]
    return value


JS = r"""
import * as u from './src/index.js';
import { readFileSync } from 'node:fs';
const inputs = JSON.parse(readFileSync(0, 'utf8'));
const parsers = process.env.URIKIT_PARSERS.split(',');
const fields = ['scheme', 'authority', 'userinfo', 'host', 'hostKind', 'port', 'portText', 'path', 'query', 'fragment'];
for (const s of inputs) {
  let parse;
  try {
    const p = u.parse(s);
    parse = Object.fromEntries(fields.map((f) => [f, p[f] === undefined ? null : p[f]]));
  } catch (e) {
    parse = { error: { index: e.index ?? null, kind: e.kind ?? null, component: e.component ?? null, message: e.message } };
  }
  const v = u.views(s, { parsers });
  const nul = (x) => (x === undefined ? null : x);
  const views = Object.fromEntries(Object.entries(v.views).map(([p, w]) => [p, 'error' in w ? w
    : Object.fromEntries(['scheme', 'userinfo', 'host', 'hostKind', 'port', 'path', 'query', 'fragment'].map((f) => [f, nul(w[f])]))]));
  const findings = v.findings.map((f) => ({ ...f, values: f.values.map(nul) }));
  process.stdout.write(JSON.stringify({ parse, views: { input: v.input, views, findings } }) + '\n');
}
"""

# The parsers every face has: the npm package's main module leaves out the
# readings of other languages (its size budget) and curl (no FFI in wasm).
PARSERS = ["rfc3986", "java"]
PARSE_FIELDS = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "port_text",
    "path",
    "query",
    "fragment",
]


def py_parse(s: str) -> Dict[str, Any]:
    try:
        r = urikit.parse(s)
    except urikit.URIError as e:
        return {"error": {"index": e.index, "kind": e.kind, "component": e.component, "message": str(e)}}
    rec = {f: getattr(r, f)() if callable(getattr(r, f)) else getattr(r, f) for f in PARSE_FIELDS if f != "port"}
    # `port` is the number in every face (`port_text` the digits as
    # written). Past 65535 the record has none; Python's accessor raises
    # (`port-overflow`) where the others give null.
    try:
        rec["port"] = r.port
    except urikit.URIError as e:
        assert e.kind == "port-overflow"
        rec["port"] = None
    return {f: rec[f] for f in PARSE_FIELDS}


def cli_parse(record: Dict[str, Any]) -> Dict[str, Any]:
    if not record["valid"]:
        e = record["error"]
        # The CLI's JSON has the index beside the message; the exceptions
        # say it in the message.
        message = e["message"] + (f" at index {e['index']}" if e["index"] is not None else "")
        return {"error": {"index": e["index"], "kind": e["kind"], "component": e["component"], "message": message}}
    return {f: record.get(f) for f in PARSE_FIELDS}


def test_parse_and_views_records_are_equal_in_the_cli_python_and_javascript() -> None:
    exe, js = cli(), node()
    if exe is None or js is None:
        return
    items = inputs()
    stdin = "".join(s + "\0" for s in items).encode()
    parse_out = subprocess.run([exe, "parse", "--json", "-0"], input=stdin, capture_output=True)
    views_out = subprocess.run(
        [exe, "views", "--json", "-0", "--parsers", ",".join(PARSERS)], input=stdin, capture_output=True
    )
    assert parse_out.returncode in (0, 1), parse_out.stderr
    assert views_out.returncode in (0, 1), views_out.stderr
    # With -0 the records are NUL-terminated as the inputs are.
    cli_parses = [json.loads(r) for r in parse_out.stdout.decode().split("\0") if r.strip()]
    cli_views = [json.loads(r) for r in views_out.stdout.decode().split("\0") if r.strip()]
    assert len(cli_parses) == len(items) == len(cli_views)
    js_out = subprocess.run(
        [js, "--input-type=module", "-e", JS],
        input=json.dumps(items).encode(),
        env={**os.environ, "URIKIT_PARSERS": ",".join(PARSERS)},
        capture_output=True,
        cwd=REPO / "bindings" / "npm",
    )
    assert js_out.returncode == 0, js_out.stderr.decode()
    js_records = [from_js(json.loads(line)) for line in js_out.stdout.decode().splitlines()]
    assert len(js_records) == len(items)
    differ = []
    for s, c, cv, j in zip(items, cli_parses, cli_views, js_records):
        p = py_parse(s)
        if not (cli_parse(c) == p == j["parse"]):
            differ.append(("parse", s, cli_parse(c), p, j["parse"]))
        pv = urikit.views(s, parsers=PARSERS)
        if not (cv == pv == j["views"]):
            differ.append(("views", s, cv, pv, j["views"]))
    assert not differ, f"{len(differ)} records differ; the first: {differ[0]}"
    assert len(items) > 300


def test_whatwg_views_are_equal_in_the_three_faces_but_for_the_error_words() -> None:
    """The whatwg view is the url crate's in Rust (the CLI, Python) and
    Node's own ``URL`` in JavaScript: the same reading (both pass the WPT
    URL tests), but each says its own words when it refuses an input
    (Node: "Invalid URL"). Every accepted input's view is identical; every
    refused input is refused by both."""
    exe, js = cli(), node()
    if exe is None or js is None:
        return
    items = inputs()
    stdin = "".join(s + "\0" for s in items).encode()
    out = subprocess.run([exe, "views", "--json", "-0", "--parsers", "whatwg"], input=stdin, capture_output=True)
    cli_views = [json.loads(r)["views"]["whatwg"] for r in out.stdout.decode().split("\0") if r.strip()]
    js_out = subprocess.run(
        [js, "--input-type=module", "-e", JS],
        input=json.dumps(items).encode(),
        capture_output=True,
        cwd=REPO / "bindings" / "npm",
        env={**os.environ, "URIKIT_PARSERS": "whatwg"},
    )
    assert js_out.returncode == 0, js_out.stderr.decode()
    js_views = [from_js(json.loads(line))["views"]["views"]["whatwg"] for line in js_out.stdout.decode().splitlines()]
    differ = []
    for s, c, j in zip(items, cli_views, js_views):
        p = urikit.views(s, parsers=["whatwg"])["views"]["whatwg"]
        if "error" in c or "error" in j or "error" in p:
            if not ("error" in c and "error" in j and "error" in p):
                differ.append((s, c, p, j))
        elif not (c == p == j):
            differ.append((s, c, p, j))
    assert len(cli_views) == len(js_views) == len(items)
    assert not differ, f"{len(differ)} whatwg views differ; the first: {differ[0]}"
