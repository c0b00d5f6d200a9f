#!/usr/bin/env python3
"""Run the comparison benchmarks and print the Markdown tables.

    python3 dev/bench/compare.py            # run everything, then print
    python3 dev/bench/compare.py --no-run   # print from the last run's results

Ratios are peer time / urikit time on the same work: above 1 means urikit is
faster. For the corpus, each parser is timed on the lines it accepts, so the
ratio compares throughput (bytes per second).
"""

import json
import os
import platform
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CRIT = os.path.join(ROOT, "target", "criterion")
CORPUS = os.path.join(
    os.environ.get("URIKIT_CORPUS") or os.path.join(ROOT, "..", "shared", "corpus"),
    "gsd-urls.txt",
)


def estimate(group, name):
    """Median time in ns of one criterion benchmark, or None."""
    path = os.path.join(CRIT, group, name, "new", "estimates.json")
    try:
        with open(path) as f:
            return json.load(f)["median"]["point_estimate"]
    except (OSError, KeyError, ValueError):
        return None


def accepted():
    rows = {}
    path = os.path.join(ROOT, "target", "urikit-bench", "accepted.tsv")
    try:
        with open(path) as f:
            next(f)
            for line in f:
                peer, acc, total, nbytes = line.rstrip("\n").split("\t")
                rows[peer] = (int(acc), int(total), int(nbytes))
    except OSError:
        pass
    return rows


def human_rate(nbytes, ns):
    mib = nbytes / (ns / 1e9) / (1 << 20)
    return f"{mib / 1024:.2f} GiB/s" if mib >= 1024 else f"{mib:.0f} MiB/s"


def machine():
    cpu = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    return f"{cpu}, {os.cpu_count()} cores, {rustc}, {platform.system()} {platform.release()}"


def parse_tables(out):
    acc = accepted()
    peers = [p for p in acc] or ["urikit"]
    singles = ["utf8-query", "rfc-example", "ipv6", "2kb-query"]
    base = estimate("parse-corpus", "urikit")
    ub = acc.get("urikit", (0, 0, 1))[2]
    out.append("| parser | gsd corpus (accepted lines) | " + " | ".join(singles) + " |")
    out.append("| --- | --- |" + " --- |" * len(singles))
    for p in peers:
        t = estimate("parse-corpus", p)
        a, total, nb = acc.get(p, (0, 0, 0))
        if t is None:
            cell = "n/a"
        else:
            rate = nb / t
            urate = ub / base if base else None
            ratio = f" ({urate / rate:.2f}×)" if urate and p != "urikit" else ""
            uris = a / (t / 1e9) / 1e6
            cell = f"{human_rate(nb, t)}, {uris:.1f} M URIs/s{ratio}"
            if a != total:
                cell += f"; accepts {a} of {total}"
        cells = [cell]
        for s in singles:
            ts = estimate(f"parse-{s}", p)
            tu = estimate(f"parse-{s}", "urikit")
            if ts is None:
                cells.append("rejects")
            elif p == "urikit":
                cells.append(f"{ts:.0f} ns")
            else:
                cells.append(f"{ts:.0f} ns ({ts / tu:.2f}×)")
        out.append(f"| {p} | " + " | ".join(cells) + " |")
    floor = estimate("parse-corpus", "floor")
    if floor and base:
        out.append("")
        out.append(
            f"Floor baseline (one table lookup per corpus byte): {floor / 1e6:.1f} ms; "
            f"urikit's corpus parse takes {base / floor:.2f}× the floor "
            f"(on its accepted lines, {ub} of the floor's bytes)."
        )


def other_tables(out, groups):
    """Tables for operations other than parse: one row per peer."""
    for title, group_prefix, labels in groups:
        rows = {}
        for label in labels:
            group = f"{group_prefix}-{label}"
            d = os.path.join(CRIT, group)
            if not os.path.isdir(d):
                continue
            for name in sorted(os.listdir(d)):
                t = estimate(group, name)
                if t is not None:
                    rows.setdefault(name, {})[label] = t
        if not rows:
            continue
        out.append("")
        out.append(f"**{title}**")
        out.append("")
        out.append("| library | " + " | ".join(labels) + " |")
        out.append("| --- |" + " --- |" * len(labels))
        order = ["urikit"] + sorted(n for n in rows if n != "urikit")
        for name in order:
            if name not in rows:
                continue
            cells = []
            for label in labels:
                t = rows[name].get(label)
                u = rows.get("urikit", {}).get(label)
                if t is None:
                    cells.append("n/a")
                elif name == "urikit" or u is None:
                    cells.append(f"{t / 1e3:.1f} µs" if t >= 1e4 else f"{t:.0f} ns")
                else:
                    v = f"{t / 1e3:.1f} µs" if t >= 1e4 else f"{t:.0f} ns"
                    cells.append(f"{v} ({t / u:.2f}×)")
            out.append(f"| {name} | " + " | ".join(cells) + " |")


