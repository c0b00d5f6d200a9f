#!/usr/bin/env bash
# Build the fuzz seed corpora fuzz/corpus/<target>/ (gitignored) from every
# file in ../shared/corpus and from crates/urikit/tests/data/vectors.
#
# Every line of a text file, every field of the CSV and every string of a
# JSON file becomes one seed; seeds are named by content hash, so running
# this twice gives the same set. The large line files are sampled (every
# Nth line) so that libFuzzer starts from a varied but small corpus: it
# minimises by coverage anyway, and half a million near-identical http
# URLs add no coverage.
#
# The pair targets (resolve, make_relative) take "BASE\nREF": their seeds are
# the (base, relative) rows of the CSV, one in five.
#
# usage: dev/fuzz/seed.sh [target...]   (default: every target)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
shared="${URIKIT_CORPUS:-$here/../../../shared/corpus}"
vectors="$here/../../crates/urikit/tests/data/vectors"
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(parse differential resolve make_relative normalize percent builder extract_lint file_paths conversions repair java_uri rfc2396 arrow_kernels py_conversions views cli_output)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
all="$work/all.txt"   # one seed per line; a seed holds no newline

{
  # Line files: the small ones whole, the large ones one line in N.
  for f in "$shared"/*.txt "$shared"/schemes/*.txt; do
    lines=$(wc -l <"$f")
    step=$(( lines / 2000 + 1 ))
    sed '1s/^\xEF\xBB\xBF//' "$f" | awk -v n="$step" 'NR % n == 1 || n == 1'
  done
  # The CSV: base and relative fields, one in five rows.
  tail -n +2 "$shared/cc-relative-10k.csv" | awk 'NR % 5 == 1' | tr ',' '\n'
} >"$all"

# Vector inputs, unescaped, and every string value of the JSON files: they
# may hold any byte, newlines included, so one file each.
python3 - "$vectors" "$work/vec" "$shared" <<'PY'
import hashlib, json, pathlib, sys
src, out, shared = (pathlib.Path(a) for a in sys.argv[1:4])
out.mkdir()
def save(data):
    (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
def strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, list):
        for x in v:
            yield from strings(x)
    elif isinstance(v, dict):
        for x in v.values():
            yield from strings(x)
for f in sorted(shared.glob("**/*.json")):
    for s in strings(json.load(open(f, encoding="utf-8"))):
        save(s.encode())
def unescape(s):
    b, i = bytearray(), 0
    while i < len(s):
        c = s[i]
        if c != "\\":
            b += c.encode(); i += 1; continue
        e = s[i + 1]
        if e in "\\tnr":
            b += {"\\": b"\\", "t": b"\t", "n": b"\n", "r": b"\r"}[e]; i += 2
        elif e == "x":
            b.append(int(s[i + 2:i + 4], 16)); i += 4
        elif e == "u":
            j = s.index("}", i)
            b += chr(int(s[i + 3:j], 16)).encode(); i = j + 1
        else:
            raise SystemExit(f"bad escape in {s!r}")
    return bytes(b)
for f in sorted(src.glob("*.txt")):
    for line in f.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        save(unescape(fields[1] if fields[0] == "ok" else fields[3]))
PY

for t in "${targets[@]}"; do
  dir="$here/corpus/$t"
  mkdir -p "$dir"
  if [ "$t" = resolve ] || [ "$t" = make_relative ]; then
    python3 - "$shared/cc-relative-10k.csv" "$dir" <<'PY'
import csv, hashlib, pathlib, sys
out = pathlib.Path(sys.argv[2])
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8", newline="")))[1:]
for row in rows[::5]:
    if len(row) == 2:
        data = f"{row[0]}\n{row[1]}".encode()
        (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
PY
    echo "$t: $(ls "$dir" | wc -l) seeds in $dir"
    continue
  fi
  cp -n "$work/vec/"* "$dir/" 2>/dev/null || true
  if [ "$t" = file_paths ]; then
    # Every path and URI of the file vectors ({xHH} unescaped): the
    # Windows prefixes (\\?\UNC\, \\.\) appear nowhere else (issue 25).
    python3 - "$here/../../crates/urikit/tests/data/file" "$dir" <<'PY'
import hashlib, pathlib, re, sys
out = pathlib.Path(sys.argv[2])
for f in sorted(pathlib.Path(sys.argv[1]).glob("*.txt")):
    for line in f.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        for field in line.split("\t")[1:]:
            if field.startswith("!"):
                continue
            data = re.sub(r"\{x([0-9A-Fa-f]{2})\}", lambda m: chr(int(m[1], 16)), field).encode()
            (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
PY
  fi
  # One file per line, named by its SHA-1.
  python3 - "$all" "$dir" <<'PY'
import hashlib, pathlib, sys
out = pathlib.Path(sys.argv[2])
with open(sys.argv[1], "rb") as f:
    for line in f:
        data = line.rstrip(b"\n")
        (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
PY
  echo "$t: $(ls "$dir" | wc -l) seeds in $dir"
done
