#include "puzzle/sliding_moves.h"

#include <set>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

TEST(SlidingMovesTest, MoveIndicesFollowLexOrder) {
  for (int i = 0; i < 4; ++i) EXPECT_EQ(SlideMoveIndex(kSlideMoveChars[i]), i);
  EXPECT_EQ(SlideMoveIndex('D'), -1);
  EXPECT_EQ(SlideMoveIndex('x'), -1);
}

TEST(SlidingMovesTest, LegalityOnEveryCellOfThreeAndFourWideGrids) {
  for (int size : {3, 4}) {
    for (int blank = 0; blank < size * size; ++blank) {
      const int row = blank / size, col = blank % size;
      EXPECT_EQ(CanSlide(blank, 0, size, size), row < size - 1) << blank;
      EXPECT_EQ(CanSlide(blank, 1, size, size), col > 0) << blank;
      EXPECT_EQ(CanSlide(blank, 2, size, size), col < size - 1) << blank;
      EXPECT_EQ(CanSlide(blank, 3, size, size), row > 0) << blank;
      if (CanSlide(blank, 0, size, size)) {
        EXPECT_EQ(SlideTarget(blank, 0, size), blank + size);
      }
      if (CanSlide(blank, 3, size, size)) {
        EXPECT_EQ(SlideTarget(blank, 3, size), blank - size);
      }
    }
  }
}

TEST(SlidingMovesTest, AppliesMovesAndTracesEveryBoard) {
  std::vector<uint8_t> cells = {1, 2, 3, 4, 5, 6, 7, 8, 0};
  std::vector<std::vector<uint8_t>> trace;
  ASSERT_TRUE(ApplySlideMoves(3, 3, "ul", cells, &trace).ok());
  ASSERT_EQ(trace.size(), 2u);
  EXPECT_EQ(trace[0], (std::vector<uint8_t>{1, 2, 3, 4, 5, 0, 7, 8, 6}));
  EXPECT_EQ(trace[1], (std::vector<uint8_t>{1, 2, 3, 4, 0, 5, 7, 8, 6}));
  EXPECT_EQ(cells, trace[1]);
}

TEST(SlidingMovesTest, IllegalAndUnknownMovesAreNamedWithTheirPosition) {
  std::vector<uint8_t> cells = {1, 2, 3, 4, 5, 6, 7, 8, 0};
  EXPECT_EQ(ApplySlideMoves(3, 3, "d", cells, nullptr).message(),
            "moves: 'd' at position 1 is not legal: the blank is on the bottom row");
  EXPECT_EQ(ApplySlideMoves(3, 3, "uuu", cells, nullptr).message(),
            "moves: 'u' at position 3 is not legal: the blank is on the top row");
  cells = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  EXPECT_EQ(ApplySlideMoves(3, 3, "u", cells, nullptr).message(),
            "moves: 'u' at position 1 is not legal: the blank is on the top row");
  EXPECT_EQ(ApplySlideMoves(3, 3, "l", cells, nullptr).message(),
            "moves: 'l' at position 1 is not legal: the blank is on the left column");
  EXPECT_EQ(ApplySlideMoves(3, 3, "rrr", cells, nullptr).message(),
            "moves: 'r' at position 3 is not legal: the blank is on the right column");
  EXPECT_EQ(ApplySlideMoves(3, 3, "dX", cells, nullptr).message(),
            "moves: 'X' at position 2; expected d, l, r or u");
  std::vector<uint8_t> no_blank = {1, 2, 3};
  EXPECT_EQ(ApplySlideMoves(1, 3, "d", no_blank, nullptr).code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(SlidingMovesTest, ScrambleIsDeterministicKeepsTheTilesAndVaries) {
  const std::vector<uint8_t> goal = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0};
  std::vector<uint8_t> a = goal, b = goal;
  ScrambleSlide(4, 4, 40, 7, a);
  ScrambleSlide(4, 4, 40, 7, b);
  EXPECT_EQ(a, b);
  EXPECT_EQ(std::multiset<uint8_t>(a.begin(), a.end()),
            std::multiset<uint8_t>(goal.begin(), goal.end()));
  std::set<std::vector<uint8_t>> distinct;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    std::vector<uint8_t> c = goal;
    ScrambleSlide(4, 4, 40, seed, c);
    distinct.insert(c);
  }
  EXPECT_GT(distinct.size(), 15u);
  std::vector<uint8_t> none = goal;
  ScrambleSlide(4, 4, 0, 3, none);
  EXPECT_EQ(none, goal);
}

}  // namespace
}  // namespace puzzle