def scaling_table(out, op):
    shapes = ["typical", "dotdot", "pct", "query", "empty-segments"]
    sizes = ["100B", "10KB", "1MB", "100MB"]
    lines = []
    for shape in shapes:
        group = f"scaling-{op}-{shape}"
        cells = []
        for size in sizes:
            t = estimate(group, size)
            if t is None:
                cells.append("n/a")
                continue
            nbytes = int({"100B": 100, "10KB": 1e4, "1MB": 1e6, "100MB": 1e8}[size])
            cells.append(f"{t / nbytes:.3f}")
        if any(c != "n/a" for c in cells):
            lines.append(f"| {shape} | " + " | ".join(cells) + " |")
    if lines:
        out.append("")
        out.append(f"**Linear cost of {op}: ns per byte of input**")
        out.append("")
        out.append("| shape | " + " | ".join(sizes) + " |")
        out.append("| --- |" + " --- |" * len(sizes))
        out.extend(lines)


def cli_table(out):
    uri = os.path.join(ROOT, "target", "release", "uri")
    lib = estimate("parse-corpus", "urikit")
    if not os.path.exists(uri) or lib is None or not os.path.exists(CORPUS):
        return
    rows = []
    for label, args in [("uri parse --json", ["parse", "--json"]), ("uri parse --check", ["parse", "--check"])]:
        best = None
        for _ in range(5):
            with open(CORPUS, "rb") as f:
                t = time.perf_counter()
                # --check reports on standard error since the CLI keeps
                # diagnostics apart from data: both go to /dev/null.
                subprocess.run([uri] + args, stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                dt = (time.perf_counter() - t) * 1e9
            best = dt if best is None else min(best, dt)
        rows.append(f"| `{label}` | {best / 1e6:.1f} ms | {best / lib:.2f}× |")
    out.append("")
    out.append("**The CLI end to end over the gsd corpus** (best of 5, file on stdin, output and diagnostics to /dev/null)")
    out.append("")
    out.append(f"| command | time | × the library's corpus parse ({lib / 1e6:.1f} ms) |")
    out.append("| --- | --- | --- |")
    out.extend(rows)


def main():
    if "--no-run" not in sys.argv:
        subprocess.run(["cargo", "build", "--release", "-p", "urikit-cli"], cwd=ROOT, check=True)
        # ada-url (C++) joins when its crate builds here.
        ada = subprocess.run(
            ["cargo", "build", "--release", "-p", "urikit-bench", "--features", "ada", "--benches"],
            cwd=ROOT,
        ).returncode == 0
        features = ["--features", "ada"] if ada else []
        if not ada:
            print("ada-url does not build here; comparing without it", file=sys.stderr)
        subprocess.run(
            ["cargo", "bench", "-p", "urikit-bench", "--bench", "compare"] + features, cwd=ROOT, check=True
        )
        # IRIs over wiki-iris.txt: urikit and oxiri with the components
        # read, then every peer on validity and on the mapping to a URI.
        subprocess.run(["cargo", "bench", "-p", "urikit-bench", "--bench", "iri"], cwd=ROOT, check=True)
    out = [f"Machine: {machine()}", ""]
    parse_tables(out)
    other_tables(
        out,
        [
            ("Parse with the components read, the gsd corpus", "parse", ["components-corpus"]),
            ("Resolve", "resolve", ["cc-pairs", "dot-segments"]),
            ("Make relative", "relative", ["cc-pairs"]),
            ("Normalize", "normalize", ["corpus", "example", "is-normalized"]),
            ("Percent-encoding", "percent", ["decode", "encode"]),
            ("IRIs over wiki-iris.txt", "iri", ["parse-components-wiki", "parse-wiki", "to-uri-wiki"]),
        ],
    )
    scaling_table(out, "parse")
    scaling_table(out, "resolve")
    scaling_table(out, "normalize")
    cli_table(out)
    print("\n".join(out))


if __name__ == "__main__":
    main()
