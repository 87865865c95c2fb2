#include "puzzles/fifteen/fifteen_tiers.h"

#include "gtest/gtest.h"

namespace puzzle {
namespace {

// Every partition of every goal blank cell covers the other 15 cells once, with groups of 2..8
// cells, each the image of a tier section under a symmetry that puts the goal blank in the
// section's region.
void ExpectSound(FifteenTier tier, const std::vector<FifteenPattern>& sections, int b,
                 const std::vector<FifteenPartition>& partitions) {
  for (const FifteenPartition& partition : partitions) {
    uint32_t covered = 1u << b;
    for (const std::vector<int>& group : partition.groups) {
      ASSERT_GE(group.size(), 2u);
      ASSERT_LE(group.size(), 8u);
      uint32_t mask = 0;
      for (int c : group) mask |= 1u << c;
      EXPECT_EQ(covered & mask, 0u) << "goal blank " << b << ": overlapping groups";
      covered |= mask;
      bool served = false;
      for (const FifteenPattern& p : sections) {
        for (int s = 0; s < kFifteenSymmetryCount && !served; ++s) {
          uint32_t image = 0;
          for (int i = 0; i < p.size; ++i) image |= 1u << kFifteenSymmetries[s][p.cells[i]];
          const int b_in_frame = kFifteenSymmetries[FifteenInverseSymmetry(s)][b];
          served = image == mask && (p.RegionMask() & (1u << b_in_frame));
        }
      }
      EXPECT_TRUE(served) << FifteenTierName(tier) << " tier, goal blank " << b
                          << ": no section serves a group of " << group.size();
    }
  }
}

TEST(FifteenTiersTest, EveryGoalIsCoveredByTheDefaultTier) {
  const std::vector<FifteenPattern> sections = FifteenTierPatterns(FifteenTier::kDefault);
  for (int b = 0; b < 16; ++b) {
    const std::vector<FifteenPartition> partitions =
        FifteenTierPartitions(FifteenTier::kDefault, b);
    ASSERT_FALSE(partitions.empty()) << b;
    ExpectSound(FifteenTier::kDefault, sections, b, partitions);
  }
}

TEST(FifteenTiersTest, TheLargeTierServesItsGoalsWithBothTiersSections) {
  std::vector<FifteenPattern> sections = FifteenTierPatterns(FifteenTier::kDefault);
  for (const FifteenPattern& p : FifteenTierPatterns(FifteenTier::kLarge)) sections.push_back(p);
  int served = 0;
  for (int b = 0; b < 16; ++b) {
    const std::vector<FifteenPartition> partitions = FifteenTierPartitions(FifteenTier::kLarge, b);
    served += !partitions.empty();
    ExpectSound(FifteenTier::kLarge, sections, b, partitions);
  }
  EXPECT_EQ(served, 16);
}

TEST(FifteenTiersTest, DefaultTierFitsIn64Megabytes) {
  uint64_t bytes = 0;
  for (const FifteenPattern& p : FifteenTierPatterns(FifteenTier::kDefault)) {
    bytes += FifteenPdbBytes(p.size);
  }
  EXPECT_LE(bytes, 64u * 1000 * 1000);
  EXPECT_EQ(bytes, 63423360u);
}

TEST(FifteenTiersTest, SymmetricGoalsGetSymmetricPartitions) {
  // The corner design is carried to cell 15 by the 180-degree rotation.
  const std::vector<FifteenPartition> corner = FifteenTierPartitions(FifteenTier::kDefault, 15);
  ASSERT_EQ(corner.size(), 2u);
  EXPECT_EQ(corner[0].groups[0], (std::vector<int>{8, 9, 10, 11, 12, 13, 14}));
  EXPECT_EQ(corner[0].groups[1], (std::vector<int>{1, 2, 3, 4, 5, 6, 7}));
}

}  // namespace
}  // namespace puzzle
