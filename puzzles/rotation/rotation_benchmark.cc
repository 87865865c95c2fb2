// Rotation Game figures: the table build, in-process queries, and the seed's IDA* on the same
// boards (the per-query search the table replaces).
//
//   bazel run -c opt //puzzles/rotation:rotation_benchmark
#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "puzzles/rotation/rotation_bfs.h"
#include "puzzles/rotation/rotation_ida_star.h"
#include "puzzles/rotation/rotation_solver.h"
#include "puzzles/rotation/rotation_table.h"

namespace {

const puzzle::RotationTable& Table() {
  static const std::vector<uint8_t>* payload =
      new std::vector<uint8_t>(puzzle::BuildRotationTable()->payload);
  static const puzzle::RotationTable* table =
      new puzzle::RotationTable(puzzle::RotationTable::FromPayload(payload->data()));
  return *table;
}

// Uniformly random boards (eight each of 1, 2, 3), fixed seed.
const std::vector<std::array<int, 24>>& Boards() {
  static const auto* boards = [] {
    auto* out = new std::vector<std::array<int, 24>>();
    std::mt19937_64 rng(1667);
    std::array<int, 24> board;
    for (int i = 0; i < 24; ++i) board[i] = 1 + i / 8;
    for (int i = 0; i < 1024; ++i) {
      std::shuffle(board.begin(), board.end(), rng);
      out->push_back(board);
    }
    return out;
  }();
  return *boards;
}

void BM_RotationBuildTable(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(puzzle::BuildRotationTable()->payload.data());
}
BENCHMARK(BM_RotationBuildTable)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_RotationSolveTable(benchmark::State& state) {
  const puzzle::RotationSolver solver(&Table());
  std::vector<puzzle::RotationBoard> boards;
  for (const auto& b : Boards()) {
    puzzle::RotationBoard board;
    for (int i = 0; i < 24; ++i) board.cells[i] = static_cast<uint8_t>(b[i]);
    boards.push_back(board);
  }
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(solver.Solve(boards[i++ % boards.size()]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RotationSolveTable)->Unit(benchmark::kMicrosecond);

// The seed's algorithm on the first 64 of the same boards.
void BM_RotationSolveIdaStar(benchmark::State& state) {
  puzzle::RotationIdaStar ida;
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(ida.Solve(Boards()[i++ % 64]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RotationSolveIdaStar)->Unit(benchmark::kMicrosecond)->Iterations(64);

}  // namespace

BENCHMARK_MAIN();
