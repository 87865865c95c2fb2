#include "puzzle/nibble_array.h"

#include <cstdint>
#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

// The layout written out by hand: entry 0 in byte 0's low four bits, entry 1 in its high four
// bits, so that swapped halves or a wrong byte fail.
TEST(NibbleArrayTest, TheLayoutIsLowHalfFirst) {
  const uint8_t bytes[] = {0x21, 0x0D, 0x97};
  const int expected[] = {1, 2, 13, 0, 7, 9};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(NibbleAt(bytes, i), expected[i]) << "entry " << i;
  EXPECT_EQ(NibbleByte(bytes, 0), bytes);
  EXPECT_EQ(NibbleByte(bytes, 1), bytes);
  EXPECT_EQ(NibbleByte(bytes, 5), bytes + 2);
  EXPECT_EQ(NibbleArrayBytes(0), 0u);
  EXPECT_EQ(NibbleArrayBytes(5), 3u);
  EXPECT_EQ(NibbleArrayBytes(6), 3u);
}

TEST(NibbleArrayTest, SetNibbleWritesOneEntryAndKeepsItsNeighbour) {
  uint8_t bytes[2] = {0xFF, 0x00};
  SetNibble(bytes, 0, 3);
  EXPECT_EQ(bytes[0], 0xF3);
  SetNibble(bytes, 1, 0);
  EXPECT_EQ(bytes[0], 0x03);
  SetNibble(bytes, 3, 15);
  EXPECT_EQ(bytes[1], 0xF0);
  SetNibble(bytes, 2, 10);
  EXPECT_EQ(bytes[1], 0xFA);
}

// Random entries written in a random order, over and over, read back as a byte an entry holds
// them; the spare half of an odd-sized array's last byte stays 0.
TEST(NibbleArrayTest, RandomWritesReadBack) {
  std::mt19937_64 random(7);
  for (uint64_t entries : {1, 2, 1001, 1002}) {
    std::vector<uint8_t> expected(entries, 0);
    std::vector<uint8_t> bytes(NibbleArrayBytes(entries), 0);
    for (int k = 0; k < 5000; ++k) {
      const uint64_t i = random() % entries;
      const unsigned value = random() % 16;
      SetNibble(bytes.data(), i, value);
      expected[i] = static_cast<uint8_t>(value);
    }
    for (uint64_t i = 0; i < entries; ++i) {
      ASSERT_EQ(NibbleAt(bytes.data(), i), expected[i]) << "entries " << entries << ", entry " << i;
    }
    if (entries % 2 == 1) {
      EXPECT_EQ(bytes.back() >> 4, 0) << "entries " << entries;
    }
  }
}

}  // namespace
}  // namespace puzzle
