#include "puzzles/cube2/cube2_notation.h"

#include "absl/strings/match.h"
#include "gtest/gtest.h"

namespace puzzle {
namespace {

std::string ErrorOf(absl::string_view text) {
  absl::StatusOr<Cube2State> parsed = ParseCube2Board(text, "start");
  EXPECT_FALSE(parsed.ok()) << text;
  if (parsed.ok()) return "";
  EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(parsed.status().message());
}

TEST(Cube2NotationTest, StickersRoundTrip) {
  for (const char* text :
       {"UUUURRRRFFFFDDDDLLLLBBBB", "UUUUBBRRRRFFDDDDFFLLLLBB", "UFUFRRRRFDFDDBDBLLLLUBUB"}) {
    absl::StatusOr<Cube2State> state = ParseCube2Facelets(text, "start");
    ASSERT_TRUE(state.ok()) << state.status();
    EXPECT_EQ(Cube2Facelets(*state), text);
  }
}

TEST(Cube2NotationTest, ScramblesApplyToSolved) {
  absl::StatusOr<Cube2State> r = ParseCube2Board("R", "start");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(*r, Cube2FaceTurn(1, 1));
  absl::StatusOr<Cube2State> seq = ParseCube2Board("  R U2\tF' R2 ", "start");
  ASSERT_TRUE(seq.ok()) << seq.status();
  Cube2State expected = Cube2Solved();
  for (const Cube2State& t :
       {Cube2FaceTurn(1, 1), Cube2FaceTurn(0, 2), Cube2FaceTurn(2, 3), Cube2FaceTurn(1, 2)}) {
    expected = Cube2Multiply(expected, t);
  }
  EXPECT_EQ(*seq, expected);
  // D, L and B turn the cube too (the DBL piece moves; queries compare up to rotation).
  absl::StatusOr<Cube2State> d = ParseCube2Board("D L' B2", "start");
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_FALSE(Cube2KeepsFixedCorner(*d));
  std::vector<Cube2Turn> turns = *ParseCube2Turns("U U2 U' R2' F", "moves");
  ASSERT_EQ(turns.size(), 5u);
  EXPECT_EQ(Cube2TurnToken(turns[2]), "U'");
  EXPECT_EQ(Cube2TurnToken(turns[3]), "R2");
}

// The messages the issue asks for, and the other ways a painted cube can be wrong.
TEST(Cube2NotationTest, BadStickersAreNamed) {
  EXPECT_EQ(ErrorOf("UUUUURRRFFFFDDDDLLLLBBBB"),
            "start: 5 stickers of colour U (each colour covers 4)");
  EXPECT_EQ(ErrorOf("LUUURRRFRFFFDDDDLULLBBBB"),
            "start: the corner at UFL has colours U, R, U: no corner has two U stickers");
  EXPECT_EQ(ErrorOf("UUUFURRRFRFFDDDDLLLLBBBB"),
            "start: corner twist is 1 (mod 3): one corner is twisted in place");
  EXPECT_EQ(ErrorOf("UUUUFRRRFRFFDDDDLLLLBBBB"),
            "start: the corner at URF has colours U, F, R: no corner has these colours in this "
            "clockwise order (it would be the mirror image of a real corner)");
  EXPECT_EQ(ErrorOf("UUUUDRRRFFFFRDDDLLLLBBBB"),
            "start: the corner at URF has colours U, D, F: no corner has both U and D (opposite "
            "faces)");
  // The URF piece also at UBR and the DBL piece also at DLF (UBR's and DLF's pieces missing):
  // every colour still covers 4 stickers.
  EXPECT_EQ(ErrorOf("UUUURFRRFFLFDDDDLLLBRBBB"),
            "start: the corners at URF and UBR are both the URF piece: a corner appears twice");
}

TEST(Cube2NotationTest, BadTextIsNamed) {
  EXPECT_EQ(ErrorOf(""),
            "start: empty board; expected 24 stickers (letters U R F D L B in the order U1-U4 "
            "R1-R4 F1-F4 D1-D4 L1-L4 B1-B4) or a scramble such as \"R U2 F'\" (moves separated "
            "by spaces)");
  EXPECT_EQ(ErrorOf("UUUURRRRFFFFDDDDLLLLBBB").substr(0, 22), "start: expected 24 sti");
  EXPECT_TRUE(absl::EndsWith(ErrorOf("UUUURRRRFFFFDDDDLLLLBBB"), "; got 23 characters"));
  EXPECT_EQ(ErrorOf("UUUURxRRFFFFDDDDLLLLBBBB"),
            "start: sticker 6 (R2) is 'x'; expected one of U R F D L B");
  EXPECT_EQ(ErrorOf("R U3 F"),
            "start: move 2 is 'U3'; expected a face U R F D L B, then ', 2 or nothing");
  EXPECT_TRUE(absl::EndsWith(ErrorOf("RUF"), "; got 3 characters"));
}

}  // namespace
}  // namespace puzzle
