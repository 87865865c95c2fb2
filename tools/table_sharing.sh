#!/usr/bin/env bash
# How much memory the tables cost per server, and how much of it replicas on one node share:
# starts N copies (default 2) of a server binary on the same table files, waits for each to
# print SERVING, then reads /proc/PID/smaps_rollup of each: resident (Rss), proportional (Pss),
# shared and private pages, anonymous memory; and the server's own start-to-SERVING figure.
# Raw sections are mapped in place (table format v2), so their pages are file-backed and shared:
# they count once on the node (Pss halves with two servers), and start-up copies nothing.
#
# Usage: tools/table_sharing.sh [-n COUNT] [-r RUNS] SERVER_BINARY [SERVER FLAGS...]
#   bazel build //server:puzzle_oracle_server //data:tables
#   bash tools/table_sharing.sh bazel-bin/server/puzzle_oracle_server --tables_dir=bazel-bin/data
# RUNS (default 5) repeats the whole measurement; each figure is the median over runs.
set -euo pipefail

count=2
runs=5
while getopts "n:r:" opt; do
  case $opt in
    n) count=$OPTARG ;;
    r) runs=$OPTARG ;;
    *) echo "usage: $0 [-n COUNT] [-r RUNS] SERVER_BINARY [FLAGS...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-n COUNT] [-r RUNS] SERVER_BINARY [FLAGS...]" >&2; exit 2; }
server=$1
shift

tmp=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

# One run: prints "<start_ms> <rss> <pss> <shared> <private> <anon>" per server (kB).
measure_run() {
  pids=()
  for i in $(seq 1 "$count"); do
    "$server" --address=127.0.0.1:0 "$@" 2> "$tmp/err.$i" &
    pids+=($!)
    # Start them one after another, as a rolling deployment does; each waits for SERVING.
    for _ in $(seq 1 600); do
      grep -q "SERVING on" "$tmp/err.$i" && break
      kill -0 "${pids[-1]}" 2>/dev/null || { cat "$tmp/err.$i" >&2; exit 1; }
      sleep 0.05
    done
    grep -q "SERVING on" "$tmp/err.$i" || { echo "server $i did not start" >&2; exit 1; }
  done
  for i in $(seq 1 "$count"); do
    local pid=${pids[$((i - 1))]}
    local start_ms
    start_ms=$(sed -n 's/.*start to SERVING \([0-9.]*\) ms.*/\1/p' "$tmp/err.$i" | head -1)
    awk -v start="$start_ms" '
      /^Rss:/ {rss=$2} /^Pss:/ {pss=$2} /^Shared_Clean:/ {sc=$2} /^Shared_Dirty:/ {sd=$2}
      /^Private_Clean:/ {pc=$2} /^Private_Dirty:/ {pd=$2} /^Anonymous:/ {anon=$2}
      END {print start, rss, pss, sc + sd, pc + pd, anon}' "/proc/$pid/smaps_rollup"
  done
  for p in "${pids[@]}"; do kill -TERM "$p"; done
  wait 2>/dev/null || true
  pids=()
}

for r in $(seq 1 "$runs"); do
  measure_run "$@" | awk -v r="$r" '{print r, NR, $0}' >> "$tmp/all"
done

echo "table_sharing: $count servers, $runs runs, medians; $server $*"
printf '%-8s %14s %10s %10s %12s %12s %10s\n' server "start->SERVING" Rss Pss Shared Private Anonymous
for i in $(seq 1 "$count"); do
  awk -v i="$i" '$2 == i' "$tmp/all" | python3 -c '
import sys, statistics
rows = [list(map(float, l.split()[2:])) for l in sys.stdin]
med = [statistics.median(c) for c in zip(*rows)]
mib = lambda kb: "%.1f MiB" % (kb / 1024)
print("%-8s %11.2f ms %10s %10s %12s %12s %10s" % (sys.argv[1], med[0], mib(med[1]), mib(med[2]),
      mib(med[3]), mib(med[4]), mib(med[5])))' "$i"
done
