// The tables against per-query search, on the same random solvable pairs (issue 8, item 3).
//
//   bazel run -c opt //puzzles/eight/baselines:baseline_benchmark -- --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true        (one command line)
//
// Methods: the table's single query (EightSolver::Solve), its batch path (Relabel, then
// SolveRelabeledBatch in batches of 1,000; also with the relabeling done before timing), IDA* with
// the Manhattan heuristic (ida_star.h: the same lex-min moves) and bidirectional BFS (distance
// only). Every benchmark iteration answers the whole pair set (--pairs pairs drawn with --seed), so
// each method is timed on exactly the same queries and ns/query = iteration time / pairs.
//
// Before timing, main checks on every pair that IDA*'s moves and the BFS's distances equal the
// table's (exit 1 otherwise). After the runs it prints, for each method, the CPU ns/query (the
// median when --benchmark_repetitions > 1) and the ratio against the table's single query. CPU
// time, not wall time, because the machine is shared: each query runs on one thread without I/O.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "benchmark/benchmark.h"
#include "puzzles/eight/baselines/bidirectional_bfs.h"
#include "puzzles/eight/baselines/board_checks.h"
#include "puzzles/eight/baselines/ida_star.h"
#include "puzzles/eight/eight_board.h"
#include "puzzles/eight/eight_solver.h"
#include "puzzles/eight/eight_table.h"

constexpr char kDefaultTables[] = "data/eight.tbl";

ABSL_FLAG(std::string, tables, kDefaultTables,
          "Table file; the default is the Bazel-built table as seen from `bazel run`, and when it "
          "is missing, <binary>.runfiles/puzzle_oracle/data/eight.tbl.");
ABSL_FLAG(int, pairs, 4000, "Random solvable pairs; every iteration of every method solves all.");
ABSL_FLAG(uint64_t, seed, 42, "Seed of the pair generator (std::mt19937_64).");
ABSL_FLAG(bool, verify, true, "Check IDA* and BFS answers against the table before timing.");

namespace {

using puzzle::EightBoard;

constexpr size_t kBatch = 1000;  // the batch size of the service's SolveBatch benchmark

struct Setup {
  std::unique_ptr<puzzle::TableFile> file;  // owns the mapping the table reads
  std::unique_ptr<puzzle::EightTable> table;
  std::vector<EightBoard> starts, goals;
  std::vector<puzzle::RelabeledQuery> relabeled;
};
Setup* g_setup = nullptr;  // built in main before any benchmark runs; never freed

// Start and goal uniformly random; when their parities differ, two tiles of the goal are
// swapped, which flips its parity and keeps the blank where it is.
void MakePairs(int count, uint64_t seed, Setup* setup) {
  std::mt19937_64 rng(seed);
  EightBoard base{{0, 1, 2, 3, 4, 5, 6, 7, 8}};
  for (int i = 0; i < count; ++i) {
    EightBoard start = base, goal = base;
    std::shuffle(start.cells.begin(), start.cells.end(), rng);
    std::shuffle(goal.cells.begin(), goal.cells.end(), rng);
    if (!baselines::SameTileParity(start, goal)) {
      const int a = goal.cells[0] == 0 ? 1 : 0;
      const int b = goal.cells[8] == 0 ? 7 : 8;
      std::swap(goal.cells[a], goal.cells[b]);
    }
    setup->starts.push_back(start);
    setup->goals.push_back(goal);
    setup->relabeled.push_back(puzzle::Relabel(start, goal));
  }
}

size_t Pairs() { return g_setup->starts.size(); }

void Finish(benchmark::State& state) {
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(Pairs()));
}

void BM_TableSolve(benchmark::State& state) {
  const puzzle::EightSolver solver(g_setup->table.get());
  for (auto _ : state) {
    for (size_t i = 0; i < Pairs(); ++i) {
      benchmark::DoNotOptimize(solver.Solve(g_setup->starts[i], g_setup->goals[i]));
    }
  }
  Finish(state);
}
BENCHMARK(BM_TableSolve);

// Relabeling is timed, as it is inside Solve: the same work per query from the same boards.
void BM_TableBatch(benchmark::State& state) {
  const puzzle::EightSolver solver(g_setup->table.get());
  std::vector<puzzle::RelabeledQuery> queries(kBatch);
  std::vector<puzzle::EightAnswer> answers(kBatch);
  for (auto _ : state) {
    for (size_t begin = 0; begin < Pairs(); begin += kBatch) {
      const size_t n = std::min(kBatch, Pairs() - begin);
      for (size_t k = 0; k < n; ++k) {
        queries[k] = puzzle::Relabel(g_setup->starts[begin + k], g_setup->goals[begin + k]);
      }
      benchmark::DoNotOptimize(solver.SolveRelabeledBatch(queries.data(), answers.data(), n));
      benchmark::ClobberMemory();
    }
  }
  Finish(state);
}
BENCHMARK(BM_TableBatch);

