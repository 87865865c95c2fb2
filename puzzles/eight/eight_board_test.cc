#include "puzzles/eight/eight_board.h"

#include <string>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

EightBoard B(const std::string& text) {
  absl::StatusOr<EightBoard> board = ParseEightBoard(text, "start");
  EXPECT_TRUE(board.ok()) << board.status();
  return board.ok() ? *board : EightBoard{};
}

void ExpectError(const std::string& text, const std::string& field, const std::string& message) {
  absl::StatusOr<EightBoard> board = ParseEightBoard(text, field);
  ASSERT_FALSE(board.ok()) << text;
  EXPECT_EQ(board.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(board.status().message(), message);
}

TEST(EightBoardTest, AllSeedNotationsParseToTheSameBoard) {
  const EightBoard expected{{2, 3, 4, 1, 5, 0, 7, 6, 8}};
  EXPECT_EQ(B("234150768"), expected);
  EXPECT_EQ(B("23415X768"), expected);
  EXPECT_EQ(B("23415x768"), expected);
  EXPECT_EQ(B("2 3 4 1 5 x 7 6 8"), expected);
  EXPECT_EQ(B("2 3 4 1 5 X 7 6 8"), expected);
  EXPECT_EQ(B("2 3 4 1 5 0 7 6 8"), expected);
  EXPECT_EQ(B("  2\t3 4\n1 5 0\n7 6 8\n"), expected);
  EXPECT_EQ(FormatEightBoard(expected), "23415X768");
  EXPECT_EQ(B("12X453786").BlankCell(), 2);
}

TEST(EightBoardTest, ErrorsNameFieldPositionAndExpectation) {
  ExpectError("", "start",
              "start: empty board; expected 9 symbols (tiles 1-8 and one blank X, x or 0)");
  ExpectError("   ", "goal",
              "goal: empty board; expected 9 symbols (tiles 1-8 and one blank X, x or 0)");
  ExpectError("12345678", "start",
              "start: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 8");
  ExpectError("12345678X1", "goal",
              "goal: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 10");
  ExpectError("1 2 3 4 5 6 7 8", "start",
              "start: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 8");
  ExpectError("123Y5678X", "start", "start: symbol 'Y' at position 4; expected 1-8 or X");
  ExpectError("12395678X", "start", "start: symbol '9' at position 4; expected 1-8 or X");
  ExpectError("1 2 3 45 6 7 8 X 0", "goal", "goal: symbol '45' at position 4; expected 1-8 or X");
  ExpectError(std::string("1234\x01"
                          "678X"),
              "start", "start: symbol '\\x01' at position 5; expected 1-8 or X");
  ExpectError("1X3X5678 2", "start",
              "start: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 2");
  ExpectError("12X45X786", "start",
              "start: two blanks, at positions 3 and 6; expected exactly one X");
  ExpectError("123456781", "start", "start: no blank; expected exactly one X (or x or 0)");
  ExpectError("12X452786", "goal",
              "goal: duplicate tile 2 at positions 2 and 6; expected each of 1-8 once");
}

// A compact board is read in UTF-8 characters: a non-ASCII symbol counts once and is named at
// its character position, as 'Y' is; a byte that starts no character is a symbol of its own.
TEST(EightBoardTest, NonAsciiSymbolsAreNamedAtTheirCharacterPosition) {
  ExpectError("12345678\xc3\x89", "start",  // É
              "start: symbol '\\xc3\\x89' at position 9; expected 1-8 or X");
  ExpectError(
      "123\xe2\x82\xac"  // €
      "5678X",
      "goal", "goal: symbol '\\xe2\\x82\\xac' at position 4; expected 1-8 or X");
  ExpectError(
      "1234\xf0\x9f\x98\x80"  // 😀
      "678X",
      "start", "start: symbol '\\xf0\\x9f\\x98\\x80' at position 5; expected 1-8 or X");
  ExpectError(
      "1\xc3\x89\xff"  // É, then a byte that is never UTF-8
      "45678X",
      "start", "start: symbol '\\xc3\\x89' at position 2; expected 1-8 or X");
  ExpectError("1234567\xffX", "start", "start: symbol '\\xff' at position 8; expected 1-8 or X");
  ExpectError("12345678X\xc3\x89", "start",
              "start: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 10");
  ExpectError("12345678\xe2\x82", "start",  // cut short: two symbols
              "start: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 10");
}

TEST(EightBoardTest, HugeInputGivesACountNotAHugeMessage) {
  const std::string huge(1 << 20, '1');
  absl::StatusOr<EightBoard> board = ParseEightBoard(huge, "start");
  ASSERT_FALSE(board.ok());
  EXPECT_EQ(board.status().message(),
            "start: expected 9 symbols (tiles 1-8 and one blank X, x or 0), got 1048576");
  const std::string huge_token = "1 2 3 4 5 6 7 8 " + std::string(100000, 'z');
  board = ParseEightBoard(huge_token, "goal");
  ASSERT_FALSE(board.ok());
  EXPECT_EQ(board.status().message(),
            "goal: symbol 'zzzzzzzzzzzz...' (100000 characters) at position 9; expected 1-8 or X");
}

TEST(EightBoardTest, RelabelingMapsStartToItsSeed) {
  // Start 564178X23: tiles in reading order 5,6,4,1,7,8,2,3 become labels 0..7.
  const RelabeledQuery q = Relabel(B("564178X23"), B("7568X4123"));
  EXPECT_EQ(q.seed, 6);
  EXPECT_TRUE(q.solvable);
  // Goal 7568X4123 -> labels: 7->4, 5->0, 6->1, 8->5, 4->2, 1->3, 2->6, 3->7.
  EXPECT_EQ(q.goal.blank, 4);
  EXPECT_EQ(q.goal.tiles, 0x76325104u);
  // The start itself relabels to its seed.
  const RelabeledQuery self = Relabel(B("564178X23"), B("564178X23"));
  EXPECT_EQ(self.goal, EightState::Seed(6));
}

TEST(EightBoardTest, SolvabilityIsParity) {
  EXPECT_TRUE(Relabel(B("12345678X"), B("12345678X")).solvable);
  EXPECT_FALSE(Relabel(B("12345678X"), B("21345678X")).solvable);
  EXPECT_FALSE(Relabel(B("12345687X"), StandardEightGoal()).solvable);
  EXPECT_TRUE(Relabel(B("X12345678"), StandardEightGoal()).solvable);
}

TEST(EightBoardTest, ApplyMoveToBoardMovesTheBlank) {
  EXPECT_EQ(FormatEightBoard(ApplyMoveToBoard(B("12X453786"), Move::kDown)), "12345X786");
  EXPECT_EQ(FormatEightBoard(ApplyMoveToBoard(B("12X453786"), Move::kLeft)), "1X2453786");
  EXPECT_EQ(FormatEightBoard(ApplyMoveToBoard(B("1234X5678"), Move::kUp)), "1X3425678");
  EXPECT_EQ(FormatEightBoard(ApplyMoveToBoard(B("1234X5678"), Move::kRight)), "12345X678");
}

}  // namespace
}  // namespace puzzle
