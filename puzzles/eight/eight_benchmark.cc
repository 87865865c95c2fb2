// In-process figures for the Eight II tables: the generator's phases and the query path.
//
//   bazel run //puzzles/eight:eight_benchmark          (tools/bench.sh runs it with repetitions)
//
// Queries use random solvable pairs (start and goal uniformly random, the goal's parity fixed by
// swapping two tiles), generated before timing.
#include <random>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "puzzle/atomic_file.h"
#include "puzzle/table_file.h"
#include "puzzles/eight/eight_bfs.h"
#include "puzzles/eight/eight_board.h"
#include "puzzles/eight/eight_solver.h"
#include "puzzles/eight/eight_table.h"
#include "puzzles/eight/eight_verifier.h"

namespace {

constexpr int kPairs = 1 << 16;

const std::vector<uint8_t>& Payload() {
  static const std::vector<uint8_t>* payload =
      new std::vector<uint8_t>(puzzle::BuildEightTable(2).payload);
  return *payload;
}

const puzzle::EightTable& Table() {
  static const puzzle::EightTable* table =
      new puzzle::EightTable(puzzle::EightTable::FromPayload(Payload().data()));
  return *table;
}

struct Pair {
  puzzle::EightBoard start, goal;
  std::string start_text, goal_text;
};

const std::vector<Pair>& SolvablePairs() {
  static const std::vector<Pair>* pairs = [] {
    auto* out = new std::vector<Pair>();
    std::mt19937_64 rng(42);
    puzzle::EightBoard base{{0, 1, 2, 3, 4, 5, 6, 7, 8}};
    for (int i = 0; i < kPairs; ++i) {
      Pair p{base, base, "", ""};
      std::shuffle(p.start.cells.begin(), p.start.cells.end(), rng);
      std::shuffle(p.goal.cells.begin(), p.goal.cells.end(), rng);
      if (!puzzle::Relabel(p.start, p.goal).solvable) {
        const int a = p.goal.cells[0] == 0 ? 1 : 0;
        const int b = p.goal.cells[8] == 0 ? 7 : 8;
        std::swap(p.goal.cells[a], p.goal.cells[b]);
      }
      p.start_text = puzzle::FormatEightBoard(p.start);
      p.goal_text = puzzle::FormatEightBoard(p.goal);
      out->push_back(p);
    }
    return out;
  }();
  return *pairs;
}

void BM_BfsAllSeeds(benchmark::State& state) {
  for (auto _ : state) {
    puzzle::EightBfsResult result = puzzle::BuildEightTable(static_cast<int>(state.range(0)));
    benchmark::DoNotOptimize(result.payload.data());
  }
  state.SetItemsProcessed(state.iterations() * puzzle::kEightTotalStates);
}
BENCHMARK(BM_BfsAllSeeds)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_FullGenerate(benchmark::State& state) {
  const std::string path = "/tmp/eight_table_benchmark.tbl";
  for (auto _ : state) {
    puzzle::EightBfsResult result = puzzle::BuildEightTable(2);
    const std::string bytes = puzzle::EncodeTableFile(
        puzzle::MakeEightTableContents(std::move(result.payload), "benchmark"), 19);
    if (!puzzle::WriteFileAtomically(path, bytes).ok()) state.SkipWithError("write failed");
  }
}
BENCHMARK(BM_FullGenerate)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Encode(benchmark::State& state) {
  const puzzle::TableContents contents = puzzle::MakeEightTableContents(Payload(), "benchmark");
  for (auto _ : state) benchmark::DoNotOptimize(puzzle::EncodeTableFile(contents, 19));
}
BENCHMARK(BM_Encode)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_LoadTable(benchmark::State& state) {
  const std::string path = "/tmp/eight_table_benchmark_load.tbl";
  const std::string bytes =
      puzzle::EncodeTableFile(puzzle::MakeEightTableContents(Payload(), "benchmark"), 19);
  if (!puzzle::WriteFileAtomically(path, bytes).ok()) {
    state.SkipWithError("write failed");
    return;
  }
  // Map, validate every checksum, and check the section: what the server does at start.
  for (auto _ : state) {
    absl::StatusOr<std::unique_ptr<puzzle::TableFile>> file = puzzle::TableFile::Open(path);
    benchmark::DoNotOptimize(file.ok() && puzzle::EightTable::FromTableFile(**file).ok());
  }
}
BENCHMARK(BM_LoadTable)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Verify(benchmark::State& state) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(puzzle::VerifyEightTable(Table(), nullptr).ok());
  }
}
BENCHMARK(BM_Verify)->Unit(benchmark::kMillisecond)->UseRealTime();

// The query path from parsed boards: relabel, walk back, reverse.
void BM_Solve(benchmark::State& state) {
  const puzzle::EightSolver solver(&Table());
  const std::vector<Pair>& pairs = SolvablePairs();
  size_t i = 0;
  for (auto _ : state) {
    const Pair& p = pairs[i++ & (kPairs - 1)];
    benchmark::DoNotOptimize(solver.Solve(p.start, p.goal));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Solve);

// Batches of 1,000 relabeled queries through the interleaved walk; time per query.
void BM_SolveBatch(benchmark::State& state) {
  const puzzle::EightSolver solver(&Table());
  const std::vector<Pair>& pairs = SolvablePairs();
  constexpr size_t kBatch = 1000;
  std::vector<puzzle::RelabeledQuery> queries;
  std::vector<puzzle::EightAnswer> answers(kBatch);
  size_t i = 0;
  for (auto _ : state) {
    state.PauseTiming();
    queries.clear();
    for (size_t k = 0; k < kBatch; ++k, ++i) {
      const Pair& p = pairs[i & (kPairs - 1)];
      queries.push_back(puzzle::Relabel(p.start, p.goal));
    }
    state.ResumeTiming();
    benchmark::DoNotOptimize(solver.SolveRelabeledBatch(queries.data(), answers.data(), kBatch));
  }
  state.SetItemsProcessed(state.iterations() * kBatch);
}
BENCHMARK(BM_SolveBatch);

// The same, with both boards parsed from text (what a server request costs in-process).
void BM_SolveText(benchmark::State& state) {
  const puzzle::EightSolver solver(&Table());
  const std::vector<Pair>& pairs = SolvablePairs();
  size_t i = 0;
  for (auto _ : state) {
    const Pair& p = pairs[i++ & (kPairs - 1)];
    benchmark::DoNotOptimize(solver.SolveText(p.start_text, p.goal_text));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SolveText);

}  // namespace

BENCHMARK_MAIN();
