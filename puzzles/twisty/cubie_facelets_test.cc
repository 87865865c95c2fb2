// IdentifyCubies on the 3x3x3's layout (the 2x2x2's and 3x3x3's notation tests cover each
// message through their parsers): every piece found, with its twist and flip.
#include "puzzles/twisty/cubie_facelets.h"

#include "gtest/gtest.h"
#include "puzzles/cube3/cube3_cube.h"

namespace puzzle {
namespace {

TEST(CubieFaceletsTest, NamesFacelets) {
  EXPECT_EQ(FaceletName(0, 9), "U1");
  EXPECT_EQ(FaceletName(13, 9), "R5");
  EXPECT_EQ(FaceletName(23, 4), "B4");
}

TEST(CubieFaceletsTest, IdentifiesEveryPieceOfATurnedCube) {
  // F twists four corners and flips four edges.
  const Cube3State f = Cube3FaceTurn(2, 1);
  absl::StatusOr<std::vector<int>> colours = StickerColours(Cube3Facelets(f), 9, "start");
  ASSERT_TRUE(colours.ok()) << colours.status();
  absl::StatusOr<CubiePlacement> placement = IdentifyCubies(*colours, Cube3Layout(), "start");
  ASSERT_TRUE(placement.ok()) << placement.status();
  for (int i = 0; i < kCube3Corners; ++i) {
    EXPECT_EQ(placement->cp[i], f.cp[i]) << i;
    EXPECT_EQ(placement->co[i], f.co[i]) << i;
  }
  for (int i = 0; i < kCube3Edges; ++i) {
    EXPECT_EQ(placement->ep[i], f.ep[i]) << i;
    EXPECT_EQ(placement->eo[i], f.eo[i]) << i;
  }
}

TEST(CubieFaceletsTest, ReadsOnlyTheFaceLetters) {
  EXPECT_EQ(StickerColours("URFDLBx", 9, "goal").status().message(),
            "goal: sticker 7 (U7) is 'x'; expected one of U R F D L B");
  EXPECT_EQ(*StickerColours("URFDLB", 9, "goal"), (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

TEST(StickerPermutationCyclesTest, ListsEachCycleInTravelOrderWithoutFixedPoints) {
  // 0 -> 1 -> 2 -> 0, 3 fixed, 4 <-> 5.
  EXPECT_EQ(StickerPermutationCycles({1, 2, 0, 3, 5, 4}),
            (std::vector<std::vector<int>>{{0, 1, 2}, {4, 5}}));
  EXPECT_TRUE(StickerPermutationCycles({0, 1, 2}).empty());
}

}  // namespace
}  // namespace puzzle
