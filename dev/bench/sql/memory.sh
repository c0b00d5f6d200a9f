#!/usr/bin/env bash
# uri-sql streams: its peak RSS over a ~1 GB line file, for a per-row query
# (CSV out to /dev/null) and a GROUP BY. The file is the gsd corpus repeated,
# made in a scratch folder and deleted at the end.
#   dev/bench/sql/memory.sh [SIZE_MB]    (default 1024; needs target/release/uri-sql)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
bin="${URI_SQL:-$root/target/release/uri-sql}"
size_mb="${1:-1024}"
corpus="${URIKIT_CORPUS:-$root/../shared/corpus}/gsd-urls.txt"
[ -f "$corpus" ] || corpus=/work/shared/corpus/gsd-urls.txt
[ -x "$bin" ] || { echo "build it first: cargo build --release -p uri-sql"; exit 2; }
scratch="$(mktemp -d "${TMPDIR:-/tmp}/uri-sql-memory.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
big="$scratch/big.txt"
while [ "$(stat -c %s "$big" 2>/dev/null || echo 0)" -lt $((size_mb * 1000 * 1000)) ]; do
  cat "$corpus" >> "$big"
done
echo "file: $(stat -c %s "$big") bytes, $(wc -l < "$big") lines; load: $(cut -d' ' -f1-3 /proc/loadavg)"
measure() {
  local name="$1" query="$2"
  /usr/bin/time -v -o "$scratch/time" "$bin" run --no-progress --format csv "$query" > /dev/null
  local rss wall
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$scratch/time")
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$scratch/time")
  printf '| %s | %s MB | %s |\n' "$name" "$((rss / 1024))" "$wall"
}
echo "| query | max RSS | wall |"
echo "| --- | ---: | ---: |"
measure "SELECT uri_host(line) FROM lines(big)" "SELECT uri_host(line) FROM lines('$big')"
measure "GROUP BY uri_registrable_domain, count(*)" \
  "SELECT uri_registrable_domain(line) AS d, count(*) AS n FROM lines('$big') GROUP BY d ORDER BY n DESC LIMIT 10"
