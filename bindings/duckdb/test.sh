#!/usr/bin/env bash
# Build the DuckDB extension and test it in a real DuckDB: a fresh venv with
# the newest `duckdb` from PyPI (and `duckdb-cli` for the command-line test),
# build.py (its platform is that duckdb's), then pytest over
# bindings/duckdb/tests (answers equal to uri-sql's and to Spark's), then
# the crate's Rust tests (the guide's generated function list).
# Exits non-zero on any failure; under CI=true a missing part (uri-sql, the
# CLI) is a failure too.
#
#   bash bindings/duckdb/test.sh            # python3 from PATH
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
py="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$root"

echo "== fresh venv ($("$py" --version)): duckdb, pytest"
"$py" -m venv "$work/venv"
bin="$work/venv/bin"
"$bin/python" -m pip install -q --disable-pip-version-check duckdb pytest
# The CLI: PyPI's duckdb-cli (it may lag the Python package by a release;
# the extension asks for the C API of 1.5.6, so one file loads in both).
"$bin/python" -m pip install -q --disable-pip-version-check duckdb-cli \
  || echo "note: could not install duckdb-cli: the CLI test is skipped (fails under CI=true)"
"$bin/python" -c 'import duckdb; print("duckdb", duckdb.__version__)'
[ -x "$bin/duckdb" ] && "$bin/duckdb" -version

echo "== the extension"
"$bin/python" bindings/duckdb/build.py

echo "== uri-sql (the answers compared with)"
# The one an earlier CI step built, else a debug build.
if [ -z "${URI_SQL:-}" ] && [ ! -x target/release/uri-sql ] && [ ! -x target/debug/uri-sql ]; then
  cargo build -p uri-sql
fi

echo "== pytest"
status=0
PATH="$bin:$PATH" "$bin/python" -m pytest -p no:cacheprovider -rs bindings/duckdb/tests || status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure here"
  exit 1
fi
[ "$status" -eq 0 ] || exit "$status"

echo "== the crate's tests"
cargo test -p urikit-duckdb
echo "duckdb extension: all checks passed"
