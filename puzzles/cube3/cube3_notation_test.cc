// The 3x3x3's notations: the published positions parse and write back byte for byte, scrambles
// agree with the geometric sticker turns, and every kind of painting that is no cube gets its
// own message, in the documented order.
#include "puzzles/cube3/cube3_notation.h"

#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "puzzles/cube3/cube3_sticker_turns.h"

namespace puzzle {
namespace {

// The lines of a testdata file that are not comments.
std::vector<std::string> DataLines(const std::string& name) {
  std::ifstream in("puzzles/cube3/testdata/" + name);
  EXPECT_TRUE(in.good()) << name;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

std::string ErrorOf(const std::string& board) {
  absl::StatusOr<Cube3State> state = ParseCube3Board(board, "start");
  EXPECT_EQ(state.status().code(), absl::StatusCode::kInvalidArgument) << board;
  return std::string(state.status().message());
}

// The solved cube with some stickers repainted: {facelet, letter}.
std::string Repainted(std::vector<std::pair<int, char>> changes) {
  std::string s = kCube3SolvedFacelets;
  for (const auto& [facelet, letter] : changes) s[facelet] = letter;
  return s;
}

TEST(Cube3NotationTest, TheThousandRandomCubesParseAndWriteBack) {
  const std::vector<std::string> lines = DataLines("cube3_random1000.txt");
  ASSERT_EQ(lines.size(), 1000u);
  for (const std::string& line : lines) {
    absl::StatusOr<Cube3State> state = ParseCube3Facelets(line, "start");
    ASSERT_TRUE(state.ok()) << line << ": " << state.status();
    EXPECT_EQ(Cube3Facelets(*state), line);
  }
}

TEST(Cube3NotationTest, TheKnownPositionsParseAndTheSuperflipFlipsEveryEdgeInPlace) {
  const std::vector<std::string> lines = DataLines("cube3_known.txt");
  ASSERT_GE(lines.size(), 2u);
  for (const std::string& line : lines) {
    const std::vector<std::string> fields = absl::StrSplit(line, ' ', absl::SkipEmpty());
    ASSERT_EQ(fields.size(), 4u) << line;
    absl::StatusOr<Cube3State> state = ParseCube3Facelets(fields[3], "start");
    ASSERT_TRUE(state.ok()) << line << ": " << state.status();
    if (fields[0] == "superflip") {
      Cube3State expected = Cube3Solved();
      expected.eo.fill(1);
      EXPECT_EQ(*state, expected);
    }
  }
}

TEST(Cube3NotationTest, ScramblesAreAppliedToTheSolvedCube) {
  const std::string scramble = "R U2 F' R2 D L' B2";
  absl::StatusOr<Cube3State> state = ParseCube3Board(scramble, "start");
  ASSERT_TRUE(state.ok()) << state.status();
  EXPECT_EQ(Cube3Facelets(*state),
            ApplyCube3StickerTurns(kCube3SolvedFacelets, *ParseFaceTurns(scramble, "start")));
  EXPECT_EQ(*ParseCube3Board("  R  ", "start"), Cube3FaceTurn(1, 1));
  EXPECT_EQ(ErrorOf("R U3"),
            "start: move 2 is 'U3'; expected a face U R F D L B, then ', 2 or nothing");
  EXPECT_EQ(ErrorOf(" "),
            "start: empty board; expected 54 stickers (letters U R F D L B in the order U1-U9 "
            "R1-R9 F1-F9 D1-D9 L1-L9 B1-B9) or a scramble such as \"R U2 F'\" (moves separated by "
            "spaces)");
}

TEST(Cube3NotationTest, EachKindOfBadPaintingIsNamed) {
  EXPECT_EQ(ErrorOf(std::string(kCube3SolvedFacelets).substr(1)),
            "start: expected 54 stickers (letters U R F D L B in the order U1-U9 R1-R9 F1-F9 "
            "D1-D9 L1-L9 B1-B9) or a scramble such as \"R U2 F'\" (moves separated by spaces); "
            "got 53 characters");
  EXPECT_EQ(ErrorOf(Repainted({{5, 'x'}})),
            "start: sticker 6 (U6) is 'x'; expected one of U R F D L B");
  EXPECT_EQ(ErrorOf(Repainted({{5, '\x01'}})),
            "start: sticker 6 (U6) is '\\x01'; expected one of U R F D L B");
  EXPECT_EQ(ErrorOf(Repainted({{13, 'U'}})),
            "start: the centre R5 is 'U'; expected R (the centres name the faces, and turns do "
            "not move them)");
  EXPECT_EQ(ErrorOf(Repainted({{0, 'R'}})), "start: 8 stickers of colour U (each colour covers 9)");
  // URF (U9 R1 F3) painted U, U, F; U1 repainted R keeps the counts.
  EXPECT_EQ(ErrorOf(Repainted({{9, 'U'}, {0, 'R'}})),
            "start: the corner at URF has colours U, U, F: no corner has two U stickers");
  EXPECT_EQ(ErrorOf(Repainted({{9, 'D'}, {29, 'R'}})),
            "start: the corner at URF has colours U, D, F: no corner has both U and D (opposite "
            "faces)");
  EXPECT_EQ(ErrorOf(Repainted({{9, 'F'}, {20, 'R'}})),
            "start: the corner at URF has colours U, F, R: no corner has these colours in this "
            "clockwise order (it would be the mirror image of a real corner)");
  // URF painted as the UBR piece (U, B, R); B2 repainted F keeps the counts.
  EXPECT_EQ(ErrorOf(Repainted({{9, 'B'}, {20, 'R'}, {46, 'F'}})),
            "start: the corners at URF and UBR are both the UBR piece: a corner appears twice");
  // UF (U8 F2) painted U, U; U2 repainted F keeps the counts.
  EXPECT_EQ(ErrorOf(Repainted({{19, 'U'}, {1, 'F'}})),
            "start: the edge at UF has colours U, U: no edge has two U stickers");
  EXPECT_EQ(ErrorOf(Repainted({{10, 'D'}, {32, 'R'}})),
            "start: the edge at UR has colours U, D: no edge has both U and D (opposite faces)");
  // UR painted as the UF piece; F6 repainted R keeps the counts.
  EXPECT_EQ(ErrorOf(Repainted({{10, 'F'}, {23, 'R'}})),
            "start: the edges at UR and UF are both the UF piece: an edge appears twice");
  EXPECT_EQ(ErrorOf(Repainted({{8, 'F'}, {9, 'U'}, {20, 'R'}})),
            "start: corner twist is 1 (mod 3): one corner is twisted in place");
  EXPECT_EQ(ErrorOf(Repainted({{5, 'R'}, {10, 'U'}})),
            "start: edge flip is odd: one edge is flipped in place");
  // UR and UF swapped: each is a real edge, but the permutation is odd.
  EXPECT_EQ(ErrorOf(Repainted({{10, 'F'}, {19, 'R'}})),
            "start: the corner and edge permutations have different parities: two pieces are "
            "swapped");
}

// Every single-sticker repaint of every random cube is refused (a real cube has no spare sticker),
// and never crashes.
TEST(Cube3NotationTest, NoSingleStickerChangeOfARealCubeIsACube) {
  const std::vector<std::string> lines = DataLines("cube3_random1000.txt");
  for (size_t n = 0; n < 20 && n < lines.size(); ++n) {
    for (int f = 0; f < kCube3Facelets; ++f) {
      for (char letter : std::string("URFDLB")) {
        if (lines[n][f] == letter) continue;
        std::string painted = lines[n];
        painted[f] = letter;
        ASSERT_FALSE(ParseCube3Facelets(painted, "start").ok()) << painted;
      }
    }
  }
}

}  // namespace
}  // namespace puzzle
