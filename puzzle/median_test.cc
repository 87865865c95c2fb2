#include "puzzle/median.h"

#include <vector>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

TEST(MedianTest, TheMiddleOfAnOddCountInAnyOrder) {
  EXPECT_EQ(Median(std::vector<double>{7.0}), 7.0);
  EXPECT_EQ(Median(std::vector<double>{9.0, 1.0, 2.0}), 2.0);
}

TEST(MedianTest, TheMeanOfTheMiddleTwoOfAnEvenCount) {
  EXPECT_EQ(Median(std::vector<double>{9.0, 4.0, 1.0, 2.0}), 3.0);
  EXPECT_EQ(Median(std::vector<long>{1, 2}), 1.5);  // not truncated to the integer type
  EXPECT_EQ(Median(std::vector<long>{5000000000, 5000000002}), 5000000001.0);  // no overflow
}

TEST(MedianTest, ZeroForNone) { EXPECT_EQ(Median(std::vector<double>{}), 0.0); }

}  // namespace
}  // namespace puzzle
