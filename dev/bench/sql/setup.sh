#!/usr/bin/env bash
# The SQL benchmarks' tools: a Python venv with chdb (ClickHouse, embedded),
# and uri-sql built for release. Idempotent; run from anywhere.
#   dev/bench/sql/setup.sh            -> dev/bench/sql/.venv, target/release/uri-sql
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
venv="${URIKIT_BENCH_VENV:-$here/.venv}"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -c 'import chdb' 2>/dev/null || "$venv/bin/pip" install --quiet chdb
"$venv/bin/python" -c 'import chdb; print("chdb", chdb.__version__)'
(cd "$root" && cargo build --release -p uri-sql)
