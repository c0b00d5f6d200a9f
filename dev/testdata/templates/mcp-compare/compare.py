"""Run the MCP Python SDK's URI template matcher over urikit's shared vectors.

For each case of dev/testdata/templates/matching.json this parses the template
with the SDK (``mcp.shared.uri_template.UriTemplate.parse``), matches the URI
(``UriTemplate.match``, the SDK's only matching mode), and compares the
variables it returns with the case's expected variables. It also applies the
SDK's resource-layer policy (``DEFAULT_RESOURCE_SECURITY.validate``, on by
default for ``@mcp.resource`` templates) to the variables the SDK returns,
and reports when that would reject the match.

Nothing here re-creates the SDK: every answer printed under "sdk" is what the
installed SDK returned. Usage: ``bash run.sh`` (installs the pinned SDK in a
venv), or ``python compare.py matching.json [--quiet]`` with ``mcp`` importable.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from importlib.metadata import version

from mcp.server.mcpserver.resources.templates import DEFAULT_RESOURCE_SECURITY
from mcp.shared.uri_template import InvalidUriTemplate, UriTemplate


def same(expected: object, got: object) -> bool:
    """Compare expected variables with the SDK's (None: no match)."""
    if expected is None or got is None:
        return expected is None and got is None
    assert isinstance(expected, dict) and isinstance(got, dict)
    if set(expected) != set(got):
        return False
    for name, want in expected.items():
        have = got[name]
        if isinstance(want, dict):
            # An associative array: the SDK has no such value type.
            return False
        if want != have:
            return False
    return True


def how(expected: object, got: object) -> str:
    if expected is None:
        return "sdk matches, expected no match"
    if got is None:
        return "sdk: no match, expected a match"
    return "both match, variables differ"


def main() -> int:
    path = sys.argv[1]
    quiet = "--quiet" in sys.argv[2:]
    with open(path, encoding="utf-8") as file:
        cases = json.load(file)["cases"]
    sdk_version = version("mcp")
    print(
        f"mcp {sdk_version}: UriTemplate.parse(template).match(uri) over {len(cases)} cases of {path}"
    )
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    differences: dict[str, Counter[str]] = defaultdict(Counter)
    for i, case in enumerate(cases):
        mode = case["mode"]
        expected = case["variables"]
        template, uri = case["template"], case["uri"]
        security = ""
        try:
            parsed = UriTemplate.parse(template)
        except InvalidUriTemplate as err:  # the SDK refuses the template
            verdict, got, shown = "refused", None, f"{type(err).__name__}: {err}"
        else:
            try:
                got = parsed.match(uri)
            except ValueError as err:
                verdict, got, shown = "raised", None, f"{type(err).__name__}: {err}"
            else:
                shown = (
                    "no match" if got is None else json.dumps(got, ensure_ascii=False)
                )
                verdict = "agree" if same(expected, got) else "differ"
                if got is not None:
                    failed = DEFAULT_RESOURCE_SECURITY.validate(got)
                    if failed is not None:
                        security = f"; resource layer rejects {failed!r}"
        counts[mode][verdict] += 1
        if verdict == "differ":
            differences[mode][how(expected, got)] += 1
        if not quiet or verdict != "agree":
            want = (
                "no match"
                if expected is None
                else json.dumps(expected, ensure_ascii=False)
            )
            print(f"[{i}] {mode} {verdict}: {template!r} {uri!r}")
            print(f"    expected {want}")
            print(f"    sdk      {shown}{security}")
            if case.get("hazards"):
                print(f"    expected hazards {case['hazards']}")
            if case.get("rule"):
                print(f"    rule: {case['rule']}")
    print()
    print(f"summary (mcp {sdk_version}):")
    for mode in sorted(counts):
        c = counts[mode]
        total = sum(c.values())
        print(
            f"  {mode}: {total} cases, {c['agree']} agree, {c['differ']} differ, "
            f"{c['refused']} template refused by the SDK, {c['raised']} match raised"
        )
        for what, n in sorted(differences[mode].items()):
            print(f"    {n} {what}")
    probes()
    return 0


def probes() -> None:
    """Rows of the docs' table that the vectors do not cover: printed as the SDK answers."""
    print()
    print("probes (not vectors; the SDK's answers as returned):")
    cases = [
        ("/search{?q}", "/search?=x&q=1", "a parameter with an empty name"),
        ("/search{?q}", "/search?q=%41", "a decoded value"),
        ("/files/{name}", "/files/a%00b", "a decoded NUL in a path value"),
    ]
    for template, uri, what in cases:
        got = UriTemplate.parse(template).match(uri)
        rejected = DEFAULT_RESOURCE_SECURITY.validate(got) if got is not None else None
        print(
            f"  {what}: {template!r} {uri!r} -> {json.dumps(got)}; resource layer rejects {rejected!r}"
        )
    for length in (8_192, 8_193):
        template = "/" + "a" * (length - 4) + "{x}"
        try:
            UriTemplate.parse(template)
            answer = "parsed"
        except InvalidUriTemplate as err:
            answer = f"{type(err).__name__}: {err}"
        print(f"  a template of {len(template)} characters: {answer}")
    for template in ("{x*}", "{.x*}", "{;x*}", "{/x*}", "{/a*}/{+b}", "{x:3}"):
        try:
            UriTemplate.parse(template)
            answer = "parsed"
        except InvalidUriTemplate as err:
            answer = f"{type(err).__name__}: {err}"
        print(f"  {template!r}: {answer}")
    many = "{" + ",".join(f"v{i}" for i in range(257)) + "}"
    try:
        UriTemplate.parse(many)
        answer = "parsed"
    except InvalidUriTemplate as err:
        answer = f"{type(err).__name__}: {err}"
    print(f"  a template of 257 variables: {answer}")
    t = UriTemplate.parse("/f/{+rest}")
    for length in (65_536, 65_537):
        uri = "/f/" + "a" * (length - 3)
        got = t.match(uri)
        print(
            f"  a URI of {len(uri)} characters on '/f/{{+rest}}': {'match' if got is not None else 'None'}"
        )


if __name__ == "__main__":
    sys.exit(main())
