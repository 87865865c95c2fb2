// The Rotation Game as the registry sees it: info, Load, Trace and Scramble. Its examples and
// judge run through every transport in tests/ (parameterised over the registry).
#include "puzzles/rotation/rotation_puzzle.h"

#include "gtest/gtest.h"
#include "puzzle/puzzle_loader.h"
#include "puzzles/rotation/rotation_board.h"

namespace puzzle {
namespace {

TEST(RotationPuzzleTest, InfoPlacesEveryCellOnceAndNamesEachLine) {
  const PuzzleInfo& info = RotationGamePuzzle().info();
  EXPECT_EQ(info.name, "rotation-game");
  ASSERT_EQ(info.layout.size(), 49u);
  std::vector<int> seen(kRotationCells, 0);
  for (int cell : info.layout) {
    if (cell >= 0) ++seen[cell];
  }
  EXPECT_EQ(seen, std::vector<int>(kRotationCells, 1));
  ASSERT_EQ(info.moves.size(), 8u);
  for (int op = 0; op < kRotationOps; ++op) {
    EXPECT_EQ(info.moves[op].symbol, 'A' + op);
    EXPECT_EQ(info.moves[op].cells, std::vector<int>(kRotationLines[op], kRotationLines[op] + 7));
  }
  EXPECT_EQ(info.extras, std::vector<std::string>{"centre"});
  EXPECT_FALSE(info.has_goal);
}

TEST(RotationPuzzleTest, ExamplesAnswerInProcessAndTheirOpsFillTheCentre) {
  absl::StatusOr<std::unique_ptr<LoadedPuzzle>> loaded = LoadPuzzle(RotationGamePuzzle(), "data");
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  for (const SolveExample& e : RotationGamePuzzle().examples().solves) {
    SolveControl control;
    Answer answer;
    ASSERT_TRUE((*loaded)->solver().Solve({e.start, ""}, control, &answer).ok()) << e.start;
    EXPECT_EQ(answer.distance, e.answer.distance);
    EXPECT_EQ(answer.moves, e.answer.moves);
    EXPECT_EQ(answer.extras, e.answer.extras);
    absl::StatusOr<std::vector<std::string>> trace =
        RotationGamePuzzle().Trace(e.start, answer.moves);
    ASSERT_TRUE(trace.ok()) << trace.status();
    for (int cell : kRotationCentre) {
      EXPECT_EQ(trace->back()[cell], '0' + answer.extras[0]) << e.start;
    }
  }
}

TEST(RotationPuzzleTest, TraceRejectsUnknownOps) {
  EXPECT_EQ(RotationGamePuzzle().Trace("111111112222222233333333", "AI").status().message(),
            "moves: 'I' at position 2; expected one of A-H");
}

TEST(RotationPuzzleTest, ScrambleIsDeterministicAndKeepsEightOfEachSymbol) {
  absl::StatusOr<std::string> a = RotationGamePuzzle().Scramble("", 7, 5);
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(*a, *RotationGamePuzzle().Scramble("", 7, 5));
  EXPECT_TRUE(ParseRotationBoard(*a, "board").ok()) << *a;
  // No ops: a solved board (its centre is uniform).
  absl::StatusOr<std::string> solved = RotationGamePuzzle().Scramble("", 0, 9);
  ASSERT_TRUE(solved.ok());
  for (int cell : kRotationCentre) EXPECT_EQ((*solved)[cell], (*solved)[6]);
}

TEST(RotationPuzzleTest, CheckAnswerCatchesWrongAnswers) {
  const Puzzle& rotation = RotationGamePuzzle();
  const QueryText sample{"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", ""};
  Answer right;
  right.solvable = true;
  right.distance = 2;
  right.moves = "AC";
  right.extras = {2};
  EXPECT_TRUE(rotation.CheckAnswer(sample, right).ok());
  Answer wrong_symbol = right;
  wrong_symbol.extras = {3};
  EXPECT_FALSE(rotation.CheckAnswer(sample, wrong_symbol).ok());
  Answer wrong_ops = right;
  wrong_ops.moves = "CA";
  EXPECT_FALSE(rotation.CheckAnswer(sample, wrong_ops).ok());
}

}  // namespace
}  // namespace puzzle
