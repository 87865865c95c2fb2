// Checks the board validation and the parity test. Parity is checked against reachability by a
// plain BFS from 12345678X over all 9! boards: exactly the boards of equal parity are reached.
#include "puzzles/eight/baselines/board_checks.h"

#include <algorithm>
#include <array>
#include <vector>

#include "gtest/gtest.h"

namespace baselines {
namespace {

using puzzle::EightBoard;

TEST(CheckBoardTest, AcceptsPermutations) {
  EXPECT_TRUE(CheckBoard(EightBoard{{1, 2, 3, 4, 5, 6, 7, 8, 0}}, "start").ok());
  EXPECT_TRUE(CheckBoard(EightBoard{{0, 8, 7, 6, 5, 4, 3, 2, 1}}, "goal").ok());
}

TEST(CheckBoardTest, RejectsOutOfRangeValues) {
  const absl::Status s = CheckBoard(EightBoard{{1, 2, 3, 4, 5, 6, 7, 8, 9}}, "goal");
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "goal: value 9 at position 9; expected 0-8 (0 is the blank)");
}

TEST(CheckBoardTest, RejectsRepeatedValues) {
  const absl::Status s = CheckBoard(EightBoard{{0, 2, 3, 4, 5, 6, 7, 8, 0}}, "start");
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(s.message(), "start: value 0 at positions 1 and 9; expected each of 0-8 once");
}

// Every board, reached or not by BFS from the standard goal, against the parity test.
TEST(SameTileParityTest, EqualsReachabilityOverAllBoards) {
  const EightBoard goal{{1, 2, 3, 4, 5, 6, 7, 8, 0}};
  constexpr int kDelta[4] = {3, -1, 1, -3};
  // Boards packed base-9 into an int (9^9 < 2^29) for a visited bitmap.
  auto pack = [](const EightBoard& b) {
    int key = 0;
    for (uint8_t c : b.cells) key = key * 9 + c;
    return key;
  };
  std::vector<bool> reached(387420489, false);
  std::vector<EightBoard> queue = {goal};
  reached[pack(goal)] = true;
  for (size_t head = 0; head < queue.size(); ++head) {
    const EightBoard b = queue[head];
    const int blank = b.BlankCell();
    for (int m = 0; m < 4; ++m) {
      const bool legal = m == 0   ? blank < 6
                         : m == 1 ? blank % 3 != 0
                         : m == 2 ? blank % 3 != 2
                                  : blank >= 3;
      if (!legal) continue;
      EightBoard n = b;
      std::swap(n.cells[blank], n.cells[blank + kDelta[m]]);
      if (reached[pack(n)]) continue;
      reached[pack(n)] = true;
      queue.push_back(n);
    }
  }
  EXPECT_EQ(queue.size(), 181440u);

  EightBoard b{{0, 1, 2, 3, 4, 5, 6, 7, 8}};
  int boards = 0;
  do {
    ++boards;
    ASSERT_EQ(SameTileParity(b, goal), reached[pack(b)]) << boards;
  } while (std::next_permutation(b.cells.begin(), b.cells.end()));
  EXPECT_EQ(boards, 362880);
}

}  // namespace
}  // namespace baselines
