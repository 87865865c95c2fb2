#include "puzzles/fifteen/fifteen_board.h"

#include <algorithm>
#include <random>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"

namespace puzzle {
namespace {

FifteenBoard B(const std::string& text) {
  absl::StatusOr<FifteenBoard> board = ParseFifteenBoard(text, "start");
  EXPECT_TRUE(board.ok()) << board.status();
  return board.ok() ? *board : FifteenBoard{};
}

void ExpectError(const std::string& text, const std::string& field, const std::string& message) {
  absl::StatusOr<FifteenBoard> board = ParseFifteenBoard(text, field);
  ASSERT_FALSE(board.ok()) << text;
  EXPECT_EQ(board.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(board.status().message(), message);
}

TEST(FifteenBoardTest, AllNotationsParseToTheSameBoard) {
  const FifteenBoard expected{{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0}};
  EXPECT_EQ(B("123456789ABCDEFX"), expected);
  EXPECT_EQ(B("123456789abcdefx"), expected);
  EXPECT_EQ(B("123456789ABCDEF0"), expected);
  EXPECT_EQ(B("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"), expected);
  EXPECT_EQ(B("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x"), expected);
  EXPECT_EQ(B("  1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 X \r\n"), expected);
  EXPECT_EQ(B("\t123456789ABCDEFX\n"), expected);
  EXPECT_EQ(B("123456789ABCDEFX"), StandardFifteenGoal());
  EXPECT_EQ(B("X123456789ABCDEF"), KorfFifteenGoal());
  EXPECT_EQ(FormatFifteenBoard(expected), "123456789ABCDEFX");
  EXPECT_EQ(B("12345678X9ABCDEF").BlankCell(), 8);
}

TEST(FifteenBoardTest, ErrorsNameFieldPositionAndExpectation) {
  ExpectError("", "start", "start: empty board; expected 16 symbols (tiles 1-15 and one blank)");
  ExpectError(" \n\t", "goal", "goal: empty board; expected 16 symbols (tiles 1-15 and one blank)");
  ExpectError("123456789ABCDEF", "goal",
              "goal: expected 16 symbols (tiles 1-15 and one blank), got 15");
  ExpectError("123456789ABCDEFX1", "start",
              "start: expected 16 symbols (tiles 1-15 and one blank), got 17");
  ExpectError("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "goal",
              "goal: expected 16 symbols (tiles 1-15 and one blank), got 15");
  ExpectError("123G56789ABCDEFX", "start",
              "start: symbol 'G' at position 4; expected 1-9, A-F or X");
  ExpectError("123456789ABCDEF ", "start",  // trailing whitespace is stripped: 15 characters
              "start: expected 16 symbols (tiles 1-15 and one blank), got 15");
  ExpectError("1 2 3 16 5 6 7 8 9 10 11 12 13 14 15 0", "start",
              "start: symbol '16' at position 4; expected 0-15 or X");
  ExpectError("1 2 3 4 5 6 7 8 9 A 11 12 13 14 15 0", "goal",
              "goal: symbol 'A' at position 10; expected 0-15 or X");
  ExpectError("1 2 3 4 5 6 7 8 9 010 11 12 13 14 15 0", "goal",
              "goal: symbol '010' at position 10; expected 0-15 or X");
  ExpectError("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 -0", "goal",
              "goal: symbol '-0' at position 16; expected 0-15 or X");
  ExpectError(std::string("1234\x01"
                          "6789ABCDEFX"),
              "start", "start: symbol '\\x01' at position 5; expected 1-9, A-F or X");
  ExpectError("12X456789ABCDEFX", "start",
              "start: two blanks, at positions 3 and 16; expected exactly one blank (X, x or 0)");
  ExpectError("1 2 x 4 5 6 7 8 9 10 11 12 13 14 0 3", "goal",
              "goal: two blanks, at positions 3 and 15; expected exactly one blank (X, x or 0)");
  ExpectError("123456789ABCDEF1", "start",
              "start: no blank; expected exactly one blank (X, x or 0)");
  ExpectError("1A3456789ABCDEFX", "goal",
              "goal: duplicate tile A at positions 2 and 10; expected each of 1-9 and A-F once");
  ExpectError("1a3456789ABCDEFX", "goal",
              "goal: duplicate tile A at positions 2 and 10; expected each of 1-9 and A-F once");
  ExpectError("1 10 3 4 5 6 7 8 9 10 11 12 13 14 15 0", "start",
              "start: duplicate tile 10 at positions 2 and 10; expected each of 1-15 once");
}

// A compact board is read in UTF-8 characters: a non-ASCII symbol counts once and is named at
// its character position, as 'G' is; a byte that starts no character is a symbol of its own.
TEST(FifteenBoardTest, NonAsciiSymbolsAreNamedAtTheirCharacterPosition) {
  ExpectError("123456789ABCDE\xc3\x89X", "start",  // É
              "start: symbol '\\xc3\\x89' at position 15; expected 1-9, A-F or X");
  ExpectError(
      "12345678\xe2\x82\xac"  // €
      "ABCDEFX",
      "goal", "goal: symbol '\\xe2\\x82\\xac' at position 9; expected 1-9, A-F or X");
  ExpectError(
      "\xf0\x9f\x98\x80"  // 😀
      "23456789ABCDEFX",
      "start", "start: symbol '\\xf0\\x9f\\x98\\x80' at position 1; expected 1-9, A-F or X");
  ExpectError(
      "123456789ABCD\xc3\x89\xff"  // É, then a byte that is never UTF-8
      "X",
      "start", "start: symbol '\\xc3\\x89' at position 14; expected 1-9, A-F or X");
  ExpectError("123456789ABCDE\xffX", "start",
              "start: symbol '\\xff' at position 15; expected 1-9, A-F or X");
  ExpectError("123456789ABCDEF\xe2\x82", "start",  // cut short: two symbols, 17 in all
              "start: expected 16 symbols (tiles 1-15 and one blank), got 17");
  ExpectError("123456789ABCDEF\xc3\x89X", "start",
              "start: expected 16 symbols (tiles 1-15 and one blank), got 17");
  ExpectError("123456789\xc3\x89\xc3\x89\xc3\x89\xc3\x89X", "goal",
              "goal: expected 16 symbols (tiles 1-15 and one blank), got 14");
  // As a token, the same symbol is named whole.
  ExpectError("1 2 3 4 5 6 7 8 9 10 11 12 13 14 \xc3\x89 0", "goal",
              "goal: symbol '\\xc3\\x89' at position 15; expected 0-15 or X");
}

TEST(FifteenBoardTest, HugeInputGivesACountNotAHugeMessage) {
  const std::string huge(1 << 20, '1');
  absl::StatusOr<FifteenBoard> board = ParseFifteenBoard(huge, "start");
  ASSERT_FALSE(board.ok());
  EXPECT_EQ(board.status().message(),
            "start: expected 16 symbols (tiles 1-15 and one blank), got 1048576");
  const std::string huge_token = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 " + std::string(100000, 'z');
  board = ParseFifteenBoard(huge_token, "goal");
  ASSERT_FALSE(board.ok());
  EXPECT_EQ(board.status().message(),
            "goal: symbol 'zzzzzzzzzzzz...' (100000 characters) at position 16; expected 0-15 or "
            "X");
}

// Property: arbitrary bytes never crash the parser; every error is InvalidArgument naming the
// field, and every accepted board is a permutation that formats and parses back to itself.
TEST(FifteenBoardTest, ArbitraryBytesAreRejectedOrRoundTrip) {
  std::mt19937_64 rng(15);
  const std::string alphabet = "0123456789ABCDEFXxabcdefG \t\n\x01\xff-";
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    const int length = static_cast<int>(rng() % 40);
    for (int j = 0; j < length; ++j) {
      text.push_back(rng() % 4 == 0 ? static_cast<char>(rng() & 0xff)
                                    : alphabet[rng() % alphabet.size()]);
    }
    if (i % 4 == 0) {  // mostly-valid boards: a shuffled goal, with one character mutated
      std::string cells = "123456789ABCDEFX";
      std::shuffle(cells.begin(), cells.end(), rng);
      if (rng() % 2) cells[rng() % 16] = alphabet[rng() % alphabet.size()];
      text = cells;
    }
    absl::StatusOr<FifteenBoard> board = ParseFifteenBoard(text, "start");
    if (!board.ok()) {
      EXPECT_EQ(board.status().code(), absl::StatusCode::kInvalidArgument);
      EXPECT_EQ(board.status().message().substr(0, 7), "start: ") << board.status();
      continue;
    }
    ++accepted;
    std::array<uint8_t, kFifteenCells> sorted = board->cells;
    std::sort(sorted.begin(), sorted.end());
    for (int c = 0; c < kFifteenCells; ++c) ASSERT_EQ(sorted[c], c) << text;
    EXPECT_EQ(B(FormatFifteenBoard(*board)), *board);
  }
  EXPECT_GT(accepted, 1000);
}

TEST(FifteenBoardTest, RoundTripsThroughBothNotations) {
  std::mt19937_64 rng(16);
  FifteenBoard board = StandardFifteenGoal();
  for (int i = 0; i < 1000; ++i) {
    std::shuffle(board.cells.begin(), board.cells.end(), rng);
    EXPECT_EQ(B(FormatFifteenBoard(board)), board);
    std::vector<std::string> tokens;
    for (uint8_t v : board.cells) tokens.push_back(v == 0 && i % 2 ? "x" : absl::StrCat(v));
    EXPECT_EQ(B(absl::StrJoin(tokens, " ")), board);
  }
}

TEST(FifteenBoardTest, ApplyMovesMovesTheBlankAndNamesIllegalMoves) {
  const FifteenBoard start = B("12345X789ABCDEF6");  // blank in row 2, column 2
  EXPECT_EQ(FormatFifteenBoard(*ApplyFifteenMoves(start, "d")), "12345A789XBCDEF6");
  EXPECT_EQ(FormatFifteenBoard(*ApplyFifteenMoves(start, "l")), "1234X5789ABCDEF6");
  EXPECT_EQ(FormatFifteenBoard(*ApplyFifteenMoves(start, "r")), "123457X89ABCDEF6");
  EXPECT_EQ(FormatFifteenBoard(*ApplyFifteenMoves(start, "u")), "1X3452789ABCDEF6");
  EXPECT_EQ(*ApplyFifteenMoves(start, ""), start);
  EXPECT_EQ(*ApplyFifteenMoves(start, "dlru"), start);  // r undoes l, then u undoes d
  EXPECT_EQ(FormatFifteenBoard(*ApplyFifteenMoves(start, "dl")), "12345A78X9BCDEF6");
  absl::StatusOr<FifteenBoard> bad = ApplyFifteenMoves(start, "uuu");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(bad.status().message(),
            "moves: 'u' at position 2 is not legal: the blank is on the top row");
  bad = ApplyFifteenMoves(start, "drrr");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(),
            "moves: 'r' at position 4 is not legal: the blank is on the right column");
  bad = ApplyFifteenMoves(start, "dlq");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), "moves: 'q' at position 3; expected d, l, r or u");
}

