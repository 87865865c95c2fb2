#include "puzzles/cube2/cube2_cube.h"

#include <set>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

TEST(Cube2CubeTest, SolvedFaceletsAndFourQuarterTurnsAreTheIdentity) {
  EXPECT_EQ(Cube2Facelets(Cube2Solved()), "UUUURRRRFFFFDDDDLLLLBBBB");
  for (int face = 0; face < 6; ++face) {
    EXPECT_NE(Cube2FaceTurn(face, 1), Cube2Solved());
    EXPECT_EQ(Cube2FaceTurn(face, 4), Cube2Solved()) << face;
    EXPECT_EQ(Cube2Multiply(Cube2FaceTurn(face, 1), Cube2FaceTurn(face, 3)), Cube2Solved());
  }
}

// Known sticker patterns of single turns (by hand from a physical cube, Kociemba's order).
TEST(Cube2CubeTest, SingleTurnsMoveTheRightStickers) {
  EXPECT_EQ(Cube2Facelets(Cube2FaceTurn(0, 1)), "UUUUBBRRRRFFDDDDFFLLLLBB");  // U
  EXPECT_EQ(Cube2Facelets(Cube2FaceTurn(1, 1)), "UFUFRRRRFDFDDBDBLLLLUBUB");  // R
  EXPECT_EQ(Cube2Facelets(Cube2FaceTurn(2, 1)), "UULLURURFFFFRRDDLDLDBBBB");  // F
}

TEST(Cube2CubeTest, InverseUndoes) {
  const Cube2State x =
      Cube2Multiply(Cube2Multiply(Cube2FaceTurn(1, 1), Cube2FaceTurn(0, 2)), Cube2FaceTurn(2, 3));
  EXPECT_EQ(Cube2Multiply(x, Cube2Inverse(x)), Cube2Solved());
  EXPECT_EQ(Cube2Multiply(Cube2Inverse(x), x), Cube2Solved());
}

TEST(Cube2CubeTest, TwentyFourDistinctRotationsThatDoNotChangeTheSolvedColouring) {
  std::set<std::string> seen;
  for (const Cube2State& r : Cube2Rotations()) {
    const std::string f = Cube2Facelets(r);
    seen.insert(f);
    // A rotated solved cube has one colour per face.
    for (int face = 0; face < 6; ++face) {
      for (int k = 1; k < 4; ++k) EXPECT_EQ(f[face * 4 + k], f[face * 4]) << f;
    }
  }
  EXPECT_EQ(seen.size(), 24u);
}

// Every index decodes to a state that keeps DBL and ranks back to itself (all 3,674,160).
TEST(Cube2CubeTest, IndexRoundTripsForEveryState) {
  for (uint32_t i = 0; i < kCube2States; ++i) {
    const Cube2State c = Cube2FromIndex(i);
    ASSERT_TRUE(Cube2KeepsFixedCorner(c)) << i;
    ASSERT_EQ(Cube2Index(c), i);
  }
  EXPECT_EQ(Cube2Index(Cube2Solved()), 0u);
}

}  // namespace
}  // namespace puzzle
