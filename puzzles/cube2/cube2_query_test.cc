#include "puzzles/cube2/cube2_query.h"

#include <set>

#include "gtest/gtest.h"
#include "puzzles/cube2/cube2_notation.h"

namespace puzzle {
namespace {

TEST(Cube2QueryTest, EveryRotationOfSolvedIsSolved) {
  for (const Cube2State& r : Cube2Rotations()) {
    EXPECT_EQ(Cube2Relative(r, Cube2Solved()), Cube2Solved()) << Cube2Facelets(r);
    EXPECT_EQ(Cube2Relative(Cube2Solved(), r), Cube2Solved()) << Cube2Facelets(r);
    EXPECT_TRUE(Cube2SameUpToRotation(r, Cube2Solved()));
  }
}

// The relative state keeps DBL, and a sequence that solves it takes the start to the goal up to
// rotation, whatever orientation each is painted in.
TEST(Cube2QueryTest, RelativeStateSolvesStartToGoalInAnyOrientation) {
  const Cube2State start = *ParseCube2Board("R U2 F' R2 D L'", "start");
  const Cube2State goal = *ParseCube2Board("F R' U B2", "goal");
  for (const Cube2State& rs : Cube2Rotations()) {
    for (const Cube2State& rg : Cube2Rotations()) {
      const Cube2State s = Cube2Multiply(start, rs), g = Cube2Multiply(goal, rg);
      const Cube2State x = Cube2Relative(s, g);
      ASSERT_TRUE(Cube2KeepsFixedCorner(x));
      // x * M = solved, so M = x^-1: start * x^-1 must be the goal turned as a whole.
      EXPECT_TRUE(Cube2SameUpToRotation(Cube2Multiply(s, Cube2Inverse(x)), g));
    }
  }
}

TEST(Cube2QueryTest, SameUpToRotationTellsDifferentPositionsApart) {
  EXPECT_FALSE(Cube2SameUpToRotation(Cube2FaceTurn(1, 1), Cube2Solved()));
  EXPECT_TRUE(Cube2SameUpToRotation(Cube2Multiply(Cube2FaceTurn(1, 1), Cube2Rotations()[5]),
                                    Cube2FaceTurn(1, 1)));
}

}  // namespace
}  // namespace puzzle
