#!/usr/bin/env bash
# Regenerates dev/testdata/spark/comet.jsonl: Apache DataFusion Comet's real
# parse_url / try_parse_url (crate datafusion-comet-spark-expr, module
# url_funcs, PR #4413 and later) over the inputs of
# dev/testdata/spark/answers.jsonl, which real Spark answered.
#
#   dev/comet-answers/regenerate.sh COMET_GIT_DIR [COMMIT]
#
# COMET_GIT_DIR: a clone of https://github.com/apache/datafusion-comet (a bare
# one will do); COMMIT defaults to its HEAD. The commit's native/ tree is
# exported under $COMET_SRC_DIR/COMMIT (default: ${TMPDIR:-/tmp}/urikit-comet-src;
# outside this checkout, where Cargo takes Comet's own workspace manifest
# as the root of its crates), and this crate is
# built against its spark-expr crate with Comet's own native/Cargo.lock
# (Comet's DataFusion and Arrow, not ours); the script checks that no
# version differs from that lock. Nothing of Comet is committed, only its
# answers. A cold build is long (DataFusion 54 and Arrow 58, about 340
# crates): .ci/run does not run this; the test that reads comet.jsonl does.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 COMET_GIT_DIR [COMMIT]" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
git_dir=$1
commit=$(git -C "$git_dir" rev-parse --verify "${2:-HEAD}^{commit}")
date=$(git -C "$git_dir" log -1 --format=%cI "$commit")
blob=$(git -C "$git_dir" rev-parse "$commit:native/spark-expr/src/url_funcs/parse_url.rs")

src=${COMET_SRC_DIR:-${TMPDIR:-/tmp}/urikit-comet-src}/$commit
if [ ! -f "$src/native/Cargo.toml" ]; then
    rm -rf "$src"
    mkdir -p "$src"
    git -C "$git_dir" archive "$commit" native | tar -x -C "$src"
fi

cp "$src/native/Cargo.lock" "$here/Cargo.lock"
patch="patch.crates-io.datafusion-comet-spark-expr.path=\"$src/native/spark-expr\""
cargo build --quiet --manifest-path "$here/Cargo.toml" --config "$patch"

# Every crate of the build at the version Comet's lock pins; the header's
# versions from the same lock.
meta=$(python3 - "$src/native/Cargo.lock" "$here/Cargo.lock" "$commit" "$date" "$blob" <<'EOF'
import json, sys, tomllib
comet_lock, ours, commit, date, blob = sys.argv[1:]
pinned = {(p["name"], p["version"]) for p in tomllib.load(open(comet_lock, "rb"))["package"]}
used = [p for p in tomllib.load(open(ours, "rb"))["package"] if p["name"] != "comet-answers"]
off = [(p["name"], p["version"]) for p in used if (p["name"], p["version"]) not in pinned]
if off:
    sys.exit(f"not Comet's versions: {off}")
version = {p["name"]: p["version"] for p in used}
print(json.dumps({
    "comet_commit": commit,
    "comet_commit_date": date,
    "comet_crate": "datafusion-comet-spark-expr " + version["datafusion-comet-spark-expr"],
    "parse_url_rs_blob": blob,
    "datafusion": version["datafusion"],
    "arrow": version["arrow"],
    "regex": version["regex"],
}))
EOF
)

cargo run --quiet --manifest-path "$here/Cargo.toml" --config "$patch" -- \
    "$root/testdata/spark/answers.jsonl" "$meta" \
    >"$root/testdata/spark/comet.jsonl.tmp"
mv "$root/testdata/spark/comet.jsonl.tmp" "$root/testdata/spark/comet.jsonl"
echo "wrote dev/testdata/spark/comet.jsonl (Comet $commit)" >&2
