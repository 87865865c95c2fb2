#include "rpc/utf8.h"

#include "gtest/gtest.h"

namespace rpc {
namespace {

TEST(Utf8Test, Utf8Validation) {
  size_t bad = 0;
  EXPECT_TRUE(IsValidUtf8("", &bad));
  EXPECT_TRUE(IsValidUtf8("plain ascii", &bad));
  EXPECT_TRUE(IsValidUtf8("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", &bad));  // é € 😀
  EXPECT_FALSE(IsValidUtf8("ab\xff", &bad));
  EXPECT_EQ(bad, 2u);
  EXPECT_FALSE(IsValidUtf8("\xc0\xaf", &bad));          // overlong '/'
  EXPECT_FALSE(IsValidUtf8("\xed\xa0\x80", &bad));      // a UTF-16 surrogate
  EXPECT_FALSE(IsValidUtf8("\xf4\x90\x80\x80", &bad));  // past U+10FFFF
  EXPECT_FALSE(IsValidUtf8("\xe2\x82", &bad));          // cut short
  EXPECT_EQ(bad, 0u);
}

TEST(Utf8Test, TheOffsetIsTheBadCharactersFirstByte) {
  size_t bad = 7;
  EXPECT_TRUE(IsValidUtf8("\xc3\xa9", &bad));
  EXPECT_EQ(bad, 7u);  // left alone
  EXPECT_FALSE(IsValidUtf8("\xc3\xa9\xe2\x82!", &bad));
  EXPECT_EQ(bad, 2u);
  EXPECT_FALSE(IsValidUtf8("ab\xe2\x82\xac\x80", &bad));  // a stray continuation after '€'
  EXPECT_EQ(bad, 5u);
}

}  // namespace
}  // namespace rpc
