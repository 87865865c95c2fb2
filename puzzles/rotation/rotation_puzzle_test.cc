// The Rotation Game as the registry sees it: info, Load, Trace and Scramble. Its examples and
// judge run through every transport in tests/ (parameterised over the registry).
#include "puzzles/rotation/rotation_puzzle.h"

#include <functional>

#include "gtest/gtest.h"
#include "puzzle/chi_square.h"
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
    EXPECT_EQ(info.moves[op].symbol, std::string(1, static_cast<char>('A' + op)));
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

// Random-state boards: 8 of each symbol, every arrangement equally likely: the symbol at each
// of the 24 cells is uniform over 1-3 (chi-square at the 0.001 quantile, 6,000 boards).
TEST(RotationPuzzleTest, RandomBoardsAreUniform) {
  EXPECT_EQ(*RotationGamePuzzle().RandomBoard("", 3), *RotationGamePuzzle().RandomBoard("", 3));
  std::vector<std::vector<double>> counts(24, std::vector<double>(3));
  for (uint64_t seed = 0; seed < 6000; ++seed) {
    absl::StatusOr<std::string> board = RotationGamePuzzle().RandomBoard("", seed);
    ASSERT_TRUE(board.ok()) << board.status();
    absl::StatusOr<RotationBoard> parsed = ParseRotationBoard(*board, "board");
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    int per_symbol[4] = {};
    for (int cell = 0; cell < 24; ++cell) {
      ++per_symbol[parsed->cells[cell]];
      ++counts[cell][parsed->cells[cell] - 1];
    }
    ASSERT_EQ(per_symbol[1], 8);
    ASSERT_EQ(per_symbol[2], 8);
  }
  for (int cell = 0; cell < 24; ++cell) {
    const ChiSquare chi2 = ChiSquareTest(counts[cell], {1, 1, 1});
    EXPECT_LT(chi2.statistic, chi2.quantile_999) << "cell " << cell;
  }
}

TEST(RotationPuzzleTest, CheckAnswerCatchesWrongAnswers) {
  const Puzzle& rotation = RotationGamePuzzle();
  const QueryText sample{"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", ""};
  Answer right;
  right.solvable = true;
  right.distance = 2;
  right.moves = "AC";
  right.extras = {2};
  EXPECT_EQ(rotation.CheckAnswer(sample, right), absl::OkStatus());
  // Each wrong answer is an internal error (the server's own answer is wrong) naming what is.
  auto check_changed = [&](const std::function<void(Answer&)>& change) {
    Answer answer = right;
    change(answer);
    return rotation.CheckAnswer(sample, answer);
  };
  EXPECT_EQ(check_changed([](Answer& a) { a.extras = {3}; }),
            absl::InternalError("'AC' leaves 113133222312231222313113: the centre is not all 3"));
  EXPECT_EQ(check_changed([](Answer& a) { a.moves = "CA"; }),
            absl::InternalError("'CA' leaves 112133232312231222313113: the centre is not all 2"));
  EXPECT_EQ(check_changed([](Answer& a) { a.extras.clear(); }),
            absl::InternalError("every board is solvable, with one extra (the centre symbol)"));
  EXPECT_EQ(check_changed([](Answer& a) { a.solvable = false; }),
            absl::InternalError("every board is solvable, with one extra (the centre symbol)"));
  EXPECT_EQ(check_changed([](Answer& a) { a.distance = 3; }),
            absl::InternalError("distance 3 but 2 ops"));
  EXPECT_EQ(check_changed([](Answer& a) { a.moves = "AI"; }),
            absl::InternalError("moves: 'I' at position 2; expected one of A-H"));
}

}  // namespace
}  // namespace puzzle
