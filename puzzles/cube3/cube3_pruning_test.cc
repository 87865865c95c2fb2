// The large table's 4-bit layout (cube3_pruning.h): PackCube3LargeDistances and
// Cube3LargeDistance against the layout written out by hand. (The tables' contents need the
// built tables: the default tier's are held to brute force and the verifier by
// cube3_two_phase_test, the large tier's by //data:cube3-large_table_verify_test and
// cube3_optimal_large_test, opt-in.)
#include "puzzles/cube3/cube3_pruning.h"

#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "puzzle/seeded_random.h"

namespace puzzle {
namespace {

TEST(Cube3LargeLayoutTest, TheEvenEntryTakesTheLowFourBits) {
  std::vector<uint8_t> distances = {1, 2, 13, 0, 7, 9};
  PackCube3LargeDistances(&distances);
  EXPECT_EQ(distances, (std::vector<uint8_t>{0x21, 0x0D, 0x97}));
}

TEST(Cube3LargeLayoutTest, AnOddCountLeavesTheLastHighBitsZero) {
  std::vector<uint8_t> distances = {3, 4, 15};
  PackCube3LargeDistances(&distances);
  EXPECT_EQ(distances, (std::vector<uint8_t>{0x43, 0x0F}));
  std::vector<uint8_t> one = {12};
  PackCube3LargeDistances(&one);
  EXPECT_EQ(one, (std::vector<uint8_t>{0x0C}));
  std::vector<uint8_t> none;
  PackCube3LargeDistances(&none);
  EXPECT_TRUE(none.empty());
}

// Every entry reads back, in place, for random distances 0..15 and both parities of the count.
TEST(Cube3LargeLayoutTest, EveryEntryReadsBack) {
  SeededRandom random(20261207);
  for (size_t count : {size_t{100001}, size_t{100002}}) {
    std::vector<uint8_t> distances(count);
    for (uint8_t& d : distances) d = static_cast<uint8_t>(random.Below(16));
    const std::vector<uint8_t> expected = distances;
    PackCube3LargeDistances(&distances);
    ASSERT_EQ(distances.size(), (count + 1) / 2);
    for (size_t i = 0; i < count; ++i) {
      ASSERT_EQ(Cube3LargeDistance(distances.data(), i), expected[i]) << "entry " << i;
      ASSERT_EQ(Cube3LargeByte(distances.data(), i), distances.data() + i / 2) << "entry " << i;
    }
  }
  EXPECT_EQ(kCube3LargeBytes, 3332690568u);  // puzzle/TABLE_FORMAT.md
}

}  // namespace
}  // namespace puzzle
