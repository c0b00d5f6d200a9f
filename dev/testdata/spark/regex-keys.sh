#!/usr/bin/env bash
# Regenerate dev/testdata/spark/regex-keys.jsonl: what Spark's parse_url(url,
# 'QUERY', key) gives for keys that are regular expressions, computed by
# RegexKeys.java with the JDK on the PATH (the file's first line names it;
# the committed file is from Java 17, the JVM of Spark's own answers).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
javac -d "$tmp" "$here/RegexKeys.java"
java -cp "$tmp" RegexKeys > "$tmp/out.jsonl"
mv "$tmp/out.jsonl" "$here/regex-keys.jsonl"
echo "wrote $here/regex-keys.jsonl ($(wc -l < "$here/regex-keys.jsonl") lines, $(head -c 40 "$here/regex-keys.jsonl")...)"
