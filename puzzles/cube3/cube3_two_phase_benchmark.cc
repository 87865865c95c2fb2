// The two-phase solver's figures on this machine, one thread: the pruning tables' build time and
// size, then over the published random cubes (puzzles/cube3/testdata/cube3_random1000.txt) the
// mean, median and maximum time a cube, nodes and solution length, for each --max_length.
//
//   bazel run -c opt //puzzles/cube3:cube3_two_phase_benchmark -- --max_length=20,19 --cubes=1000
//   bazel run -c opt //puzzles/cube3:cube3_two_phase_benchmark -- --budget=10ms --cubes=200
//   bazel run -c opt //puzzles/cube3:cube3_two_phase_benchmark -- --lanes=1,6 --repeat=3
//   bazel run -c opt //puzzles/cube3:cube3_two_phase_benchmark --
//       --table=$PWD/bazel-bin/data/cube3.tbl --table_advice=populate   (one line)
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "puzzle/median.h"
#include "puzzles/cube3/cube3_bench_support.h"
#include "puzzles/cube3/cube3_pruning.h"
#include "puzzles/cube3/cube3_two_phase.h"

ABSL_FLAG(std::vector<std::string>, max_length, {"20"}, "Length limits to measure, in turn.");
ABSL_FLAG(absl::Duration, budget, absl::ZeroDuration(),
          "Keep improving each solution for this long (the query's time_budget_ms); 0: the first.");
ABSL_FLAG(std::vector<std::string>, lanes, {"6"},
          "Subtrees searched side by side (the answers do not change; 1: one depth-first search). "
          "Several (--lanes=1,6) take turns on each run, in one process: their ratio is then "
          "free of the noise between processes (where the tables land in memory).");
ABSL_FLAG(std::string, table, "",
          "The default tier's file (bazel-bin/data/cube3.tbl), mapped as the server maps it; "
          "empty: the tables are built in memory (on huge pages) first.");
ABSL_FLAG(std::string, table_advice, "populate", "How --table is mapped, as the server's flag.");
ABSL_FLAG(int, cubes, 1000, "How many of the file's cubes (from its start).");
ABSL_FLAG(int, threads, 2, "Threads for building the tables.");
ABSL_FLAG(int, repeat, 1, "Times to measure each limit (the tables are built once).");
ABSL_FLAG(int, slowest, 0, "Also list this many slowest cubes of each run (line numbers from 0).");
ABSL_FLAG(std::string, cubes_file, "puzzles/cube3/testdata/cube3_random1000.txt",
          "The cubes, one 54-facelet string a line ('#' lines are comments).");

int main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  const absl::StatusOr<std::vector<puzzle::Cube3State>> read =
      puzzle::ReadCube3Cubes(absl::GetFlag(FLAGS_cubes_file), 0, absl::GetFlag(FLAGS_cubes));
  if (!read.ok()) {
    std::fprintf(stderr, "%s\n", std::string(read.status().message()).c_str());
    return 1;
  }
  const std::vector<puzzle::Cube3State>& cubes = *read;
  absl::StatusOr<std::unique_ptr<puzzle::Cube3BenchTables>> tables = puzzle::LoadCube3BenchTables(
      absl::GetFlag(FLAGS_table), absl::GetFlag(FLAGS_table_advice), absl::GetFlag(FLAGS_threads));
  if (!tables.ok()) {
    std::fprintf(stderr, "--table: %s\n", std::string(tables.status().message()).c_str());
    return 1;
  }
  // The solver computes the corners bounds (and phase 1's move table) when it is made.
  const absl::Time solver_start = absl::Now();
  const puzzle::Cube3TwoPhase solver(&(*tables)->view);
  std::printf("solver made (corners bounds computed) in %.2f s\n",
              absl::ToDoubleSeconds(absl::Now() - solver_start));
  std::vector<int> lane_counts;
  for (const std::string& text : absl::GetFlag(FLAGS_lanes)) {
    lane_counts.push_back(0);
    if (!absl::SimpleAtoi(text, &lane_counts.back())) return 1;
  }
  std::vector<std::pair<int, int>> runs;  // (limit, lanes)
  for (const std::string& limit_text : absl::GetFlag(FLAGS_max_length)) {
    int limit = 0;
    if (!absl::SimpleAtoi(limit_text, &limit)) return 1;
    for (int r = 0; r < absl::GetFlag(FLAGS_repeat); ++r) {
      for (int lanes : lane_counts) runs.emplace_back(limit, lanes);
    }
  }
  for (const auto& [limit, lanes] : runs) {
    puzzle::Cube3TwoPhase::Options options;
    options.max_length = limit;
    options.lanes = lanes;
    std::vector<double> ms;
    std::vector<uint64_t> cube_nodes;
    double nodes = 0, length = 0;
    int failed = 0;
    uint64_t checksum = puzzle::kCube3SolutionsChecksumStart;
    for (const puzzle::Cube3State& c : cubes) {
      const absl::Time s = absl::Now();
      if (absl::GetFlag(FLAGS_budget) > absl::ZeroDuration()) {
        options.improve_until = s + absl::GetFlag(FLAGS_budget);
      }
      const puzzle::Cube3TwoPhase::Result r = solver.Solve(c, options);
      ms.push_back(absl::ToDoubleMilliseconds(absl::Now() - s));
      nodes += r.nodes;
      cube_nodes.push_back(r.nodes);
      length += r.moves.size();
      failed += !r.found;
      checksum = puzzle::FoldCube3Solution(checksum, r.moves);
    }
    double sum = 0;
    for (double x : ms) sum += x;
    std::printf(
        "max_length %d, %d lanes: %zu cubes, mean %.3f ms, median %.3f ms, max %.3f ms; mean %.0f "
        "nodes, "
        "mean length %.2f; not found %d; solutions' checksum %016llx\n",
        limit, lanes, cubes.size(), sum / ms.size(), puzzle::Median(ms),
        *std::max_element(ms.begin(), ms.end()), nodes / cubes.size(), length / cubes.size(),
        failed, static_cast<unsigned long long>(checksum));
    std::vector<int> order(cubes.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return ms[a] > ms[b]; });
    for (int i = 0; i < std::min<int>(absl::GetFlag(FLAGS_slowest), order.size()); ++i) {
      std::printf("  cube %d: %.3f ms, %llu nodes\n", order[i], ms[order[i]],
                  static_cast<unsigned long long>(cube_nodes[order[i]]));
    }
    std::fflush(stdout);
  }
  return 0;
}
