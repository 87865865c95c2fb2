#include "puzzles/fifteen/fifteen_pdb_layout.h"

#include <algorithm>
#include <functional>
#include <random>
#include <set>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

TEST(FifteenPdbLayoutTest, RankIsABijectionOntoTheIndexRange) {
  for (int k = 1; k <= 4; ++k) {
    std::vector<bool> seen(FifteenPdbEntries(k), false);
    std::vector<uint8_t> q(k);
    // Every k-permutation of 16 cells, in lexicographic order, ranks to consecutive indices.
    std::vector<int> cells(16);
    for (int i = 0; i < 16; ++i) cells[i] = i;
    uint64_t expected = 0;
    std::function<void(int, uint32_t)> place = [&](int i, uint32_t used) {
      if (i == k) {
        const uint64_t index = FifteenRankPlacement(q.data(), k);
        ASSERT_EQ(index, expected++);
        uint8_t back[kFifteenMaxPatternTiles];
        FifteenUnrankPlacement(index, k, back);
        for (int j = 0; j < k; ++j) ASSERT_EQ(back[j], q[j]);
        seen[index] = true;
        return;
      }
      for (int c = 0; c < 16; ++c) {
        if (used & (1u << c)) continue;
        q[i] = static_cast<uint8_t>(c);
        place(i + 1, used | (1u << c));
      }
    };
    place(0, 0);
    EXPECT_EQ(expected, FifteenPdbEntries(k));
  }
  std::mt19937_64 rng(5);
  for (int k = 5; k <= 8; ++k) {
    for (int i = 0; i < 10000; ++i) {
      const uint64_t index = rng() % FifteenPdbEntries(k);
      uint8_t q[kFifteenMaxPatternTiles];
      FifteenUnrankPlacement(index, k, q);
      EXPECT_EQ(FifteenRankPlacement(q, k), index);
    }
  }
}

TEST(FifteenPdbLayoutTest, DocumentedSizesAndExamples) {
  EXPECT_EQ(FifteenPdbEntries(5), 524160u);
  EXPECT_EQ(FifteenPdbEntries(6), 5765760u);
  EXPECT_EQ(FifteenPdbEntries(7), 57657600u);
  EXPECT_EQ(FifteenPdbEntries(8), 518918400u);
  EXPECT_EQ(FifteenPdbBytes(7), 28828800u);
  EXPECT_EQ(FifteenPdbBytes(3), 1680u);
  // index(1, 0, 2) = d (1, 0, 0) in bases (16, 15, 14) = 1 * 15 * 14.
  const uint8_t q[3] = {1, 0, 2};
  EXPECT_EQ(FifteenRankPlacement(q, 3), 210u);
  // Nibbles: entry 0 low, entry 1 high.
  const uint8_t section[2] = {0x5a, 0x03};
  EXPECT_EQ(FifteenPdbEntry(section, 0), 0xa);
  EXPECT_EQ(FifteenPdbEntry(section, 1), 0x5);
  EXPECT_EQ(FifteenPdbEntry(section, 2), 0x3);
}

TEST(FifteenPdbLayoutTest, SymmetriesPreserveAdjacencyAndFormAGroup) {
  std::set<std::array<uint8_t, 16>> distinct;
  for (int s = 0; s < kFifteenSymmetryCount; ++s) {
    const auto& map = kFifteenSymmetries[s];
    distinct.insert(map);
    for (int a = 0; a < 16; ++a) {
      for (int b = 0; b < 16; ++b) {
        EXPECT_EQ(FifteenManhattan(a, b), FifteenManhattan(map[a], map[b])) << s;
      }
    }
    const int inverse = FifteenInverseSymmetry(s);
    ASSERT_GE(inverse, 0);
    for (int c = 0; c < 16; ++c) EXPECT_EQ(kFifteenSymmetries[inverse][map[c]], c);
    for (int t = 0; t < kFifteenSymmetryCount; ++t) {  // closed under composition
      std::array<uint8_t, 16> composed;
      for (int c = 0; c < 16; ++c) composed[c] = kFifteenSymmetries[t][map[c]];
      EXPECT_TRUE(std::find(kFifteenSymmetries.begin(), kFifteenSymmetries.end(), composed) !=
                  kFifteenSymmetries.end());
    }
  }
  EXPECT_EQ(distinct.size(), 8u);
  // The transpose is the sixth.
  EXPECT_EQ(kFifteenSymmetries[6][1], 4);
  EXPECT_EQ(kFifteenSymmetries[6][7], 13);
}

TEST(FifteenPdbLayoutTest, SectionNamesRoundTripAndRejectMalformedNames) {
  const FifteenPattern a = FifteenPattern::FromCells({7, 1, 2, 3, 4, 5, 6}, 0);
  EXPECT_EQ(FifteenPdbSectionName(a), "fifteen_pdb_1234567_0");
  EXPECT_EQ(FifteenPdbSectionName(FifteenPattern::FromCells({8, 9, 10, 11, 12, 13, 14, 15}, 0)),
            "fifteen_pdb_89abcdef_0");
  absl::StatusOr<FifteenPattern> parsed = ParseFifteenPdbSectionName("fifteen_pdb_1234567_0");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(*parsed, a);
  for (const char* bad : {"fifteen_pdb_1234567", "fifteen_pdb_1_0", "fifteen_pdb_123456789_0",
                          "fifteen_pdb_2134567_0", "fifteen_pdb_1234567_1", "fifteen_pdb_12G_0",
                          "fifteen_pdb_123_x", "eight_pdb_123_0", "fifteen_pdb_123-0"}) {
    absl::StatusOr<FifteenPattern> p = ParseFifteenPdbSectionName(bad);
    EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument) << bad;
  }
  EXPECT_EQ(ParseFifteenPdbSectionName("fifteen_pdb_1234567").status().message(),
            "section name 'fifteen_pdb_1234567'; expected fifteen_pdb_, 2 to 8 distinct cells as "
            "increasing lowercase hex digits, '_' and a region cell");
}

TEST(FifteenPdbLayoutTest, RegionsFollowTheWallsThePatternBuilds) {
  // Two rows less the corner: the corner is a pocket behind tiles 1 and 4.
  EXPECT_EQ(FifteenPattern::FromCells({1, 2, 3, 4, 5, 6, 7}, 0).RegionMask(), 0x0001u);
  EXPECT_EQ(FifteenPattern::FromCells({1, 2, 3, 4, 5, 6, 7}, 15).RegionMask(), 0xff00u);
  // Two full rows: the other two rows are one region.
  EXPECT_EQ(FifteenPattern::FromCells({8, 9, 10, 11, 12, 13, 14, 15}, 0).RegionMask(), 0x00ffu);
  // Tiles on 1, 4, 6 and 9 wall in cells 0 and 5 separately.
  EXPECT_EQ(FifteenFlood(5, 0xffff & ~0x0252u), 0x0020u);
  EXPECT_EQ(FifteenFlood(0, 0xffff & ~0x0252u), 0x0001u);
  EXPECT_EQ(FifteenFlood(2, 0xffff & ~0x0252u), 0xffff & ~0x0252u & ~0x0021u);
  EXPECT_EQ(FifteenFlood(0, 0x0001u), 0x0001u);
  EXPECT_EQ(FifteenFlood(0, 0x0002u), 0u);
  EXPECT_EQ(FifteenFlood(0, 0xffffu), 0xffffu);
  EXPECT_EQ(FifteenFlood(3, 0x0018u), 0x0008u);  // cells 3 and 4 are not neighbours
}

}  // namespace
}  // namespace puzzle
