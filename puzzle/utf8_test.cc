#include "puzzle/utf8.h"

#include <cstdint>
#include <string>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

// Written from the standard's table (RFC 3629), independently of the reader.
std::string Encode(uint32_t code) {
  std::string out;
  if (code < 0x80) {
    out.push_back(static_cast<char>(code));
  } else if (code < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (code >> 6)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else if (code < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (code >> 12)));
    out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (code >> 18)));
    out.push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3F)));
  }
  return out;
}

TEST(Utf8Test, LengthOfTheFirstCharacter) {
  EXPECT_EQ(Utf8CharLength(""), 0u);
  EXPECT_EQ(Utf8CharLength("X"), 1u);
  EXPECT_EQ(Utf8CharLength(std::string(1, '\0')), 1u);
  EXPECT_EQ(Utf8CharLength("\xc3\x89X"), 2u);             // É
  EXPECT_EQ(Utf8CharLength("\xe2\x82\xac"), 3u);          // €
  EXPECT_EQ(Utf8CharLength("\xf0\x9f\x98\x80"), 4u);      // 😀
  EXPECT_EQ(Utf8CharLength("\xff"), 0u);                  // never in UTF-8
  EXPECT_EQ(Utf8CharLength("\x89X"), 0u);                 // a continuation byte
  EXPECT_EQ(Utf8CharLength("\xe2\x82"), 0u);              // cut short
  EXPECT_EQ(Utf8CharLength("\xe2\x82X"), 0u);             // not continued
  EXPECT_EQ(Utf8CharLength("\xc0\xaf"), 0u);              // overlong '/'
  EXPECT_EQ(Utf8CharLength("\xed\xa0\x80"), 0u);          // a UTF-16 surrogate
  EXPECT_EQ(Utf8CharLength("\xf4\x90\x80\x80"), 0u);      // past U+10FFFF
  EXPECT_EQ(Utf8CharLength("\xf8\x88\x80\x80\x80"), 0u);  // the old 5-byte form
}

// Property: every code point's encoding is one character of its length, and nothing else of
// two or three bytes is: of all 2^16 two-byte and 2^24 three-byte strings, exactly the
// encodings of U+0080..U+07FF and U+0800..U+FFFF less the surrogates read as one character.
TEST(Utf8Test, ReadsExactlyTheEncodingsOfCodePoints) {
  for (uint32_t code = 0; code <= 0x10FFFF; ++code) {
    if (code >= 0xD800 && code <= 0xDFFF) continue;
    const std::string encoded = Encode(code);
    ASSERT_EQ(Utf8CharLength(encoded), encoded.size()) << code;
    ASSERT_EQ(Utf8CharLength(encoded + "X"), encoded.size()) << code;
  }
  int two = 0;
  for (uint32_t bytes = 0; bytes < (1u << 16); ++bytes) {
    const char s[2] = {static_cast<char>(bytes >> 8), static_cast<char>(bytes)};
    two += Utf8CharLength(absl::string_view(s, 2)) == 2;
  }
  EXPECT_EQ(two, 0x800 - 0x80);
  int three = 0;
  for (uint32_t bytes = 0; bytes < (1u << 24); ++bytes) {
    const char s[3] = {static_cast<char>(bytes >> 16), static_cast<char>(bytes >> 8),
                       static_cast<char>(bytes)};
    three += Utf8CharLength(absl::string_view(s, 3)) == 3;
  }
  EXPECT_EQ(three, 0x10000 - 0x800 - 0x800);
}

}  // namespace
}  // namespace puzzle
