#!/usr/bin/env bash
# A development environment on a fresh machine (with Python 3.9+ and the Rust
# toolchain): python/.venv with the package built from this checkout and the
# test dependencies, all from PyPI. Then:
#   python/.venv/bin/python -m pytest bindings/python/tests bindings/python/README.md
# tests/test_pyspark.py is skipped here unless pyspark and java are there:
#   python/.venv/bin/python -m pip install -r bindings/python/scripts/spark-requirements.txt
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
py="${PYTHON:-python3}"
"$py" -m venv "$here/.venv"
bin="$here/.venv/bin"
"$bin/python" -m pip install -q --disable-pip-version-check -r "$here/scripts/test-requirements.txt" maturin
# The package itself (pip runs maturin as the PEP 517 build backend).
"$bin/python" -m pip install -q --disable-pip-version-check "$here"
"$bin/python" -c "import urikit; print('urikit', urikit.URI('http://example.com/').host, 'ok')"
