#!/usr/bin/env bash
# Build the abi3 wheel with maturin, install it (not an editable install)
# into a fresh venv with the test dependencies (from PyPI), run pytest
# (docstring and README examples, the jsonschema labels, the compat table,
# the Arrow examples, the Polars plugin (built first by
# scripts/build-polars.sh), IDNA, the GIL released by the Arrow kernels,
# PySpark's mapInArrow with a JVM installed here if missing), stubtest (the .pyi stubs
# against the compiled module), ruff and mypy.
# Exits non-zero on any failure, and when pytest runs no test at all.
#
#   bash bindings/python/scripts/test.sh            # python3 from PATH
#   PYTHON=python3.12 bash bindings/python/scripts/test.sh
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
py="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== fresh venv ($("$py" --version))"
"$py" -m venv "$work/venv"
bin="$work/venv/bin"
"$bin/python" -m pip install -q --disable-pip-version-check -r "$here/scripts/test-requirements.txt"

echo "== PySpark and a JVM for it (tests/test_pyspark.py)"
# A JRE from the system's packages when there is no java (a fresh machine;
# needs root), as .ci/run installs uriparser. If neither works, the PySpark
# test is skipped, or fails under CI=true.
install_java() {
  command -v java >/dev/null && return 0
  command -v apt-get >/dev/null || return 1
  apt-get install -y openjdk-17-jre-headless >/dev/null 2>&1 && return 0
  # A fresh machine may need its package lists first.
  apt-get update -qq >/dev/null 2>&1 && apt-get install -y openjdk-17-jre-headless >/dev/null 2>&1
}
if install_java; then
  java -version 2>&1 | head -1
else
  echo "no java, and could not install one (apt-get install -y openjdk-17-jre-headless)"
fi
"$bin/python" -m pip install -q --disable-pip-version-check -r "$here/scripts/spark-requirements.txt"

echo "== the Polars plugin (polars-plugin/, copied into python/urikit/ for the wheel; tests/test_polars.py)"
URIKIT_LINT=1 bash "$here/scripts/build-polars.sh"

echo "== build the abi3 wheel (maturin from PyPI, in its own venv)"
"$py" -m venv "$work/build"
"$work/build/bin/python" -m pip install -q --disable-pip-version-check "maturin>=1.7,<2"
"$work/build/bin/maturin" build --release --manifest-path "$here/Cargo.toml" \
  --interpreter "$bin/python" --out "$work/wheels"
ls "$work/wheels"
# One wheel for every CPython from 3.9 on (PyO3's abi3-py39 feature).
wheel="$(ls "$work"/wheels/urikit-*-cp39-abi3-*.whl)"
"$bin/python" -m pip install -q --disable-pip-version-check "$wheel"

echo "== pytest"
# From the package's own folder: the pure-Python sources are in python/urikit
# (maturin's python-source), so `import urikit` is the installed wheel.
cd "$here"
"$bin/python" -c 'import urikit, sys; assert "site-packages" in urikit.__file__, urikit.__file__; print("urikit", urikit.__version__, "from", urikit.__file__)'
status=0
"$bin/python" -m pytest -p no:cacheprovider -rs "$here/tests" "$here/README.md" || status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure here"
  exit 1
fi
[ "$status" -eq 0 ] || exit "$status"

echo "== stubtest (the .pyi stubs against the compiled module, exactly)"
"$bin/python" -m mypy.stubtest --mypy-config-file "$here/pyproject.toml" urikit

echo "== ruff"
"$bin/python" -m ruff check "$here/python" "$here/tests" "$here/bench"

echo "== mypy (the package, and the stubs as a user sees them)"
"$bin/python" -m mypy --config-file "$here/pyproject.toml" "$here/python/urikit"
"$bin/python" -m mypy --config-file "$here/pyproject.toml" "$here/tests/test_typecheck_usage.py"

echo "== rustfmt and clippy (the crate is outside the root workspace, so the root checks skip it)"
cargo fmt --manifest-path "$here/Cargo.toml" -- --check
cargo fmt --manifest-path "$here/polars-plugin/Cargo.toml" -- --check
PYO3_PYTHON="$bin/python" cargo clippy --manifest-path "$here/Cargo.toml" --all-targets -- -D warnings
# The plugin's clippy ran with its build (URIKIT_LINT=1 above).
echo "python package: all checks passed"
