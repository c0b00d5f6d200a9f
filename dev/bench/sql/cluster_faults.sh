#!/usr/bin/env bash
# The cluster under faults: time to answer (or to fail) of one query on a
# scheduler and two executors on 127.0.0.1, when
#   clean       nothing happens;
#   one         the busier executor is killed (kill -9) KILL_AT s in;
#   both        both executors are killed KILL_AT s in;
#   none        the scheduler has no executor at all;
#   scheduler   the scheduler is killed KILL_AT s in;
#   unreachable nothing listens at the scheduler's address.
# Prints, for each: seconds, exit status, the result's agreement with the
# clean run, and the last line of standard error; for the clean run also
# the CPU seconds each executor used (is the work spread over both?).
#   dev/bench/sql/cluster_faults.sh [SCENARIO...]    (default: all of them)
# Settings from the environment: URI_SQL (the binary; default
# target/debug/uri-sql), SIZE_MB (input, the gsd corpus repeated; 60),
# KILL_AT (s; 4), LIMIT (s a run may take before it is killed; 420),
# PORT (50050; executors take PORT+10..PORT+13), RUN_FLAGS (extra flags of
# `run`, e.g. --wait 5s), SLOTS (per executor; 2).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
bin="${URI_SQL:-$root/target/debug/uri-sql}"
size_mb="${SIZE_MB:-60}"
kill_at="${KILL_AT:-4}"
limit="${LIMIT:-420}"
port="${PORT:-50050}"
slots="${SLOTS:-2}"
corpus="${URIKIT_CORPUS:-$root/../shared/corpus}/gsd-urls.txt"
[ -f "$corpus" ] || corpus=/work/shared/corpus/gsd-urls.txt
[ -x "$bin" ] || { echo "build it first: cargo build -p uri-sql"; exit 2; }
scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(clean one both none scheduler unreachable)

scratch="$(mktemp -d "${TMPDIR:-/tmp}/uri-sql-faults.XXXXXX")"
pids=()
stop_all() {
  for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  pids=()
}
trap 'stop_all; rm -rf "$scratch"' EXIT

# The input: 8 Parquet files of the corpus repeated.
mkdir -p "$scratch/data"
part=$((size_mb * 1000 * 1000 / 8))
while [ "$(stat -c %s "$scratch/p.txt" 2>/dev/null || echo 0)" -lt "$part" ]; do
  cat "$corpus" >> "$scratch/p.txt"
done
for i in 0 1 2 3 4 5 6 7; do
  "$bin" run --no-progress --format csv "COPY (SELECT line FROM lines('$scratch/p.txt')) TO '$scratch/data/part-$i.parquet' STORED AS PARQUET" > /dev/null
done
rm "$scratch/p.txt"
query=${QUERY:-"SELECT uri_registrable_domain(line) AS site, count(*) AS n, sum(length(uri_normalize(line))) AS normal, sum(length(uri_surt(line))) AS surt, count(uri_lint(line)) AS lints FROM '$scratch/data/' GROUP BY site ORDER BY n DESC, site"}
echo "binary: $bin"
echo "input: $(du -sm "$scratch/data" | cut -f1) MB in 8 Parquet files; kill at ${kill_at} s; load $(cut -d' ' -f1-3 /proc/loadavg)"

scheduler_pid=
executor_pids=()
start_cluster() { # N executors
  "$bin" scheduler --bind "127.0.0.1:$port" > /dev/null 2> "$scratch/scheduler.log" &
  scheduler_pid=$!
  pids+=("$scheduler_pid")
  sleep 1
  executor_pids=()
  for ((c = 0; c < $1; c++)); do
    mkdir -p "$scratch/work-$c"
    "$bin" executor --scheduler "127.0.0.1:$port" --bind "127.0.0.1:$((port + 10 + 2 * c))" \
      --slots "$slots" --work-dir "$scratch/work-$c" > /dev/null 2> "$scratch/executor-$c.log" &
    executor_pids+=($!)
    pids+=($!)
  done
  sleep 3
}
hz=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
busiest() {
  local a b best=0 most=-1 i
  for i in "${!executor_pids[@]}"; do a[i]=$(cpu "${executor_pids[i]}"); done
  sleep 0.5
  for i in "${!executor_pids[@]}"; do
    b=$(($(cpu "${executor_pids[i]}") - a[i]))
    if [ "$b" -gt "$most" ]; then most=$b; best=$i; fi
  done
  echo "$best"
}

# Runs the query in the background; then "$@" (the fault); waits; prints.
measure() {
  local name="$1"; shift
  local t0 t1 status i
  local cpu0=()
  for i in "${!executor_pids[@]}"; do cpu0[i]=$(cpu "${executor_pids[i]}"); done
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  timeout -s KILL "$limit" "$bin" run --format csv ${RUN_FLAGS:-} --cluster "df://127.0.0.1:$port" "$query" \
    > "$scratch/$name.csv" 2> "$scratch/$name.err" &
  local client=$!
  "$@"
  wait "$client"; status=$?
  t1=$(date +%s.%N)
  local spread=""
  if [ "$name" = clean ]; then
    for i in "${!executor_pids[@]}"; do
      spread+="$(echo "scale=1; ($(cpu "${executor_pids[i]}") - ${cpu0[i]}) / $hz" | bc) "
    done
    spread="executors' CPU s: $spread"
  fi
  local same="-"
  if [ -f "$scratch/clean.csv" ] && [ "$name" != clean ]; then
    if [ -s "$scratch/$name.csv" ] && cmp -s "$scratch/clean.csv" "$scratch/$name.csv"; then same=same; else same=differs; fi
  fi
  [ "$status" = 137 ] && status="killed at ${limit} s"
  printf '| %s | %.1f | %s | %s | %s%s |\n' "$name" "$(echo "$t1 - $t0" | bc)" "$status" "$same" \
    "$spread" "$(grep -v '^\s*$' "$scratch/$name.err" | tail -1 | cut -c1-220)"
}
nothing() { :; }
kill_one() { sleep "$kill_at"; local v; v=$(busiest); kill -9 "${executor_pids[v]}"; echo "(killed executor $v at $(echo "$kill_at + 0.5" | bc) s)" >&2; }
kill_both() { sleep "$kill_at"; kill -9 "${executor_pids[@]}"; }
kill_scheduler() { sleep "$kill_at"; kill -9 "$scheduler_pid"; }

echo "| case | s | exit | result | last line of stderr |"
echo "| --- | ---: | --- | --- | --- |"
# The clean run comes first whatever is asked: the others compare with it.
start_cluster 2
measure clean nothing
stop_all
for s in "${scenarios[@]}"; do
  case "$s" in
    clean) ;;
    one) start_cluster 2; measure one kill_one; stop_all ;;
    both) start_cluster 2; measure both kill_both; stop_all ;;
    none) start_cluster 0; measure none nothing; stop_all ;;
    scheduler) start_cluster 2; measure scheduler kill_scheduler; stop_all ;;
    unreachable) measure unreachable nothing ;;
    *) echo "unknown scenario $s"; exit 2 ;;
  esac
done
