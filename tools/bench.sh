#!/usr/bin/env bash
# Runs every benchmark and prints the figures against their targets (the README's "Performance"
# section comes from this output). The machine is noisy: in-process figures are medians of
# repetitions; compare ratios within one run.
#
#   bash tools/bench.sh                 everything, default tiers (about 15 minutes on 2 cores)
#   FIFTEEN_LARGE=1 bash tools/bench.sh  also builds //data:fifteen-large_table (3.5 GB of memory,
#                                       15+ minutes, once) and measures the 15-puzzle's large tier
#
# Results, the target rows (TSV) and the latency ECDF plot go to bench/results/.
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
targets=(//puzzles/eight:eight_benchmark //puzzles/rotation:rotation_benchmark
  //puzzles/eight/baselines:baseline_benchmark //bench:table_load_benchmark
  //bench:grpc_benchmark //bench:fifteen_server_benchmark //bench:json_output_benchmark //puzzles/fifteen:fifteen_report
  //puzzles/cube2:cube2_benchmark //bench:cube2_server_benchmark
  //generator:table_generator //generator:verify_tables //server:puzzle_oracle_server //data:tables)
[ -z "${FIFTEEN_LARGE:-}" ] || targets+=(//data:fifteen-large_table)
bazel build -c opt "${targets[@]}" 2>&1 | tail -1
bin=$PWD/bazel-bin
tables=$bin/data
# Google Benchmark's console table, less its preamble.
gbench() { grep -E '^(Benchmark|---|BM_.*_median)'; }

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== Eight II in-process (Google Benchmark, median of 5)"
"$bin/puzzles/eight/eight_benchmark" --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true --benchmark_min_time=0.5 \
  --benchmark_out="$out/eight.json" --benchmark_out_format=json 2>/dev/null | gbench
echo "== Rotation Game in-process (median of 3; IDA* = the seed's algorithm on the same boards)"
"$bin/puzzles/rotation/rotation_benchmark" --benchmark_repetitions=3 \
  --benchmark_report_aggregates_only=true \
  --benchmark_out="$out/rotation.json" --benchmark_out_format=json 2>/dev/null | gbench
echo "== Eight II per-query baselines on the same random solvable pairs (median of 5)"
(cd "$bin/puzzles/eight/baselines/baseline_benchmark.runfiles/puzzle_oracle" &&
  ../../baseline_benchmark --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
    2>&1 | grep -vE '^(\*\*\*|Running|Run on|CPU Caches|  L[123]|Load Average)')
echo "== table load: map, check, cold and warm page cache (median of 5)"
table_list=$(ls "$tables"/*.tbl | paste -sd, -)
"$bin/bench/table_load_benchmark" --tables="$table_list" --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true 2>/dev/null | gbench
echo "== HTTP JSON printing of a batch answer: in chunks vs the whole message (median of 5)"
"$bin/bench/json_output_benchmark" --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true 2>/dev/null | gbench
echo "== generator and verifier CLIs (one run each; the 15-puzzle's verify checks every entry)"
# Every required table of every puzzle in the registry (table_generator --list).
for pt in $("$bin/generator/table_generator" --list |
            sed -n 's/^--puzzle=\([^ ]*\) --table=\([^ ]*\)$/\1:\2/p'); do
  p=${pt%%:*} t=${pt#*:}
  /usr/bin/time -f "  $t: generate %e s wall, %M KiB peak" \
    "$bin/generator/table_generator" --puzzle=$p --table=$t --output=/tmp/bench_$t.tbl 2>&1 | tail -2
  /usr/bin/time -f "  $t: verify %e s wall, %M KiB peak" \
    "$bin/generator/verify_tables" /tmp/bench_$t.tbl 2>&1 | tail -2
  if cmp -s /tmp/bench_$t.tbl "$tables/$t.tbl"; then
    echo "  $t: byte-identical to the Bazel-built table"
  else
    echo "  $t: DIFFERS from the Bazel-built table"
  fi
  rm -f /tmp/bench_$t.tbl
done
echo "== 15-puzzle search in-process (Korf's 100 per tier, baseline, random pairs, throughput)"
"$bin/puzzles/fifteen/fifteen_report" --tables_dir="$tables" --tsv_out="$out/fifteen.tsv"
echo "== 15-puzzle search, tables held in private huge pages (--table_advice=private_huge_pages)"
"$bin/puzzles/fifteen/fifteen_report" --tables_dir="$tables" --table_advice=private_huge_pages \
  --baseline=0 --random=0 --throughput=false --tsv_out="$out/fifteen_huge_pages.tsv"
echo "== 15-puzzle through the server (SolveBatch, single calls, cancel, --max_search_time)"
(cd "$bin/bench/fifteen_server_benchmark.runfiles/puzzle_oracle" &&
  ../../fifteen_server_benchmark --tsv_out="$out/fifteen_server.tsv")
echo "== 2x2x2 cube in-process (build, one query, batch)"
(cd "$bin/puzzles/cube2/cube2_benchmark.runfiles/puzzle_oracle" &&
  ../../cube2_benchmark --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
    2>/dev/null | gbench)
echo "== 2x2x2 cube through the server (Solve vs Health.Check, SolveBatch)"
(cd "$bin/bench/cube2_server_benchmark.runfiles/puzzle_oracle" && ../../cube2_server_benchmark)
echo "== gRPC (real server processes on loopback)"
(cd "$bin/bench/grpc_benchmark.runfiles/puzzle_oracle" &&
  ../../grpc_benchmark --latency_csv_dir="$out/latency" --tsv_out="$out/grpc.tsv" "$@")
echo "== table memory per server, two servers on the same tables (median of 5)"
bash tools/table_sharing.sh -n 2 -r 5 "$bin/server/puzzle_oracle_server" --tables_dir="$tables"
/usr/bin/python3 tools/plot_ecdf.py -o "$out/latency_ecdf.png" "$out"/latency/*.csv
echo "== summary against the targets"
/usr/bin/python3 tools/bench_report.py "$out/eight.json" "$out/rotation.json" "$out/grpc.tsv" \
  "$out/fifteen.tsv" "$out/fifteen_huge_pages.tsv" "$out/fifteen_server.tsv"
echo "latency ECDF: $out/latency_ecdf.png"
