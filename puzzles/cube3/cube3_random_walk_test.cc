#include "puzzles/cube3/cube3_random_walk.h"

#include "gtest/gtest.h"
#include "puzzles/cube3/cube3_coordinates.h"

namespace puzzle {
namespace {

bool InG1(const Cube3State& x) {
  return Cube3Twist(x) == 0 && Cube3Flip(x) == 0 &&
         Cube3Quartet(x, kCube3SliceQuartet) / 24 == 0;  // the slice edges in the slice
}

TEST(Cube3RandomWalkTest, G1WalksStayInG1AndOthersLeaveIt) {
  SeededRandom random(1);
  int left_g1 = 0;
  for (int walk = 0; walk < 200; ++walk) {
    EXPECT_TRUE(InG1(Cube3RandomWalk(Cube3Solved(), 30, true, random))) << "walk " << walk;
    left_g1 += !InG1(Cube3RandomWalk(Cube3Solved(), 30, false, random));
  }
  EXPECT_GE(left_g1, 195);  // a random state is in G1 with probability about 1 in 2 billion
}

TEST(Cube3RandomWalkTest, TheSameSeedGivesTheSameWalkAndNoMovesNoChange) {
  SeededRandom a(7), b(7);
  const Cube3State x = Cube3RandomWalk(Cube3Solved(), 25, false, a);
  EXPECT_EQ(Cube3RandomWalk(Cube3Solved(), 25, false, b), x);
  EXPECT_FALSE(x == Cube3Solved());
  EXPECT_EQ(Cube3RandomWalk(x, 0, false, a), x);
  // A walk from x is x followed by the walk from solved with the same draws.
  SeededRandom c(9), d(9);
  EXPECT_EQ(Cube3RandomWalk(x, 12, true, c),
            Cube3Multiply(x, Cube3RandomWalk(Cube3Solved(), 12, true, d)));
}

}  // namespace
}  // namespace puzzle
