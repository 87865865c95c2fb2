// The optimal solver's figures on this machine: the tables' build time and size (or, with --table,
// the time to map the default tier's file as the server does), then for each of
// the published random cubes (puzzles/cube3/testdata/cube3_random1000.txt, from --first) its
// starting bound, optimal length, nodes, time and node rate, one line a cube as it is solved,
// and the mean and median at the end. With --large_table (the opt-in tier's file, built by
// bazel build //data:cube3-large_table), the search uses the large tier; the line after the
// tables gives its load time.
//
//   bazel run -c opt //puzzles/cube3:cube3_optimal_benchmark -- --cubes=20 --search_threads=2
//   bazel run -c opt //puzzles/cube3:cube3_optimal_benchmark -- --cubes=20
//       --large_table=$PWD/bazel-bin/data/cube3-large.tbl   (one line)
//   bazel run -c opt //puzzles/cube3:cube3_optimal_benchmark -- --cubes=4
//       --table=$PWD/bazel-bin/data/cube3.tbl --table_advice=private_huge_pages   (one line)
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/time/clock.h"
#include "puzzle/huge_page_vector.h"
#include "puzzle/median.h"
#include "puzzle/table_file.h"
#include "puzzles/cube3/cube3_bench_support.h"
#include "puzzles/cube3/cube3_flipslice_sorted.h"
#include "puzzles/cube3/cube3_optimal.h"
#include "puzzles/cube3/cube3_pruning.h"
#include "puzzles/cube3/cube3_table.h"

ABSL_FLAG(int, first, 0, "The first cube of the file to solve (0-based, comments skipped).");
ABSL_FLAG(int, cubes, 20, "How many cubes, from --first.");
ABSL_FLAG(int, threads, 2, "Threads for building the tables.");
ABSL_FLAG(int, search_threads, 2, "Threads for each solve.");
ABSL_FLAG(absl::Duration, time_limit, absl::InfiniteDuration(),
          "Give up a cube after this long (its line then shows the proven bound).");
ABSL_FLAG(std::string, table, "",
          "The default tier's file (bazel-bin/data/cube3.tbl), mapped as the server maps it; "
          "empty: the tables are built in memory (on huge pages) first.");
ABSL_FLAG(std::string, large_table, "",
          "The large tier's file (cube3-large.tbl); empty: the default tier's tables only.");
ABSL_FLAG(std::string, table_advice, "populate",
          "How --table's and --large_table's files are mapped, as the server's --table_advice.");
ABSL_FLAG(bool, without_parity_bits, false,
          "Search without phase1_moves' corner parity bits (cleared in a copy of the words on "
          "huge pages), as before them, to compare (with --table_advice=private_huge_pages).");
ABSL_FLAG(std::string, cubes_file, "puzzles/cube3/testdata/cube3_random1000.txt",
          "The cubes, one 54-facelet string a line ('#' lines are comments).");

int main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  const absl::StatusOr<std::vector<puzzle::Cube3State>> read = puzzle::ReadCube3Cubes(
      absl::GetFlag(FLAGS_cubes_file), absl::GetFlag(FLAGS_first), absl::GetFlag(FLAGS_cubes));
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
  puzzle::Cube3PruningTables view = (*tables)->view;
  std::unique_ptr<puzzle::TableFile> large_file;
  std::unique_ptr<const puzzle::Cube3FlipSliceSorted> classes;
  if (const std::string path = absl::GetFlag(FLAGS_large_table); !path.empty()) {
    const absl::Time begin = absl::Now();
    absl::StatusOr<std::unique_ptr<puzzle::TableFile>> file =
        puzzle::OpenTableFileWithAdvice(path, absl::GetFlag(FLAGS_table_advice));
    absl::StatusOr<const uint8_t*> bytes =
        file.ok() ? puzzle::Cube3LargeTableFromFile(**file) : file.status();
    if (!bytes.ok()) {
      std::fprintf(stderr, "--large_table: %s\n", std::string(bytes.status().message()).c_str());
      return 1;
    }
    large_file = std::move(*file);
    const absl::Duration mapped = absl::Now() - begin;
    classes = puzzle::Cube3FlipSliceSorted::Create();
    view.large = *bytes;
    view.flipslice_sorted = classes.get();
    std::printf("large tier: %.1f GB mapped (%s) and checked in %.1f s, its classes in %.1f s\n",
                large_file->file_size() / 1e9, absl::GetFlag(FLAGS_table_advice).c_str(),
                absl::ToDoubleSeconds(mapped), absl::ToDoubleSeconds(absl::Now() - begin - mapped));
  }
  // The words' parity bits cleared in a copy (on huge pages, as --table_advice=
  // private_huge_pages puts the file's): the search as it was before them, its nodes and
  // answers, to measure what they save.
  std::vector<uint32_t> words_without_parity;
  if (absl::GetFlag(FLAGS_without_parity_bits)) {
    words_without_parity = puzzle::HugePageVector<uint32_t>(puzzle::kCube3Phase1Entries, 0);
    for (uint64_t i = 0; i < puzzle::kCube3Phase1Entries; ++i) {
      words_without_parity[i] = view.phase1_moves[i] & ~(3u << 28);
    }
    view.phase1_moves = words_without_parity.data();
    std::printf("phase1_moves' parity bits cleared (a copy)\n");
  }
  const puzzle::Cube3Optimal solver(&view);
  std::vector<double> seconds;
  double total_nodes = 0;
  for (size_t i = 0; i < cubes.size(); ++i) {
    puzzle::Cube3Optimal::Options options;
    options.threads = absl::GetFlag(FLAGS_search_threads);
    options.deadline = absl::Now() + absl::GetFlag(FLAGS_time_limit);
    const absl::Time s = absl::Now();
    options.progress_interval = absl::Seconds(10);
    options.progress = [&](int bound, uint64_t nodes) {
      const double t = absl::ToDoubleSeconds(absl::Now() - s);
      std::fprintf(stderr, "  cube %d: bound %d, %llu nodes, %.0f s, %.1fM nodes/s\n",
                   absl::GetFlag(FLAGS_first) + static_cast<int>(i), bound,
                   static_cast<unsigned long long>(nodes), t, nodes / t / 1e6);
    };
    const puzzle::Cube3Optimal::Result r = solver.Solve(cubes[i], options);
    const double t = absl::ToDoubleSeconds(absl::Now() - s);
    seconds.push_back(t);
    total_nodes += r.nodes;
    std::printf("cube %d: start bound %d, %s %d, %llu nodes, %.2f s, %.1fM nodes/s\n",
                absl::GetFlag(FLAGS_first) + static_cast<int>(i), solver.LowerBound(cubes[i]),
                r.found ? "optimal" : "stopped, at least", r.lower_bound,
                static_cast<unsigned long long>(r.nodes), t, r.nodes / t / 1e6);
    std::fflush(stdout);
  }
  double sum = 0;
  for (double x : seconds) sum += x;
  if (!seconds.empty()) {
    std::printf(
        "%zu cubes on %d threads: mean %.2f s, median %.2f s, max %.2f s; mean %.0f nodes\n",
        seconds.size(), absl::GetFlag(FLAGS_search_threads), sum / seconds.size(),
        puzzle::Median(seconds), *std::max_element(seconds.begin(), seconds.end()),
        total_nodes / seconds.size());
  }
  return 0;
}
