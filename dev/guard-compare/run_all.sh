#!/usr/bin/env bash
# Installs the six guards into target/guard-compare (a venv and a node
# folder, the only network use: PyPI and npm), runs each over the vector
# files offline (run_python.py, run_node.js) and rewrites the table of
# docs/guard-comparison.md (table.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=target/guard-compare
if [ ! -x "$dir/venv/bin/python" ]; then
  python3 -m venv "$dir/venv"
  "$dir/venv/bin/pip" install -q -r dev/guard-compare/requirements.txt
fi
if [ ! -d "$dir/node/node_modules/ssrfcheck" ]; then
  mkdir -p "$dir/node"
  cp dev/guard-compare/package.json "$dir/node/package.json"
  npm install --prefix "$dir/node" --no-audit --no-fund --silent
fi
for p in advocate drawbridge ssrfguard; do
  "$dir/venv/bin/python" dev/guard-compare/run_python.py "$p" | tail -1
done
for p in request-filtering-agent ssrf-req-filter ssrfcheck; do
  NODE_PATH="$dir/node/node_modules" node --no-deprecation dev/guard-compare/run_node.js "$p" | tail -1
done
python3 dev/guard-compare/table.py