// The textbook criterion for the standard goal (blank bottom-right), written independently:
// solvable iff the tiles' inversions plus the blank's row counted from the bottom (1-based) is
// odd. Two boards are mutually reachable iff both are, or both are not, solvable to it.
bool TextbookSolvable(const FifteenBoard& board) {
  int inversions = 0;
  for (int i = 0; i < kFifteenCells; ++i) {
    for (int j = i + 1; j < kFifteenCells; ++j) {
      if (board.cells[i] != 0 && board.cells[j] != 0 && board.cells[i] > board.cells[j]) {
        ++inversions;
      }
    }
  }
  const int row_from_bottom = kFifteenSide - board.BlankCell() / kFifteenSide;
  return (inversions + row_from_bottom) % 2 == 1;
}

TEST(FifteenBoardTest, SolvabilityMatchesTheTextbookCriterion) {
  std::mt19937_64 rng(17);
  FifteenBoard a = StandardFifteenGoal();
  FifteenBoard b = StandardFifteenGoal();
  int solvable = 0;
  for (int i = 0; i < 20000; ++i) {
    std::shuffle(a.cells.begin(), a.cells.end(), rng);
    std::shuffle(b.cells.begin(), b.cells.end(), rng);
    const bool expected = TextbookSolvable(a) == TextbookSolvable(b);
    ASSERT_EQ(FifteenSolvable(a, b), expected)
        << FormatFifteenBoard(a) << " " << FormatFifteenBoard(b);
    solvable += expected;
  }
  EXPECT_GT(solvable, 9000);
  EXPECT_LT(solvable, 11000);
  EXPECT_TRUE(FifteenSolvable(B("123456789ABCDEFX"), B("123456789ABCDEFX")));
  EXPECT_FALSE(FifteenSolvable(B("123456789ABCDFEX"), B("123456789ABCDEFX")));
  // Korf's goal and the standard goal are in different classes: a 16-cycle (odd) against a
  // blank distance of 6 (even).
  EXPECT_FALSE(FifteenSolvable(B("X123456789ABCDEF"), B("123456789ABCDEFX")));
  EXPECT_FALSE(FifteenSolvable(B("1X23456789ABCDEF"), B("123456789ABCDEFX")));
}

