#!/usr/bin/env bash
# Runs the real MCP Python SDK's URI template matcher over ../matching.json.
# Makes a venv (default /tmp/urikit-mcp-compare-venv, or $MCP_COMPARE_VENV),
# installs the pinned SDK from PyPI, and runs compare.py (arguments passed on).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${MCP_COMPARE_VENV:-/tmp/urikit-mcp-compare-venv}"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/pip" install -q -r "$here/requirements.txt"
exec "$venv/bin/python" "$here/compare.py" "$here/../matching.json" "$@"