// The batch path alone, on queries relabeled before timing.
void BM_TableBatchPreRelabeled(benchmark::State& state) {
  const puzzle::EightSolver solver(g_setup->table.get());
  std::vector<puzzle::EightAnswer> answers(kBatch);
  for (auto _ : state) {
    for (size_t begin = 0; begin < Pairs(); begin += kBatch) {
      const size_t n = std::min(kBatch, Pairs() - begin);
      benchmark::DoNotOptimize(
          solver.SolveRelabeledBatch(&g_setup->relabeled[begin], answers.data(), n));
      benchmark::ClobberMemory();
    }
  }
  Finish(state);
}
BENCHMARK(BM_TableBatchPreRelabeled);

void BM_IdaStar(benchmark::State& state) {
  int64_t nodes = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < Pairs(); ++i) {
      absl::StatusOr<baselines::IdaStarAnswer> a =
          baselines::IdaStarSolve(g_setup->starts[i], g_setup->goals[i]);
      if (a.ok()) nodes += a->nodes;
      benchmark::DoNotOptimize(a);
    }
  }
  state.counters["nodes/query"] =
      benchmark::Counter(static_cast<double>(nodes) / static_cast<double>(Pairs()),
                         benchmark::Counter::kAvgIterations);
  Finish(state);
}
BENCHMARK(BM_IdaStar)->Unit(benchmark::kMillisecond);

void BM_BidirectionalBfs(benchmark::State& state) {
  baselines::BidirectionalBfs bfs;
  for (auto _ : state) {
    for (size_t i = 0; i < Pairs(); ++i) {
      benchmark::DoNotOptimize(bfs.Distance(g_setup->starts[i], g_setup->goals[i]));
    }
  }
  Finish(state);
}
BENCHMARK(BM_BidirectionalBfs)->Unit(benchmark::kMillisecond);

// Forwards everything to the display reporter chosen by --benchmark_format, and keeps each
// method's CPU ns/query: the "median" aggregate when there is one, else the median of the runs.
class RatioReporter : public benchmark::BenchmarkReporter {
 public:
  // REQUIRES: `display` outlives the reporter.
  explicit RatioReporter(benchmark::BenchmarkReporter* display) : display_(display) {}

  bool ReportContext(const Context& context) override { return display_->ReportContext(context); }
  void ReportRuns(const std::vector<Run>& runs) override {
    display_->ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      const double ns = run.GetAdjustedCPUTime() *
                        (1e9 / benchmark::GetTimeUnitMultiplier(run.time_unit)) /
                        static_cast<double>(Pairs());
      const std::string& name = run.run_name.function_name;
      if (run.run_type == Run::RT_Iteration) {
        runs_[name].push_back(ns);
      } else if (run.aggregate_name == "median") {
        medians_[name] = ns;
      }
    }
  }
  void Finalize() override { display_->Finalize(); }

  // ns/query for a benchmark function, or -1 if it did not run.
  double NsPerQuery(const std::string& name) const {
    if (auto it = medians_.find(name); it != medians_.end()) return it->second;
    auto it = runs_.find(name);
    if (it == runs_.end() || it->second.empty()) return -1;
    std::vector<double> v = it->second;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

 private:
  benchmark::BenchmarkReporter* const display_;
  std::map<std::string, std::vector<double>> runs_;
  std::map<std::string, double> medians_;
};

void PrintRatios(const RatioReporter& reporter, std::ostream& out) {
  struct Method {
    const char* function;
    const char* label;
  };
  const Method methods[] = {
      {"BM_TableSolve", "table, single query (Solve)"},
      {"BM_TableBatch", "table, batch (Relabel + SolveRelabeledBatch)"},
      {"BM_TableBatchPreRelabeled", "table, batch on pre-relabeled queries"},
      {"BM_IdaStar", "IDA*, Manhattan (lex-min moves)"},
      {"BM_BidirectionalBfs", "bidirectional BFS (distance only)"},
  };
  const double table = reporter.NsPerQuery("BM_TableSolve");
  out << absl::StrFormat(
      "\n== per-query cost on the same %d random solvable pairs (seed %d), "
      "CPU ns/query\n",
      Pairs(), absl::GetFlag(FLAGS_seed));
  out << absl::StrFormat("%-46s %14s %16s\n", "method", "ns/query", "x table single");
  for (const Method& m : methods) {
    const double ns = reporter.NsPerQuery(m.function);
    if (ns < 0) continue;  // filtered out
    const std::string ratio = table > 0 ? absl::StrFormat("%.2f", ns / table) : "n/a";
    out << absl::StrFormat("%-46s %14.1f %16s\n", m.label, ns, ratio);
  }
}

