#include "puzzles/fifteen/fifteen_brute_force.h"

#include <string>

#include "gtest/gtest.h"
#include "puzzles/fifteen/fifteen_test_pairs.h"

namespace puzzle {
namespace {

// The smallest move string of the least length reaching `goal`, by trying every string in
// lexicographic order, shortest first. Exponential: only for short distances.
std::string ExhaustiveLexMin(const FifteenBoard& start, const FifteenBoard& goal, int max) {
  for (int length = 0; length <= max; ++length) {
    std::string moves(length, 'd');
    while (true) {
      absl::StatusOr<FifteenBoard> end = ApplyFifteenMoves(start, moves);
      if (end.ok() && *end == goal) return moves;
      int i = length - 1;  // next string in lexicographic order
      while (i >= 0 && moves[i] == 'u') moves[i--] = 'd';
      if (i < 0) break;
      moves[i] = "lru"[std::string("dlr").find(moves[i])];
    }
  }
  return "not found";
}

TEST(FifteenBruteForceTest, TrivialCases) {
  const FifteenBoard goal = StandardFifteenGoal();
  EXPECT_EQ(BruteForceFifteenDistance(goal, goal, 10), 0);
  const BruteForceFifteenAnswer same = BruteForceFifteenSolve(goal, goal, 10);
  EXPECT_EQ(same.distance, 0);
  EXPECT_EQ(same.moves, "");
  const FifteenBoard one = *ApplyFifteenMoves(goal, "u");
  EXPECT_EQ(BruteForceFifteenSolve(one, goal, 10).moves, "d");
  // Unsolvable: never found within the limit.
  FifteenBoard swapped = goal;
  std::swap(swapped.cells[0], swapped.cells[1]);
  EXPECT_EQ(BruteForceFifteenDistance(swapped, goal, 12), -1);
  // Beyond the limit.
  EXPECT_EQ(BruteForceFifteenDistance(*ApplyFifteenMoves(goal, "uuulll"), goal, 5), -1);
  EXPECT_EQ(BruteForceFifteenDistance(*ApplyFifteenMoves(goal, "uuulll"), goal, 6), 6);
}

TEST(FifteenBruteForceTest, MatchesExhaustiveEnumerationOnShortPairs) {
  int nontrivial = 0;
  for (const FifteenPair& pair : RandomWalkFifteenPairs(300, 7, 1)) {
    const BruteForceFifteenAnswer answer = BruteForceFifteenSolve(pair.start, pair.goal, 7);
    const std::string expected = ExhaustiveLexMin(pair.start, pair.goal, 7);
    ASSERT_EQ(answer.moves, expected)
        << FormatFifteenBoard(pair.start) << " -> " << FormatFifteenBoard(pair.goal);
    EXPECT_EQ(answer.distance, static_cast<int>(expected.size()));
    nontrivial += answer.distance >= 5;
  }
  EXPECT_GT(nontrivial, 50);
}

TEST(FifteenBruteForceTest, LongerAnswersAreShortestWalksToTheGoal) {
  for (const FifteenPair& pair : RandomWalkFifteenPairs(200, 20, 2)) {
    const BruteForceFifteenAnswer answer = BruteForceFifteenSolve(pair.start, pair.goal, 20);
    ASSERT_GE(answer.distance, 0);
    ASSERT_EQ(static_cast<int>(answer.moves.size()), answer.distance);
    absl::StatusOr<FifteenBoard> end = ApplyFifteenMoves(pair.start, answer.moves);
    ASSERT_TRUE(end.ok()) << end.status();
    EXPECT_EQ(*end, pair.goal);
    // Nothing shorter exists: the limit one below the distance finds nothing.
    if (answer.distance > 0) {
      EXPECT_EQ(BruteForceFifteenDistance(pair.start, pair.goal, answer.distance - 1), -1);
    }
  }
}

}  // namespace
}  // namespace puzzle
