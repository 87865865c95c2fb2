// Google Benchmark figures for the 15-puzzle: searches on the ten easiest Korf instances (pattern
// databases against the Manhattan + linear-conflict baseline), random any-goal pairs, heuristic
// evaluation, view construction and a 6-tile section build. fifteen_report prints the
// distribution figures (Korf's 100 per tier, medians, worst cases, throughput).
//
//   bazel run //puzzles/fifteen:fifteen_benchmark              (the default tier, data/fifteen.tbl)
//   FIFTEEN_TABLES_DIR=$PWD/bazel-bin/data bazel run //puzzles/fifteen:fifteen_benchmark
//                                            (with fifteen-large.tbl there: the large tier)

#include <algorithm>
#include <vector>

#include "benchmark/benchmark.h"
#include "puzzles/fifteen/fifteen_baseline_search.h"
#include "puzzles/fifteen/fifteen_korf100.h"
#include "puzzles/fifteen/fifteen_pdb_builder.h"
#include "puzzles/fifteen/fifteen_search.h"
#include "puzzles/fifteen/fifteen_tables.h"
#include "puzzles/fifteen/fifteen_test_pairs.h"
#include "puzzles/fifteen/fifteen_test_tables.h"

namespace {

using puzzle::FifteenBoard;

const std::vector<puzzle::KorfInstance>& Easiest() {
  static const auto* easiest = [] {
    auto* out = new std::vector<puzzle::KorfInstance>(*puzzle::ReadKorf100());
    std::sort(out->begin(), out->end(),
              [](const puzzle::KorfInstance& a, const puzzle::KorfInstance& b) {
                return a.korf85_nodes < b.korf85_nodes;
              });
    out->resize(10);
    return out;
  }();
  return *easiest;
}

void BM_FifteenSolveEasiestKorf(benchmark::State& state) {
  const puzzle::FifteenHeuristic& h = puzzle::FifteenTestHeuristic();
  uint64_t nodes = 0;
  for (auto _ : state) {
    for (const puzzle::KorfInstance& k : Easiest()) {
      puzzle::SolveControl control;
      nodes += puzzle::SolveFifteen(k.board, puzzle::KorfFifteenGoal(), h, control)->nodes;
    }
  }
  state.counters["nodes/instance"] =
      benchmark::Counter(static_cast<double>(nodes) / 10, benchmark::Counter::kAvgIterations);
  state.SetItemsProcessed(state.iterations() * 10);
  state.SetLabel(h.has_large_tier() ? "large tier" : "default tier");
}
BENCHMARK(BM_FifteenSolveEasiestKorf)->Unit(benchmark::kMillisecond);

void BM_FifteenBaselineEasiestKorf(benchmark::State& state) {
  uint64_t nodes = 0;
  for (auto _ : state) {
    for (const puzzle::KorfInstance& k : Easiest()) {
      puzzle::SolveControl control;
      nodes += puzzle::SolveFifteenBaseline(k.board, puzzle::KorfFifteenGoal(), control)->nodes;
    }
  }
  state.counters["nodes/instance"] =
      benchmark::Counter(static_cast<double>(nodes) / 10, benchmark::Counter::kAvgIterations);
  state.SetItemsProcessed(state.iterations() * 10);
}
BENCHMARK(BM_FifteenBaselineEasiestKorf)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_FifteenSolveRandomPair(benchmark::State& state) {
  const puzzle::FifteenHeuristic& h = puzzle::FifteenTestHeuristic();
  static const auto* pairs =
      new std::vector<puzzle::FifteenPair>(puzzle::RandomFifteenPairs(20, 7));
  size_t i = 0;
  for (auto _ : state) {
    const puzzle::FifteenPair& p = (*pairs)[i++ % pairs->size()];
    puzzle::SolveControl control;
    benchmark::DoNotOptimize(puzzle::SolveFifteen(p.start, p.goal, h, control));
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(h.has_large_tier() ? "large tier" : "default tier");
}
BENCHMARK(BM_FifteenSolveRandomPair)->Unit(benchmark::kMillisecond)->Iterations(20);

void BM_FifteenHeuristicEvaluate(benchmark::State& state) {
  const puzzle::FifteenHeuristic& h = puzzle::FifteenTestHeuristic();
  const std::vector<puzzle::FifteenPair> pairs = puzzle::RandomFifteenPairs(1024, 8);
  std::vector<puzzle::FifteenRelabeled> queries;
  for (const puzzle::FifteenPair& p : pairs)
    queries.push_back(puzzle::RelabelFifteen(p.start, p.goal));
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(h.Evaluate(queries[i++ % queries.size()]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_FifteenHeuristicEvaluate);

void BM_FifteenBuildSixTileSection(benchmark::State& state) {
  const puzzle::FifteenPattern pattern = puzzle::FifteenPattern::FromCells({2, 3, 4, 5, 6, 7}, 1);
  for (auto _ : state) {
    benchmark::DoNotOptimize(puzzle::BuildFifteenPdb(pattern, 2, nullptr)->data());
  }
}
BENCHMARK(BM_FifteenBuildSixTileSection)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
