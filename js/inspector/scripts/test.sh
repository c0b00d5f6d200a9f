#!/usr/bin/env bash
# The inspector page's test in a real headless Chromium, with what it needs:
# Debian's chromium from apt (when missing and apt-get can install it) and
# playwright-core from the npm registry (it downloads no browser; the test
# points it at /usr/bin/chromium). The package must be built first
# (cd js && npm ci && npm run build). Without chromium the test prints one
# skip line, and fails under CI=true.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "inspector: chromium is missing and apt-get cannot install it here" >&2
  fi
fi
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
node --test test/