TEST(FifteenBoardTest, RandomWalksStaySolvable) {
  std::mt19937_64 rng(18);
  FifteenBoard goal = StandardFifteenGoal();
  for (int i = 0; i < 1000; ++i) {
    std::shuffle(goal.cells.begin(), goal.cells.end(), rng);
    std::string walk;
    int blank = goal.BlankCell();
    for (int j = 0; j < 30; ++j) {
      const int move = static_cast<int>(rng() % 4);
      const int target = FifteenMoveTarget(blank, move);
      if (target < 0) continue;
      walk.push_back(kFifteenMoveChars[move]);
      blank = target;
    }
    absl::StatusOr<FifteenBoard> start = ApplyFifteenMoves(goal, walk);
    ASSERT_TRUE(start.ok()) << start.status();
    EXPECT_TRUE(FifteenSolvable(*start, goal));
    FifteenBoard swapped = *start;
    const int x = swapped.BlankCell() == 0 ? 1 : 0;
    const int y = swapped.BlankCell() == 15 ? 14 : 15;
    std::swap(swapped.cells[x], swapped.cells[y]);
    EXPECT_FALSE(FifteenSolvable(swapped, goal));
  }
}

TEST(FifteenBoardTest, RelabelingMakesTheGoalTheIdentity) {
  const FifteenBoard goal = B("51234X6789ABCDEF");
  const FifteenRelabeled self = RelabelFifteen(goal, goal);
  EXPECT_EQ(self.goal_blank, 5);
  for (int c = 0; c < kFifteenCells; ++c) EXPECT_EQ(self.labels[c], c);
  // Start: tile 5 (goal cell 0) and the blank (goal cell 5) swapped.
  const FifteenRelabeled r = RelabelFifteen(B("X123456789ABCDEF"), goal);
  EXPECT_EQ(r.goal_blank, 5);
  EXPECT_EQ(r.labels[0], 5);  // the blank carries the goal blank's label
  EXPECT_EQ(r.labels[5], 0);  // tile 5 is labelled with its goal cell, 0
  EXPECT_EQ(r.labels[1], 1);
}

}  // namespace
}  // namespace puzzle
