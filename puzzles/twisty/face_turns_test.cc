#include "puzzles/twisty/face_turns.h"

#include "gtest/gtest.h"

namespace puzzle {
namespace {

TEST(FaceTurnsTest, TokensRoundTrip) {
  for (int face = 0; face < kFaces; ++face) {
    for (int k = 1; k <= 3; ++k) {
      const std::string token = FaceTurnToken({face, k});
      EXPECT_TRUE(IsFaceTurnToken(token)) << token;
      absl::StatusOr<std::vector<FaceTurn>> turns = ParseFaceTurns(token, "moves");
      ASSERT_TRUE(turns.ok()) << turns.status();
      ASSERT_EQ(turns->size(), 1u);
      EXPECT_EQ((*turns)[0].face, face);
      EXPECT_EQ((*turns)[0].quarter_turns, k);
    }
  }
  EXPECT_EQ(FaceTurnToken({2, 3}), "F'");
  EXPECT_EQ(OppositeFace(0), 3);
  EXPECT_EQ(FaceOfLetter('B'), 5);
  EXPECT_EQ(FaceOfLetter('x'), -1);
  EXPECT_EQ(FaceOfLetter('\0'), -1);
}

TEST(FaceTurnsTest, SequencesAndErrors) {
  absl::StatusOr<std::vector<FaceTurn>> turns = ParseFaceTurns("  R U2\tF'\nR2' ", "start");
  ASSERT_TRUE(turns.ok()) << turns.status();
  ASSERT_EQ(turns->size(), 4u);
  EXPECT_EQ((*turns)[3].quarter_turns, 2);  // R2' is a half turn
  EXPECT_TRUE(ParseFaceTurns("", "start")->empty());
  EXPECT_EQ(ParseFaceTurns("R U3", "start").status().message(),
            "start: move 2 is 'U3'; expected a face U R F D L B, then ', 2 or nothing");
  EXPECT_EQ(ParseFaceTurns("R abcdefghijklmnopq", "goal").status().message(),
            "goal: move 2 is 'abcdefghijklmnop...'; expected a face U R F D L B, then ', 2 or "
            "nothing");
  EXPECT_EQ(ParseFaceTurns("\x01", "start").status().message(),
            "start: move 1 is '\\x01'; expected a face U R F D L B, then ', 2 or nothing");
}

TEST(FaceTurnsTest, StickerBoardsAreTheOnesWithoutSpacesThatAreNoSingleTurn) {
  EXPECT_TRUE(IsStickerBoard("UUUURRRRFFFFDDDDLLLLBBBB"));
  EXPECT_TRUE(IsStickerBoard("x"));
  EXPECT_FALSE(IsStickerBoard("R"));
  EXPECT_FALSE(IsStickerBoard("R2'"));
  EXPECT_FALSE(IsStickerBoard("R U"));
}

}  // namespace
}  // namespace puzzle
