// Every one of the 2x2x2's 3,674,160 positions in both metrics, through the solver the server
// uses, on the Bazel-built tables. Its own target, tagged "data" (-c opt only): the same code as
// cube2_puzzle_test's sampled pairs, 3.67M times, which a sanitizer only slows down (80 s).
#include <memory>
#include <vector>

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "puzzle/puzzle_loader.h"
#include "puzzles/cube2/cube2_cube.h"
#include "puzzles/cube2/cube2_depths_txt.h"
#include "puzzles/cube2/cube2_notation.h"
#include "puzzles/cube2/cube2_puzzle.h"
#include "puzzles/cube2/cube2_table.h"
#include "puzzles/cube2/cube2_verifier.h"

namespace puzzle {
namespace {

// Each position written as stickers: the answer replays from the position to solved in exactly
// its distance, and the distances' histogram is the published one.
void CheckEveryPosition(const std::string& metric_name, Cube2Metric metric,
                        const std::vector<uint64_t>& published) {
  const Puzzle& puzzle = Cube2Puzzle();
  absl::StatusOr<std::unique_ptr<LoadedPuzzle>> loaded = LoadPuzzle(puzzle, "data");
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  const Solver& solver = (*loaded)->solver();
  std::vector<uint64_t> histogram;
  const std::vector<Cube2Turn>& turns = Cube2MetricTurns(metric);
  for (uint32_t index = 0; index < kCube2States; ++index) {
    const Cube2State state = Cube2FromIndex(index);
    SolveControl control;
    Answer answer;
    const std::string stickers = Cube2Facelets(state);
    ASSERT_TRUE(solver.Solve({stickers, "", metric_name}, control, &answer).ok()) << stickers;
    Cube2State end = state;
    int count = 0;
    for (absl::string_view token : absl::StrSplit(answer.moves, ' ', absl::SkipEmpty())) {
      bool found = false;
      for (const Cube2Turn& turn : turns) {
        if (Cube2TurnToken(turn) != token) continue;
        end = Cube2Multiply(end, Cube2FaceTurn(turn.face, turn.quarter_turns));
        found = true;
      }
      ASSERT_TRUE(found) << token << " is not a move of " << metric_name;
      ++count;
    }
    ASSERT_EQ(end, Cube2Solved()) << stickers << ": " << answer.moves;
    ASSERT_EQ(count, answer.distance) << stickers;
    if (answer.distance >= static_cast<int>(histogram.size()))
      histogram.resize(answer.distance + 1);
    ++histogram[answer.distance];
  }
  EXPECT_EQ(histogram, published);
}

TEST(Cube2ExhaustiveTest, EveryPositionInTheHalfTurnMetric) {
  absl::StatusOr<Cube2DepthCounts> published = ParseCube2Depths(kCube2DepthsTxt);
  ASSERT_TRUE(published.ok());
  CheckEveryPosition("htm", Cube2Metric::kHalfTurn, published->htm);
}

TEST(Cube2ExhaustiveTest, EveryPositionInTheQuarterTurnMetric) {
  absl::StatusOr<Cube2DepthCounts> published = ParseCube2Depths(kCube2DepthsTxt);
  ASSERT_TRUE(published.ok());
  CheckEveryPosition("qtm", Cube2Metric::kQuarterTurn, published->qtm);
}

}  // namespace
}  // namespace puzzle
