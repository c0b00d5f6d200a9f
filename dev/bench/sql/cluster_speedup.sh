#!/usr/bin/env bash
# Two executors with one core each against one executor, on ~300 MB of
# Parquet (the gsd corpus repeated): the speed-up of a query over the input.
#   dev/bench/sql/cluster_speedup.sh [SIZE_MB]   (default 300; builds target/release/uri-sql
#                                             first: cargo build --release -p uri-sql)
# Each executor is pinned to its own core (taskset) and has one task slot;
# the scheduler and the client run on any core (they do little).
# Every setting below can be overridden from the environment.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
bin="${URI_SQL:-$root/target/release/uri-sql}"
size_mb="${1:-300}"
runs="${RUNS:-3}"
port="${PORT:-50050}"
corpus="${URIKIT_CORPUS:-$root/../shared/corpus}/gsd-urls.txt"
[ -f "$corpus" ] || corpus=/work/shared/corpus/gsd-urls.txt
[ -x "$bin" ] || { echo "build it first: cargo build --release -p uri-sql"; exit 2; }
# The cluster's processes; executor c listens on port + 10 + 2c (Flight)
# and the next port (its control service).
scheduler_cmd=${SCHEDULER_CMD:-"$bin scheduler --bind 127.0.0.1:$port"}
executor_cmd=${EXECUTOR_CMD:-"$bin executor --scheduler 127.0.0.1:$port --slots 1"}
client_cmd=${CLIENT_CMD:-"$bin run --no-progress --format csv --cluster df://127.0.0.1:$port"}

scratch="$(mktemp -d "${TMPDIR:-/tmp}/uri-sql-cluster.XXXXXX")"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT

# The input: 4 uncompressed Parquet files without dictionaries (so that the
# repeated corpus stays ~300 MB on disk), one per quarter, so that the scan
# splits into tasks across executors.
mkdir -p "$scratch/data"
quarter=$((size_mb * 1000 * 1000 / 4))
while [ "$(stat -c %s "$scratch/q.txt" 2>/dev/null || echo 0)" -lt "$quarter" ]; do
  cat "$corpus" >> "$scratch/q.txt"
done
for i in 0 1 2 3; do
  "$bin" run --no-progress --format csv "COPY (SELECT line FROM lines('$scratch/q.txt')) TO '$scratch/data/part-$i.parquet' STORED AS PARQUET OPTIONS ('format.compression' 'uncompressed', 'format.dictionary_enabled' 'false')" > /dev/null
done
rm "$scratch/q.txt"
echo "input: $(du -sm "$scratch/data" | cut -f1) MB in 4 Parquet files"
query=${QUERY:-"SELECT sum(octet_length(uri_host(line))) AS n, count(*) AS rows FROM '$scratch/data/'"}

start_cluster() {
  local n="$1"
  # shellcheck disable=SC2086
  $scheduler_cmd > "$scratch/scheduler.log" 2>&1 &
  pids+=($!)
  sleep 2
  for ((c = 0; c < n; c++)); do
    mkdir -p "$scratch/work-$c"
    # shellcheck disable=SC2086
    taskset -c "$c" $executor_cmd --bind "127.0.0.1:$((port + 10 + 2 * c))" \
      --work-dir "$scratch/work-$c" > "$scratch/executor-$c.log" 2>&1 &
    pids+=($!)
  done
  sleep 3
}
stop_cluster() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  pids=()
  sleep 1
}
median_of_runs() {
  local times=()
  # One warm-up run (page cache, connections), then $runs timed runs.
  # shellcheck disable=SC2086
  $client_cmd "$query" > "$scratch/result-$1.csv"
  for ((r = 0; r < runs; r++)); do
    local t0 t1
    t0=$(date +%s.%N)
    # shellcheck disable=SC2086
    $client_cmd "$query" > /dev/null
    t1=$(date +%s.%N)
    times+=("$(echo "$t1 - $t0" | bc)")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p"
}

echo "query: $query"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
start_cluster 1
one=$(median_of_runs 1)
stop_cluster
start_cluster 2
two=$(median_of_runs 2)
stop_cluster
cmp -s "$scratch/result-1.csv" "$scratch/result-2.csv" || { echo "the two clusters gave different results"; exit 1; }
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| executors | median of $runs (s) |"
echo "| ---: | ---: |"
echo "| 1 | $one |"
echo "| 2 | $two |"
echo "speed-up: $(echo "scale=2; $one / $two" | bc)x"
