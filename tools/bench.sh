#!/usr/bin/env bash
# Runs every benchmark and prints the figures against their targets (the README's
# "Performance" section comes from this output). The machine is noisy: in-process figures are
# medians of repetitions; compare ratios within one run.
#
#   bash tools/bench.sh            results and the latency ECDF plot go to bench/results/
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/bootstrap.sh
# The plot needs matplotlib; only the benchmarks need it, so it is installed here.
if ! /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
  echo "bench: installing python3-matplotlib for the latency plot" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-matplotlib >/dev/null
fi
out="$PWD/bench/results"
mkdir -p "$out/latency"
bazel build -c opt //bench:eight_table_benchmark //bench:rotation_benchmark //bench:grpc_benchmark \
  //bench/baselines:baseline_benchmark //generator:table_generator //generator:verify_tables \
  //data:all 2>&1 | tail -1
echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== Eight II in-process (Google Benchmark, median of 5)"
bazel-bin/bench/eight_table_benchmark --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true --benchmark_min_time=0.5 \
  --benchmark_out="$out/eight.json" --benchmark_out_format=json 2>/dev/null \
  | grep -E '^(Benchmark|---|BM_.*_median)'
echo "== Rotation Game in-process (median of 3; IDA* = the seed's algorithm on the same boards)"
bazel-bin/bench/rotation_benchmark --benchmark_repetitions=3 \
  --benchmark_report_aggregates_only=true \
  --benchmark_out="$out/rotation.json" --benchmark_out_format=json 2>/dev/null \
  | grep -E '^(Benchmark|---|BM_.*_median)'
echo "== Eight II per-query baselines on the same random solvable pairs (median of 5)"
(cd bazel-bin/bench/baselines/baseline_benchmark.runfiles/puzzle_oracle &&
  ../../baseline_benchmark --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
    2>&1 | grep -vE '^(\*\*\*|Running|Run on|CPU Caches|  L[123]|Load Average)')
echo "== generator and verifier CLIs (one run each)"
bazel-bin/generator/table_generator --puzzle=eight --output=/tmp/bench_eight.tbl 2>&1 | tail -2
bazel-bin/generator/table_generator --puzzle=rotation-game --output=/tmp/bench_rotation.tbl 2>&1 | tail -2
bazel-bin/generator/verify_tables --tables=/tmp/bench_eight.tbl \
  --histograms=data/eight_depth_histograms.txt 2>&1 | tail -1
bazel-bin/generator/verify_tables --tables=/tmp/bench_rotation.tbl 2>&1 | tail -1
echo "== gRPC (real server processes on loopback)"
(cd bazel-bin/bench/grpc_benchmark.runfiles/puzzle_oracle &&
  ../../grpc_benchmark --latency_csv_dir="$out/latency" --tsv_out="$out/grpc.tsv" "$@")
/usr/bin/python3 tools/plot_ecdf.py -o "$out/latency_ecdf.png" "$out"/latency/*.csv
echo "== summary against the targets"
/usr/bin/python3 tools/bench_report.py "$out/eight.json" "$out/rotation.json" "$out/grpc.tsv"
echo "latency ECDF: $out/latency_ecdf.png"
