// Checks IDA* against the table solver (puzzles/eight/eight_solver.h) on the Bazel-built table: the
// HDU samples, the distance-31 positions, unsolvable pairs, invalid boards, and thousands of random
// pairs over every (start blank, goal blank) combination, about half of them unsolvable. The
// moves must be equal byte for byte: both claim the lex-min shortest string.
#include "puzzles/eight/baselines/ida_star.h"

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

class IdaStarTest : public ::testing::Test {
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

  // Asserts that IDA* and the table agree exactly on (start, goal); returns IDA*'s answer.
  static IdaStarAnswer ExpectMatchesTable(const EightBoard& start, const EightBoard& goal) {
    const std::string what =
        puzzle::FormatEightBoard(start) + " -> " + puzzle::FormatEightBoard(goal);
    puzzle::EightSolver solver(table_);
    absl::StatusOr<puzzle::EightAnswer> expected = solver.Solve(start, goal);
    absl::StatusOr<IdaStarAnswer> actual = IdaStarSolve(start, goal);
    EXPECT_TRUE(expected.ok()) << what << ": " << expected.status();
    EXPECT_TRUE(actual.ok()) << what << ": " << actual.status();
    if (!expected.ok() || !actual.ok()) return IdaStarAnswer();
    EXPECT_EQ(actual->solvable, expected->solvable) << what;
    EXPECT_EQ(actual->distance, expected->distance) << what;
    EXPECT_EQ(std::string(actual->moves()), std::string(expected->moves())) << what;
    return *actual;
  }

  static puzzle::EightTable* table_;
};
puzzle::TableFile* IdaStarTest::file_ = nullptr;
puzzle::EightTable* IdaStarTest::table_ = nullptr;

TEST_F(IdaStarTest, HduSamples) {
  IdaStarAnswer a = ExpectMatchesTable(Board("12X453786"), Board("12345678X"));
  EXPECT_EQ(a.distance, 2);
  EXPECT_EQ(std::string(a.moves()), "dd");
  a = ExpectMatchesTable(Board("564178X23"), Board("7568X4123"));
  EXPECT_EQ(a.distance, 8);
  EXPECT_EQ(std::string(a.moves()), "urrulldr");
}

TEST_F(IdaStarTest, PojSampleIsTheLexMinOfItsShortestSolutions) {
  const IdaStarAnswer a = ExpectMatchesTable(Board("2 3 4 1 5 x 7 6 8"), Board("12345678X"));
  EXPECT_EQ(std::string(a.moves()), "dlurullddrurdllurdr");
}

TEST_F(IdaStarTest, StartEqualsGoal) {
  const IdaStarAnswer a = ExpectMatchesTable(Board("7568X4123"), Board("7568X4123"));
  EXPECT_TRUE(a.solvable);
  EXPECT_EQ(a.distance, 0);
  EXPECT_EQ(std::string(a.moves()), "");
}

TEST_F(IdaStarTest, DistanceThirtyOne) {
  // The two boards farthest from 12345678X.
  IdaStarAnswer a = ExpectMatchesTable(Board("8672543X1"), Board("12345678X"));
  EXPECT_EQ(a.distance, 31);
  a = ExpectMatchesTable(Board("64785X321"), Board("12345678X"));
  EXPECT_EQ(a.distance, 31);
  // And the reverse direction of the first.
  a = ExpectMatchesTable(Board("12345678X"), Board("8672543X1"));
  EXPECT_EQ(a.distance, 31);
}

TEST_F(IdaStarTest, UnsolvableIsDecidedByParityWithoutSearching) {
  const IdaStarAnswer a = ExpectMatchesTable(Board("21345678X"), Board("12345678X"));
  EXPECT_FALSE(a.solvable);
  EXPECT_EQ(a.distance, -1);
  EXPECT_EQ(std::string(a.moves()), "");
  EXPECT_EQ(a.nodes, 0);
}

TEST_F(IdaStarTest, InvalidBoardsAreInvalidArgument) {
  EightBoard bad = Board("12345678X");
  bad.cells[2] = 9;
  absl::StatusOr<IdaStarAnswer> a = IdaStarSolve(bad, Board("12345678X"));
  EXPECT_EQ(a.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(a.status().message(), "start: value 9 at position 3; expected 0-8 (0 is the blank)");

  bad = Board("12345678X");
  bad.cells[6] = 4;
  a = IdaStarSolve(Board("12345678X"), bad);
  EXPECT_EQ(a.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(a.status().message(), "goal: value 4 at positions 4 and 7; expected each of 0-8 once");
}

TEST_F(IdaStarTest, RandomPairsMatchTable) {
  constexpr int kPairs = 20250;  // 250 for each of the 81 (start blank, goal blank) combinations
  std::mt19937_64 rng(20240607);
  std::set<std::pair<int, int>> blanks;
  int solvable = 0;
  int max_distance = 0;
  for (int i = 0; i < kPairs; ++i) {
    const int start_blank = i % 9;
    const int goal_blank = (i / 9) % 9;
    const EightBoard start = RandomBoard(start_blank, rng);
    const EightBoard goal = RandomBoard(goal_blank, rng);
    const IdaStarAnswer a = ExpectMatchesTable(start, goal);
    blanks.emplace(start_blank, goal_blank);
    solvable += a.solvable;
    max_distance = std::max(max_distance, a.distance);
    if (HasFailure()) break;  // one mismatch is enough to read; do not flood the log
  }
  EXPECT_EQ(blanks.size(), 81u);
  // Random tile orders: half the pairs have equal parity. Both kinds must be well represented.
  EXPECT_GT(solvable, kPairs * 4 / 10);
  EXPECT_LT(solvable, kPairs * 6 / 10);
  EXPECT_GE(max_distance, 27);
}

// Every one of the 9! boards as the start, to 12345678X (POJ 1077's direction): the 181,440
// solvable ones include every distance from 0 to 31, the others must be rejected by parity.
TEST_F(IdaStarTest, EveryBoardToTheStandardGoal) {
  const EightBoard goal = Board("12345678X");
  EightBoard start{{0, 1, 2, 3, 4, 5, 6, 7, 8}};
  int solvable = 0;
  int by_distance[32] = {};
  do {
    const IdaStarAnswer a = ExpectMatchesTable(start, goal);
    if (a.solvable) {
      ++solvable;
      ++by_distance[a.distance];
    }
    if (HasFailure()) break;
  } while (std::next_permutation(start.cells.begin(), start.cells.end()));
  EXPECT_EQ(solvable, 181440);
  EXPECT_EQ(by_distance[0], 1);
  EXPECT_EQ(by_distance[31], 2);  // 8672543X1 and 64785X321
}

}  // namespace
}  // namespace baselines
