#!/usr/bin/env bash
# The inspector page's test in a real headless Chromium, with what it needs:
# Debian's chromium from apt (when missing and apt-get can install it) and
# playwright-core from the npm registry (it downloads no browser; the test
# points it at /usr/bin/chromium). The package must be built first
# (cd bindings/npm && npm ci && npm run setup && npm run build). Without chromium the test prints one
# skip line, and fails under CI=true. The screenshots go to
# target/inspector-screenshots/; URIKIT_REFRESH_DOCS=1 writes them over
# docs/img/inspector-*.png instead (to refresh the docs, then commit them).
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
# A test run leaves the checkout as it was: the docs' images are not
# written at all (their bytes and modification times are the same after
# it; a rewrite with the same pixels changes the time), only an explicit
# refresh may.
docs_images() { stat -c '%n %s %Y' ../../../docs/img/inspector-*.png 2>/dev/null; cat ../../../docs/img/inspector-*.png 2>/dev/null | sha256sum; }
before=$(docs_images)
node --test test/
if [ "${URIKIT_REFRESH_DOCS:-}" != 1 ] && [ "$(docs_images)" != "$before" ]; then
  echo "inspector: the test wrote docs/img/inspector-*.png (only URIKIT_REFRESH_DOCS=1 may)" >&2
  exit 1
fi
