#include "puzzles/eight/eight_state.h"

#include <algorithm>
#include <array>
#include <set>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

// Independent model: a board as 9 cells (0 = blank), moved by swapping cells.
using Cells = std::array<int, 9>;

Cells CellsOf(EightState s) {
  Cells cells{};
  int position = 0;
  for (int i = 0; i < 9; ++i) {
    cells[i] = (i == s.blank) ? 0 : static_cast<int>((s.tiles >> (4 * position++)) & 0xF) + 1;
  }
  return cells;
}

// Plain lexicographic rank of a permutation of 0..7 (O(n^2)), the textbook definition.
uint32_t LexRank(const std::array<int, 8>& p) {
  uint32_t rank = 0;
  for (int i = 0; i < 8; ++i) {
    int smaller_after = 0;
    for (int j = i + 1; j < 8; ++j) smaller_after += p[j] < p[i];
    uint32_t factorial = 1;
    for (int k = 2; k <= 7 - i; ++k) factorial *= k;
    rank += smaller_after * factorial;
  }
  return rank;
}

uint32_t Pack(const std::array<int, 8>& p) {
  uint32_t tiles = 0;
  for (int i = 0; i < 8; ++i) tiles |= static_cast<uint32_t>(p[i]) << (4 * i);
  return tiles;
}

bool EvenByCount(const std::array<int, 8>& p) {
  int inversions = 0;
  for (int i = 0; i < 8; ++i)
    for (int j = i + 1; j < 8; ++j) inversions += p[i] > p[j];
  return inversions % 2 == 0;
}

TEST(EightStateTest, RankIsABijectionOntoEvenPermutationsInLexOrder) {
  std::array<int, 8> p = {0, 1, 2, 3, 4, 5, 6, 7};
  uint32_t expected_rank = 0;
  int even = 0;
  do {
    const uint32_t tiles = Pack(p);
    ASSERT_EQ(IsEvenTileOrder(tiles), EvenByCount(p));
    if (!EvenByCount(p)) continue;
    ++even;
    ASSERT_EQ(RankEvenTileOrder(tiles), LexRank(p) / 2);
    ASSERT_EQ(RankEvenTileOrder(tiles), expected_rank);  // even perms, in lex order, rank 0,1,2..
    ASSERT_EQ(UnrankEvenTileOrder(expected_rank), tiles);
    ++expected_rank;
  } while (std::next_permutation(p.begin(), p.end()));
  EXPECT_EQ(even, 20160);
  EXPECT_EQ(expected_rank, kEvenTileOrders);
}

TEST(EightStateTest, MovesMatchCellSwapsForEveryStateAndMove) {
  for (uint32_t index = 0; index < kStatesPerSeed; ++index) {
    const EightState s = StateFromIndex(index);
    ASSERT_EQ(StateIndex(s), index);
    const Cells before = CellsOf(s);
    const int row = s.blank / 3, col = s.blank % 3;
    const int delta[4] = {3, -1, 1, -3};
    const bool legal[4] = {row<2, col> 0, col<2, row> 0};
    for (Move m : kMovesInLexOrder) {
      const int k = static_cast<int>(m);
      ASSERT_EQ(CanMove(s, m), legal[k]) << index;
      if (!legal[k]) continue;
      Cells expected = before;
      std::swap(expected[s.blank], expected[s.blank + delta[k]]);
      const EightState next = ApplyMove(s, m);
      ASSERT_EQ(CellsOf(next), expected) << "state " << index << " move " << MoveChar(m);
      ASSERT_TRUE(IsEvenTileOrder(next.tiles)) << "parity must be invariant";
      ASSERT_EQ(ApplyMove(next, OppositeMove(m)), s);
      if (!IsVertical(m)) {
        ASSERT_EQ(next.tiles, s.tiles) << "horizontal moves keep the order";
      }
    }
  }
}

TEST(EightStateTest, ConstantsAndMoveNames) {
  EXPECT_EQ(kStatesPerSeed, 181440u);
  EXPECT_EQ(kEightTotalStates, 1632960u);
  EXPECT_EQ(MoveChar(Move::kDown), 'd');
  EXPECT_EQ(MoveChar(Move::kLeft), 'l');
  EXPECT_EQ(MoveChar(Move::kRight), 'r');
  EXPECT_EQ(MoveChar(Move::kUp), 'u');
  EXPECT_EQ(OppositeMove(Move::kDown), Move::kUp);
  EXPECT_EQ(OppositeMove(Move::kLeft), Move::kRight);
  EXPECT_EQ(StateIndex(EightState::Seed(4)), 4 * kEvenTileOrders);
  EXPECT_TRUE(IsTileOrderPermutation(kIdentityTileOrder));
  EXPECT_FALSE(IsTileOrderPermutation(0x76543211u));
}

}  // namespace
}  // namespace puzzle
