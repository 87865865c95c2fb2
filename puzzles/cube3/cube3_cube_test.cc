// The cubie model against an independent one: every face turn and thousands of random sequences
// give the same stickers as the geometric sticker turns (cube3_sticker_turns.h).
#include "puzzles/cube3/cube3_cube.h"

#include <vector>

#include "gtest/gtest.h"
#include "puzzle/seeded_random.h"
#include "puzzles/cube3/cube3_sticker_turns.h"
#include "puzzles/twisty/face_turns.h"

namespace puzzle {
namespace {

std::vector<FaceTurn> RandomTurns(SeededRandom& random, int count) {
  std::vector<FaceTurn> turns;
  for (int i = 0; i < count; ++i) {
    turns.push_back({static_cast<int>(random.Below(6)), static_cast<int>(random.Below(3)) + 1});
  }
  return turns;
}

Cube3State Apply(Cube3State c, const std::vector<FaceTurn>& turns) {
  for (const FaceTurn& t : turns) c = Cube3Multiply(c, Cube3FaceTurn(t.face, t.quarter_turns));
  return c;
}

TEST(Cube3CubeTest, SolvedAndOneTurnAreTheKnownStickers) {
  EXPECT_EQ(Cube3Facelets(Cube3Solved()), kCube3SolvedFacelets);
  // The standard picture of R from solved: U's right column shows F, F's shows D, and so on.
  EXPECT_EQ(Cube3Facelets(Cube3FaceTurn(1, 1)),
            "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB");
}

TEST(Cube3CubeTest, EveryFaceTurnMatchesTheGeometricStickerTurn) {
  for (int face = 0; face < 6; ++face) {
    for (int k = 1; k <= 3; ++k) {
      EXPECT_EQ(Cube3Facelets(Cube3FaceTurn(face, k)),
                ApplyCube3StickerTurns(kCube3SolvedFacelets, {{face, k}}))
          << FaceTurnToken({face, k});
    }
    EXPECT_EQ(Cube3Multiply(Cube3FaceTurn(face, 3), Cube3FaceTurn(face, 1)), Cube3Solved());
  }
}

TEST(Cube3CubeTest, RandomSequencesMatchTheGeometricStickerTurns) {
  SeededRandom random(3);
  for (int n = 0; n < 2000; ++n) {
    const std::vector<FaceTurn> turns = RandomTurns(random, static_cast<int>(random.Below(40)));
    const Cube3State c = Apply(Cube3Solved(), turns);
    ASSERT_EQ(Cube3Facelets(c), ApplyCube3StickerTurns(kCube3SolvedFacelets, turns));
    ASSERT_EQ(Cube3Multiply(c, Cube3Inverse(c)), Cube3Solved());
    ASSERT_EQ(Cube3Multiply(Cube3Inverse(c), c), Cube3Solved());
    ASSERT_TRUE(Cube3PermutationParitiesAgree(c));
    // The corner parity counts the quarter turns, mod 2.
    int quarter_turns = 0;
    for (const FaceTurn& t : turns) quarter_turns += t.quarter_turns % 2;
    ASSERT_EQ(Cube3CornerParity(c), quarter_turns % 2);
  }
}

TEST(Cube3CubeTest, TheSexyMoveHasOrderSix) {
  const Cube3State sexy = Apply(Cube3Solved(), {{1, 1}, {0, 1}, {1, 3}, {0, 3}});
  Cube3State c = Cube3Solved();
  for (int k = 1; k <= 6; ++k) {
    c = Cube3Multiply(c, sexy);
    EXPECT_EQ(c == Cube3Solved(), k == 6) << k;
  }
}

}  // namespace
}  // namespace puzzle
