// In-process figures for the 2x2x2 (issue targets: a table build of at most 1 s, one query of at
// most 1 us, a batch of at least 1M answers a second).
//
//   bazel run -c opt //puzzles/cube2:cube2_benchmark -- --benchmark_repetitions=5
//
// Queries are random-state positions (uniform over the 3,674,160), written as 24-sticker strings,
// with the default goal or a random goal, generated before timing; a query is parsed, reduced to
// one table entry and walked to solved, as the server does.
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "puzzle/puzzle_loader.h"
#include "puzzle/seeded_random.h"
#include "puzzles/cube2/cube2_puzzle.h"
#include "puzzles/cube2/cube2_table.h"

namespace {

constexpr int kQueries = 1 << 16;

// The query's metric for the benchmarks' qtm argument.
absl::string_view MetricName(int64_t qtm) { return qtm == 0 ? "htm" : "qtm"; }

const puzzle::LoadedPuzzle& Loaded() {
  static const puzzle::LoadedPuzzle* const loaded = [] {
    absl::StatusOr<std::unique_ptr<puzzle::LoadedPuzzle>> l =
        puzzle::LoadPuzzle(puzzle::Cube2Puzzle(), "data");
    if (!l.ok()) {
      fprintf(stderr, "%s\n", std::string(l.status().message()).c_str());
      std::abort();
    }
    return l->release();
  }();
  return *loaded;
}

struct Texts {
  std::vector<std::string> starts, goals;
};

const Texts& RandomTexts() {
  static const Texts* texts = [] {
    auto* t = new Texts();
    for (int i = 0; i < kQueries; ++i) {
      t->starts.push_back(*puzzle::Cube2Puzzle().RandomBoard("", 2 * i));
      t->goals.push_back(*puzzle::Cube2Puzzle().RandomBoard("", 2 * i + 1));
    }
    return t;
  }();
  return *texts;
}

void BM_BuildTable(benchmark::State& state) {
  const auto metric =
      state.range(0) == 0 ? puzzle::Cube2Metric::kHalfTurn : puzzle::Cube2Metric::kQuarterTurn;
  for (auto _ : state) {
    std::vector<uint64_t> depths;
    std::vector<uint8_t> solutions = puzzle::BuildCube2Solutions(metric, &depths);
    benchmark::DoNotOptimize(solutions.data());
  }
  state.SetItemsProcessed(state.iterations() * puzzle::kCube2States);
}
BENCHMARK(BM_BuildTable)->ArgName("qtm")->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// One query through Solver::Solve: parse the stickers, reduce, walk the table, format the moves.
void BM_SolveOne(benchmark::State& state) {
  const puzzle::Solver& solver = Loaded().solver();
  const absl::string_view metric = MetricName(state.range(0));
  const Texts& texts = RandomTexts();
  const bool with_goal = state.range(1) != 0;
  puzzle::SolveControl control;
  puzzle::Answer answer;
  size_t i = 0;
  for (auto _ : state) {
    const puzzle::Query query{texts.starts[i],
                              with_goal ? absl::string_view(texts.goals[i]) : absl::string_view(),
                              metric};
    const absl::Status status = solver.Solve(query, control, &answer);
    if (!status.ok()) {
      state.SkipWithError(std::string(status.message()).c_str());
      break;
    }
    benchmark::DoNotOptimize(answer.moves.data());
    i = (i + 1) % kQueries;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SolveOne)->ArgNames({"qtm", "goal"})->ArgsProduct({{0, 1}, {0, 1}});

// A batch of 4,096 through Solver::SolveBatch, as SolveBatch and SolveStream call it.
void BM_SolveBatch(benchmark::State& state) {
  const puzzle::Solver& solver = Loaded().solver();
  const Texts& texts = RandomTexts();
  constexpr int kBatch = 4096;
  std::vector<puzzle::Query> queries;
  for (int i = 0; i < kBatch; ++i)
    queries.push_back({texts.starts[i], "", MetricName(state.range(0))});
  std::vector<absl::Status> statuses(kBatch);
  std::vector<puzzle::Answer> answers(kBatch);
  puzzle::SolveControl control;
  for (auto _ : state) {
    solver.SolveBatch(queries, control, absl::MakeSpan(statuses), absl::MakeSpan(answers));
    benchmark::DoNotOptimize(answers.data());
  }
  state.SetItemsProcessed(state.iterations() * kBatch);
}
BENCHMARK(BM_SolveBatch)->ArgName("qtm")->Arg(0)->Arg(1);

}  // namespace

BENCHMARK_MAIN();
