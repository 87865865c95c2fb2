#!/usr/bin/env bash
# Runs every benchmark and prints the figures. The machine is noisy: the in-process figures are
# medians of 5 repetitions; compare ratios within one run.
#   bash tools/bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/bootstrap.sh
bazel build -c opt //bench:eight_table_benchmark //bench:rotation_benchmark //bench:grpc_benchmark \
  //generator:table_generator \
  //data:eight_table 2>&1 | tail -1
echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -r)"
echo "== in-process (Google Benchmark, median of 5)"
bazel-bin/bench/eight_table_benchmark --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true --benchmark_min_time=0.5 2>/dev/null \
  | grep -E '^(Benchmark|---|BM_.*_median)'
echo "== Rotation Game in-process (median of 3; IDA* = the seed's algorithm on the same boards)"
bazel-bin/bench/rotation_benchmark --benchmark_repetitions=3 \
  --benchmark_report_aggregates_only=true 2>/dev/null | grep -E '^(Benchmark|---|BM_.*_median)'
echo "== generator CLI (one run)"
bazel-bin/generator/table_generator --puzzle=eight --output=/tmp/bench_eight.tbl 2>&1 | tail -2
bazel-bin/generator/table_generator --puzzle=rotation-game --output=/tmp/bench_rotation.tbl 2>&1 | tail -2
echo "== gRPC (real server processes on loopback)"
cd bazel-bin/bench/grpc_benchmark.runfiles/puzzle_oracle
../../grpc_benchmark "$@"