// Exit status 1 with a message on the first disagreement with the table.
bool VerifyAgainstTable(std::ostream& out) {
  const puzzle::EightSolver solver(g_setup->table.get());
  baselines::BidirectionalBfs bfs;
  int64_t distance_sum = 0, nodes_sum = 0;
  int max_distance = 0;
  for (size_t i = 0; i < Pairs(); ++i) {
    const EightBoard& s = g_setup->starts[i];
    const EightBoard& g = g_setup->goals[i];
    const std::string what = puzzle::FormatEightBoard(s) + " -> " + puzzle::FormatEightBoard(g);
    absl::StatusOr<puzzle::EightAnswer> table = solver.Solve(s, g);
    absl::StatusOr<baselines::IdaStarAnswer> ida = baselines::IdaStarSolve(s, g);
    absl::StatusOr<int> bfs_distance = bfs.Distance(s, g);
    if (!table.ok() || !ida.ok() || !bfs_distance.ok()) {
      std::cerr << what << ": error: table " << table.status() << ", IDA* " << ida.status()
                << ", BFS " << bfs_distance.status() << "\n";
      return false;
    }
    if (!table->solvable || ida->moves() != table->moves() || ida->distance != table->distance ||
        *bfs_distance != table->distance) {
      std::cerr << what << ": table " << table->distance << " " << table->moves() << ", IDA* "
                << ida->distance << " " << ida->moves() << ", BFS " << *bfs_distance << "\n";
      return false;
    }
    distance_sum += table->distance;
    nodes_sum += ida->nodes;
    max_distance = std::max(max_distance, table->distance);
  }
  const double n = static_cast<double>(Pairs());
  out << absl::StrFormat(
      "verified %d pairs: IDA* moves and BFS distances equal the table's (mean distance %.2f, "
      "max %d; IDA* generates %.0f nodes/query on average)\n",
      Pairs(), static_cast<double>(distance_sum) / n, max_distance,
      static_cast<double>(nodes_sum) / n);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  // Machine-readable formats keep stdout for the reporter; our lines then go to stderr.
  bool console = true;
  for (int i = 1; i < argc; ++i) {
    if (absl::StartsWith(argv[i], "--benchmark_format=") && !absl::EndsWith(argv[i], "=console")) {
      console = false;
    }
  }
  std::ostream& out = console ? std::cout : std::cerr;
  benchmark::Initialize(&argc, argv);
  absl::ParseCommandLine(argc, argv);

  std::string path = absl::GetFlag(FLAGS_tables);
  if (path == kDefaultTables && access(path.c_str(), R_OK) != 0) {
    const std::string runfiles = std::string(argv[0]) + ".runfiles/puzzle_oracle/data/eight.tbl";
    if (access(runfiles.c_str(), R_OK) == 0) path = runfiles;
  }
  absl::StatusOr<std::unique_ptr<puzzle::TableFile>> file = puzzle::TableFile::Open(path);
  if (!file.ok()) {
    std::cerr << "baseline_benchmark: " << file.status() << "\n";
    return 1;
  }
  absl::StatusOr<puzzle::EightTable> table = puzzle::EightTable::FromTableFile(**file);
  if (!table.ok()) {
    std::cerr << "baseline_benchmark: " << table.status() << "\n";
    return 1;
  }
  if (absl::GetFlag(FLAGS_pairs) < 1) {
    std::cerr << "baseline_benchmark: --pairs must be at least 1\n";
    return 1;
  }
  g_setup = new Setup();
  g_setup->file = *std::move(file);
  g_setup->table = std::make_unique<puzzle::EightTable>(*table);
  MakePairs(absl::GetFlag(FLAGS_pairs), absl::GetFlag(FLAGS_seed), g_setup);
  if (absl::GetFlag(FLAGS_verify) && !VerifyAgainstTable(out)) return 1;
  out.flush();

  std::unique_ptr<benchmark::BenchmarkReporter> display(benchmark::CreateDefaultDisplayReporter());
  RatioReporter reporter(display.get());
  benchmark::RunSpecifiedBenchmarks(&reporter);
  PrintRatios(reporter, out);
  benchmark::Shutdown();
  return 0;
}
