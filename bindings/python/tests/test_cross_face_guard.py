"""The guard's verdict is one record (``urikit_guard::Verdict``) in every
face: ``uri guard --json``, ``Verdict.to_dict()`` here and ``check()`` of
the npm package's ``urikit/guard`` under Node give, for the same URL and
client, the same keys in the same order with the same values. Inputs: the
guard crate's vector files (both sides) and the gsd sample, for every
client this build has. A missing CLI or npm build skips the test (fails it
under ``CI=true``), as in test_cross_face.py."""

import json
import subprocess
from typing import Any, Dict, List

from conftest import REPO
from test_cross_face import cli, node
from urikit.guard import CLIENTS, Guard

VECTORS = REPO / "crates" / "urikit-guard" / "tests" / "data" / "vectors"

JS = r"""
import { check } from './src/guard.js';
import { readFileSync } from 'node:fs';
const { inputs, client } = JSON.parse(readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(inputs.map((u) => check(u, { client }))));
"""


def inputs() -> List[str]:
    out: List[str] = []
    for f in sorted([*(VECTORS / "refuse").glob("*.txt"), *(VECTORS / "allow").glob("*.txt")]):
        for line in f.read_text(encoding="utf-8").splitlines():
            # One URL per line, then maybe a TAB and a comment or kind.
            if line and not line.startswith("#"):
                out.append(line.split("\t")[0])
    with open(REPO / "dev" / "testdata" / "corpus" / "gsd-urls.txt", encoding="utf-8", errors="replace") as f:
        out += [s.rstrip("\n") for s in f][:2000]
    return [s for s in out if s and "\0" not in s and "\n" not in s and "\ufffd" not in s]


def test_guard_verdicts_are_one_record_in_every_face() -> None:
    exe = cli()
    nd = node()
    urls = inputs()
    assert len(urls) > 2500, len(urls)
    compared = 0
    for client in CLIENTS:
        run = subprocess.run(
            [exe, "guard", "--json", "-0", "--client", client],
            input="\0".join(urls).encode(),
            capture_output=True,
            check=False,
        )
        assert run.returncode in (0, 1), run.stderr.decode()
        lines = [x for x in run.stdout.decode().split("\0") if x]
        # object_pairs_hook keeps the order of the keys as written.
        from_cli: List[Dict[str, Any]] = [json.loads(x, object_pairs_hook=dict) for x in lines]
        guard = Guard(client=client)
        here = [guard.check(u).to_dict() for u in urls]
        js = subprocess.run(
            [nd, "--input-type=module", "-e", JS],
            input=json.dumps({"inputs": urls, "client": client}).encode(),
            cwd=REPO / "bindings" / "npm",
            capture_output=True,
            check=True,
        )
        from_js = json.loads(js.stdout)
        assert len(from_cli) == len(here) == len(from_js) == len(urls)
        for u, c, p, j in zip(urls, from_cli, here, from_js):
            assert list(c) == list(p) == list(j), u
            assert c == p == j, u
            compared += 1
    assert compared == len(urls) * len(CLIENTS)
