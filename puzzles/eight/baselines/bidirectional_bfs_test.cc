// Checks the bidirectional BFS distance against the table solver (puzzles/eight/eight_solver.h) on
// the Bazel-built table: the HDU samples, the distance-31 positions, unsolvable pairs, invalid
// boards, and thousands of random pairs over every (start blank, goal blank) combination, about
// half of them unsolvable, all through one BidirectionalBfs object (so the generation marks are
// reused).
#include "puzzles/eight/baselines/bidirectional_bfs.h"

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <utility>

#include "gtest/gtest.h"
#include "puzzles/eight/eight_solver.h"
#include "puzzles/eight/eight_table.h"

namespace baselines {
namespace {

using puzzle::EightBoard;

EightBoard Board(const std::string& text) {
  absl::StatusOr<EightBoard> board = puzzle::ParseEightBoard(text, "board");
  EXPECT_TRUE(board.ok()) << board.status();
  return board.ok() ? *board : EightBoard{};
}

// A board with the blank at `blank` and tiles 1..8 shuffled into the other cells.
EightBoard RandomBoard(int blank, std::mt19937_64& rng) {
  std::array<uint8_t, 8> tiles = {1, 2, 3, 4, 5, 6, 7, 8};
  std::shuffle(tiles.begin(), tiles.end(), rng);
  EightBoard board{};
  for (int i = 0, t = 0; i < 9; ++i) board.cells[i] = i == blank ? 0 : tiles[t++];
  return board;
}

class BidirectionalBfsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    absl::StatusOr<std::unique_ptr<puzzle::TableFile>> file =
        puzzle::TableFile::Open("data/eight.tbl");
    ASSERT_TRUE(file.ok()) << file.status();
    file_ = file->release();
    absl::StatusOr<puzzle::EightTable> t = puzzle::EightTable::FromTableFile(*file_);
    ASSERT_TRUE(t.ok()) << t.status();
    table_ = new puzzle::EightTable(*t);
  }
  static void TearDownTestSuite() {
    delete table_;
    delete file_;
  }
  static puzzle::TableFile* file_;

  // Asserts that the BFS and the table agree on the distance; returns the BFS's.
  int ExpectMatchesTable(const EightBoard& start, const EightBoard& goal) {
    const std::string what =
        puzzle::FormatEightBoard(start) + " -> " + puzzle::FormatEightBoard(goal);
    puzzle::EightSolver solver(table_);
    absl::StatusOr<puzzle::EightAnswer> expected = solver.Solve(start, goal);
    absl::StatusOr<int> actual = bfs_.Distance(start, goal);
    EXPECT_TRUE(expected.ok()) << what << ": " << expected.status();
    EXPECT_TRUE(actual.ok()) << what << ": " << actual.status();
    if (!expected.ok() || !actual.ok()) return -2;
    EXPECT_EQ(*actual, expected->distance) << what;
    return *actual;
  }

  static puzzle::EightTable* table_;
  BidirectionalBfs bfs_;
};
puzzle::TableFile* BidirectionalBfsTest::file_ = nullptr;
puzzle::EightTable* BidirectionalBfsTest::table_ = nullptr;

TEST_F(BidirectionalBfsTest, HduSamples) {
  EXPECT_EQ(ExpectMatchesTable(Board("12X453786"), Board("12345678X")), 2);
  EXPECT_EQ(ExpectMatchesTable(Board("564178X23"), Board("7568X4123")), 8);
}

TEST_F(BidirectionalBfsTest, StartEqualsGoalAndNeighbours) {
  EXPECT_EQ(ExpectMatchesTable(Board("7568X4123"), Board("7568X4123")), 0);
  EXPECT_EQ(ExpectMatchesTable(Board("1234567X8"), Board("12345678X")), 1);
  EXPECT_EQ(ExpectMatchesTable(Board("12345678X"), Board("1234567X8")), 1);
}

TEST_F(BidirectionalBfsTest, DistanceThirtyOne) {
  EXPECT_EQ(ExpectMatchesTable(Board("8672543X1"), Board("12345678X")), 31);
  EXPECT_EQ(ExpectMatchesTable(Board("64785X321"), Board("12345678X")), 31);
  EXPECT_EQ(ExpectMatchesTable(Board("12345678X"), Board("8672543X1")), 31);
}

TEST_F(BidirectionalBfsTest, Unsolvable) {
  EXPECT_EQ(ExpectMatchesTable(Board("21345678X"), Board("12345678X")), -1);
  EXPECT_EQ(ExpectMatchesTable(Board("8672543X1"), Board("21345678X")), -1);
}

TEST_F(BidirectionalBfsTest, InvalidBoardsAreInvalidArgument) {
  EightBoard bad = Board("12345678X");
  bad.cells[8] = 1;  // two 1s and no blank
  absl::StatusOr<int> d = bfs_.Distance(bad, Board("12345678X"));
  EXPECT_EQ(d.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(d.status().message(), "start: value 1 at positions 1 and 9; expected each of 0-8 once");
  bad.cells[8] = 200;
  d = bfs_.Distance(Board("12345678X"), bad);
  EXPECT_EQ(d.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(d.status().message(), "goal: value 200 at position 9; expected 0-8 (0 is the blank)");
}

TEST_F(BidirectionalBfsTest, RandomPairsMatchTable) {
  constexpr int kPairs = 20250;  // 250 for each of the 81 (start blank, goal blank) combinations
  std::mt19937_64 rng(20240608);
  std::set<std::pair<int, int>> blanks;
  int solvable = 0;
  int max_distance = 0;
  for (int i = 0; i < kPairs; ++i) {
    const int start_blank = i % 9;
    const int goal_blank = (i / 9) % 9;
    const int d = ExpectMatchesTable(RandomBoard(start_blank, rng), RandomBoard(goal_blank, rng));
    blanks.emplace(start_blank, goal_blank);
    solvable += d >= 0;
    max_distance = std::max(max_distance, d);
    if (HasFailure()) break;  // one mismatch is enough to read; do not flood the log
  }
  EXPECT_EQ(blanks.size(), 81u);
  EXPECT_GT(solvable, kPairs * 4 / 10);
  EXPECT_LT(solvable, kPairs * 6 / 10);
  EXPECT_GE(max_distance, 27);
}

}  // namespace
}  // namespace baselines
