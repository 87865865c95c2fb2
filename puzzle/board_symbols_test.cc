#include "puzzle/board_symbols.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

// All the symbols of `text`, as strings.
std::vector<std::string> Split(absl::string_view text) {
  std::vector<absl::string_view> views(text.size());
  const size_t count = SplitBoardSymbols(text, views.data(), views.size());
  EXPECT_LE(count, views.size());
  return std::vector<std::string>(views.begin(), views.begin() + count);
}

TEST(BoardSymbolsTest, CompactTextIsSplitIntoUtf8Characters) {
  using V = std::vector<std::string>;
  EXPECT_EQ(Split("12X"), (V{"1", "2", "X"}));
  EXPECT_EQ(Split(""), V{});
  EXPECT_EQ(Split("1\xc3\x89"           // É, 2 bytes
                  "2\xe2\x82\xac"       // €, 3 bytes
                  "\xf0\x9f\x98\x80"),  // 😀, 4 bytes
            (V{"1", "\xc3\x89", "2", "\xe2\x82\xac", "\xf0\x9f\x98\x80"}));
  // Bytes that start no character are one symbol each.
  EXPECT_EQ(Split("1\xff\x89"
                  "2"),
            (V{"1", "\xff", "\x89", "2"}));
  EXPECT_EQ(Split("\xe2\x82"
                  "X"),
            (V{"\xe2", "\x82", "X"}));                // cut short
  EXPECT_EQ(Split("\xc0\xaf"), (V{"\xc0", "\xaf"}));  // overlong '/'
}

TEST(BoardSymbolsTest, WhitespaceMakesTokens) {
  using V = std::vector<std::string>;
  EXPECT_EQ(Split(" 1 10\t\xc3\x89x\n15 "), (V{"1", "10", "\xc3\x89x", "15"}));
}

TEST(BoardSymbolsTest, CountsPastTheCapacityWithoutStoring) {
  absl::string_view symbols[2];
  EXPECT_EQ(SplitBoardSymbols("1\xc3\x89"
                              "34",
                              symbols, 2),
            4u);
  EXPECT_EQ(symbols[0], "1");
  EXPECT_EQ(symbols[1], "\xc3\x89");
  EXPECT_EQ(SplitBoardSymbols("1 2 3", symbols, 2), 3u);
  EXPECT_EQ(symbols[1], "2");
  EXPECT_EQ(SplitBoardSymbols(std::string(1000, '1'), symbols, 0), 1000u);
}

TEST(BoardSymbolsTest, QuotesEscapedAndCut) {
  EXPECT_EQ(QuoteSymbol("G"), "'G'");
  EXPECT_EQ(QuoteSymbol(absl::string_view("\0", 1)), "'\\x00'");
  EXPECT_EQ(QuoteSymbol("\xc3\x89"), "'\\xc3\\x89'");
  EXPECT_EQ(QuoteSymbol("\xf0\x9f\x98\x80"), "'\\xf0\\x9f\\x98\\x80'");
  EXPECT_EQ(QuoteSymbol(std::string(13, 'z')), "'zzzzzzzzzzzz...' (13 characters)");
}

}  // namespace
}  // namespace puzzle
