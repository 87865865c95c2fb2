#include "puzzles/rotation/rotation_board.h"

#include "gtest/gtest.h"

namespace puzzle {
namespace {

constexpr char kSample[] = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3";

TEST(RotationBoardTest, ParsesTokensAndCharacters) {
  absl::StatusOr<RotationBoard> a = ParseRotationBoard(kSample, "board");
  ASSERT_TRUE(a.ok()) << a.status();
  absl::StatusOr<RotationBoard> b = ParseRotationBoard("111132323132231222312133", "board");
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(*a, *b);
  EXPECT_EQ(FormatRotationBoard(*a), "111132323132231222312133");
  EXPECT_EQ(a->CellSet(1) | a->CellSet(2) | a->CellSet(3), (1u << 24) - 1);
}

TEST(RotationBoardTest, ErrorsNameFieldPositionAndExpectation) {
  auto message = [](absl::string_view text) {
    absl::StatusOr<RotationBoard> b = ParseRotationBoard(text, "board");
    EXPECT_EQ(b.status().code(), absl::StatusCode::kInvalidArgument);
    return std::string(b.status().message());
  };
  EXPECT_EQ(message(""), "board: expected 24 symbols (eight each of 1, 2 and 3), got 0");
  EXPECT_EQ(message("1 1 1"), "board: expected 24 symbols (eight each of 1, 2 and 3), got 3");
  EXPECT_EQ(message("1 1 1 1 4 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"),
            "board: symbol '4' at position 5; expected 1, 2 or 3");
  EXPECT_EQ(message("1 1 1 1 0 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"),
            "board: symbol '0' at position 5; expected 1, 2 or 3");
  EXPECT_EQ(message("1 1 1 1 1 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"),
            "board: 9 ones, 8 twos and 7 threes; expected eight of each");
  EXPECT_EQ(message(std::string(100000, '1')),
            "board: expected 24 symbols (eight each of 1, 2 and 3), got 100000");
}

// A compact board is read in UTF-8 characters: a non-ASCII symbol counts once and is named at
// its character position, as '4' is; a byte that starts no character is a symbol of its own.
TEST(RotationBoardTest, NonAsciiSymbolsAreNamedAtTheirCharacterPosition) {
  auto message = [](absl::string_view text) {
    absl::StatusOr<RotationBoard> b = ParseRotationBoard(text, "board");
    EXPECT_EQ(b.status().code(), absl::StatusCode::kInvalidArgument);
    return std::string(b.status().message());
  };
  EXPECT_EQ(message("11113232313223122231213\xc3\x89"),  // É
            "board: symbol '\\xc3\\x89' at position 24; expected 1, 2 or 3");
  EXPECT_EQ(message("1111\xe2\x82\xac"  // €
                    "2323132231222312133"),
            "board: symbol '\\xe2\\x82\\xac' at position 5; expected 1, 2 or 3");
  EXPECT_EQ(message("\xf0\x9f\x98\x80"  // 😀
                    "11132323132231222312133"),
            "board: symbol '\\xf0\\x9f\\x98\\x80' at position 1; expected 1, 2 or 3");
  EXPECT_EQ(message("111132323132231222312\xff"
                    "33"),
            "board: symbol '\\xff' at position 22; expected 1, 2 or 3");
  EXPECT_EQ(message("111132323132231222312133\xc3\x89"),
            "board: expected 24 symbols (eight each of 1, 2 and 3), got 25");
  EXPECT_EQ(message("1 1 1 1 \xc3\x89 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"),
            "board: symbol '\\xc3\\x89' at position 5; expected 1, 2 or 3");
}

TEST(RotationBoardTest, OpsMatchTheSeedsPullAndInverses) {
  RotationBoard board = *ParseRotationBoard(kSample, "board");
  for (int op = 0; op < kRotationOps; ++op) {
    const RotationBoard moved = ApplyRotationOp(board, op);
    const uint8_t* line = kRotationLines[op];
    for (int i = 0; i < 6; ++i) EXPECT_EQ(moved.cells[line[i]], board.cells[line[i + 1]]);
    EXPECT_EQ(moved.cells[line[6]], board.cells[line[0]]);
    EXPECT_EQ(ApplyRotationOp(moved, kRotationInverse[op]), board) << RotationOpChar(op);
    for (int symbol = 1; symbol <= 3; ++symbol) {
      EXPECT_EQ(ApplyRotationOpToMask(board.CellSet(symbol), op), moved.CellSet(symbol));
    }
  }
}

TEST(RotationBoardTest, RankIsTheColexBijection) {
  // Enumerate all 8-subsets of 24 in colex order (Gosper's hack walks them in increasing mask
  // order, which is colex order); ranks must be 0, 1, 2, ...
  uint32_t mask = 0xFF;
  uint32_t expected = 0;
  while (mask < (1u << 24)) {
    ASSERT_EQ(RankCellSet(mask), expected);
    ASSERT_EQ(UnrankCellSet(expected), mask);
    ++expected;
    const uint32_t c = mask & -mask;
    const uint32_t r = mask + c;
    mask = (((r ^ mask) >> 2) / c) | r;
  }
  EXPECT_EQ(expected, kRotationCellSets);
}

}  // namespace
}  // namespace puzzle
