// The 8-puzzle as the registry sees it: info, Load, Trace and Scramble. Its examples and judges
// run through every transport in tests/ (parameterised over the registry).
#include "puzzles/eight/eight_puzzle.h"

#include "gtest/gtest.h"
#include "puzzle/chi_square.h"
#include "puzzle/puzzle_loader.h"
#include "puzzles/eight/eight_depth_histograms_txt.h"
#include "puzzles/eight/eight_verifier.h"

namespace puzzle {
namespace {

TEST(EightPuzzleTest, InfoDescribesTheBoardAndMoves) {
  const PuzzleInfo& info = EightPuzzle().info();
  EXPECT_EQ(info.name, "eight");
  EXPECT_EQ(info.rows * info.cols, 9);
  EXPECT_EQ(info.layout, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
  ASSERT_EQ(info.moves.size(), 4u);
  EXPECT_EQ(
      info.moves[0].symbol + info.moves[1].symbol + info.moves[2].symbol + info.moves[3].symbol,
      "dlru");
  EXPECT_TRUE(info.has_goal);
  EXPECT_EQ(info.default_goal, "12345678X");
  EXPECT_FALSE(info.searches);
}

TEST(EightPuzzleTest, ExamplesAnswerInProcess) {
  absl::StatusOr<std::unique_ptr<LoadedPuzzle>> loaded = LoadPuzzle(EightPuzzle(), "data");
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  for (const SolveExample& e : EightPuzzle().examples().solves) {
    SolveControl control;
    Answer answer;
    ASSERT_TRUE((*loaded)->solver().Solve({e.start, e.goal}, control, &answer).ok()) << e.start;
    EXPECT_EQ(answer.solvable, e.answer.solvable) << e.start;
    EXPECT_EQ(answer.distance, e.answer.distance) << e.start;
    EXPECT_EQ(answer.moves, e.answer.moves) << e.start;
    if (!answer.solvable) continue;
    // Replaying the answer reaches the goal.
    absl::StatusOr<std::vector<std::string>> trace = EightPuzzle().Trace(e.start, answer.moves);
    ASSERT_TRUE(trace.ok()) << trace.status();
    EXPECT_EQ(trace->back(), e.goal.empty() ? "12345678X" : e.goal);
  }
}

// Random-state boards: every one in the goal's class, and uniform over it: over 20,000 boards the
// distances to 12345678X match the published histogram of the blank-at-cell-8 states
// (chi-square at the 0.001 quantile; fixed seeds), and the blank's cell is uniform over the 9.
TEST(EightPuzzleTest, RandomBoardsAreUniformOverTheGoalsClass) {
  absl::StatusOr<std::unique_ptr<LoadedPuzzle>> loaded = LoadPuzzle(EightPuzzle(), "data");
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  absl::StatusOr<DepthHistograms> published = ParseDepthHistograms(kEightDepthHistogramsTxt);
  ASSERT_TRUE(published.ok()) << published.status();
  const std::vector<uint32_t>& histogram = (*published)[8];
  std::vector<double> distances(histogram.size()), blank_cells(9);
  EXPECT_EQ(*EightPuzzle().RandomBoard("", 3), *EightPuzzle().RandomBoard("", 3));
  for (uint64_t seed = 0; seed < 20000; ++seed) {
    absl::StatusOr<std::string> board = EightPuzzle().RandomBoard("", seed);
    ASSERT_TRUE(board.ok()) << board.status();
    SolveControl control;
    Answer answer;
    ASSERT_TRUE((*loaded)->solver().Solve({*board, ""}, control, &answer).ok());
    ASSERT_TRUE(answer.solvable) << *board << " is not in the goal's class";
    ASSERT_LT(static_cast<size_t>(answer.distance), distances.size());
    ++distances[answer.distance];
    ++blank_cells[board->find('X')];
  }
  const ChiSquare by_distance =
      ChiSquareTest(distances, std::vector<double>(histogram.begin(), histogram.end()));
  EXPECT_LT(by_distance.statistic, by_distance.quantile_999) << by_distance.bins << " bins";
  EXPECT_GE(by_distance.bins, 15);
  const ChiSquare by_blank = ChiSquareTest(blank_cells, std::vector<double>(9, 1.0));
  EXPECT_LT(by_blank.statistic, by_blank.quantile_999);
  // Another goal's class: every board is solvable to that goal.
  for (uint64_t seed = 0; seed < 200; ++seed) {
    absl::StatusOr<std::string> board = EightPuzzle().RandomBoard("7568X4123", seed);
    ASSERT_TRUE(board.ok());
    SolveControl control;
    Answer answer;
    ASSERT_TRUE((*loaded)->solver().Solve({*board, "7568X4123"}, control, &answer).ok());
    EXPECT_TRUE(answer.solvable) << *board;
  }
}

TEST(EightPuzzleTest, LoadRefusesAnotherPuzzlesTable) {
  // The rotation table under the eight table's name: the loader names both.
  absl::StatusOr<std::unique_ptr<TableFile>> rotation = TableFile::Open("data/rotation.tbl");
  ASSERT_TRUE(rotation.ok()) << rotation.status();
  TableSet set;
  set.Add("eight", rotation->get());
  absl::StatusOr<std::unique_ptr<Solver>> solver = EightPuzzle().Load(set);
  EXPECT_EQ(solver.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_EQ(solver.status().message(),
            "data/rotation.tbl: no section 'last_moves'; the file (puzzle rotation-game, table "
            "rotation) has distances");
  EXPECT_EQ(EightPuzzle().Load(TableSet()).status().message(),
            "eight: table 'eight' is not loaded");
}

TEST(EightPuzzleTest, TraceReplaysAndNamesIllegalMoves) {
  absl::StatusOr<std::vector<std::string>> trace = EightPuzzle().Trace("12X453786", "dd");
  ASSERT_TRUE(trace.ok()) << trace.status();
  EXPECT_EQ(*trace, (std::vector<std::string>{"12X453786", "12345X786", "12345678X"}));
  EXPECT_EQ(EightPuzzle().Trace("12X453786", "r").status().message(),
            "moves: 'r' at position 1 is not legal: the blank is on the right column");
  EXPECT_EQ(EightPuzzle().Trace("12Y453786", "").status().message(),
            "start: symbol 'Y' at position 3; expected 1-8 or X");
}

TEST(EightPuzzleTest, ScrambleIsDeterministicAndReachable) {
  absl::StatusOr<std::string> a = EightPuzzle().Scramble("", 30, 11);
  absl::StatusOr<std::string> b = EightPuzzle().Scramble("", 30, 11);
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(*a, *b);
  EXPECT_EQ(a->size(), 9u);
  EXPECT_EQ(*EightPuzzle().Scramble("564178X23", 0, 1), "564178X23");
  EXPECT_EQ(EightPuzzle().Scramble("", -1, 1).status().message(), "moves: -1; expected 0 or more");
  EXPECT_EQ(EightPuzzle().Scramble("1234", 3, 1).status().message(),
            "goal: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 4");
}

TEST(EightPuzzleTest, CheckAnswerCatchesWrongAnswers) {
  const Puzzle& eight = EightPuzzle();
  Answer right;
  right.solvable = true;
  right.distance = 2;
  right.moves = "dd";
  EXPECT_TRUE(eight.CheckAnswer({"12X453786", ""}, right).ok());
  Answer short_by_one = right;
  short_by_one.moves = "d";
  EXPECT_EQ(eight.CheckAnswer({"12X453786", ""}, short_by_one).message(), "distance 2 but 1 moves");
  Answer elsewhere = right;
  elsewhere.moves = "dl";
  EXPECT_EQ(eight.CheckAnswer({"12X453786", ""}, elsewhere).message(),
            "'dl' ends at 1234X5786, not the goal 12345678X");
  Answer unsolvable;  // distance -1, no moves
  EXPECT_TRUE(eight.CheckAnswer({"21345678X", ""}, unsolvable).ok());
  EXPECT_EQ(eight.CheckAnswer({"12X453786", ""}, unsolvable).message(),
            "solvable is 0; the boards' parities say 1");
}

}  // namespace
}  // namespace puzzle
