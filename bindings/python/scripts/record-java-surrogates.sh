#!/usr/bin/env bash
# Record what the real java.net.URI does with lone surrogates
# (tests/java/SurrogateProbe.java, run by this machine's JDK) into
# tests/data/java_surrogates.json, the expected values of
# tests/test_surrogates.py. Needs javac and java (JDK 17 here).
#
#   bash bindings/python/scripts/record-java-surrogates.sh
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
javac -d "$work" "$here/tests/java/SurrogateProbe.java"
out="$here/tests/data/java_surrogates.json"
java -cp "$work" SurrogateProbe >"$out"
java -version 2>&1 | head -1
echo "wrote $out"
