#include "puzzles/fifteen/fifteen_tiers.h"

#include <algorithm>

namespace puzzle {
namespace {

// Partitions for a representative goal blank cell.
struct Design {
  int goal_blank;
  std::vector<FifteenPartition> partitions;
};

const std::vector<Design>& DefaultDesigns() {
  static const auto* designs = new std::vector<Design>{
      // Corner: two "two rows less a corner" 7-tile groups and a lone tile, and the same
      // transposed.
      {0,
       {{{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}}},
        {{{1, 4, 5, 8, 9, 12, 13}, {2, 3, 6, 7, 10, 11, 14}}}}},
      // Edge.
      {1,
       {{{{8, 9, 10, 11, 12, 13, 14}, {2, 3, 4, 5, 6, 7}}},
        {{{8, 9, 10, 11, 12, 13, 14}, {2, 3, 6, 7}, {0, 4, 5}}},
        {{{2, 6, 7, 10, 11, 14, 15}, {8, 9, 12, 13}, {0, 4, 5}}}}},
      // Centre.
      {5,
       {{{{8, 9, 10, 11, 12, 13, 14}, {0, 1, 2, 3, 6, 7}}},
        {{{2, 3, 6, 7, 10, 11, 14}, {0, 4, 8, 9, 12, 13}}},
        {{{8, 9, 10, 11, 12, 13, 14}, {2, 3, 6, 7}, {0, 1, 4}}},
        {{{2, 3, 6, 7, 10, 11, 14}, {8, 9, 12, 13}, {0, 1, 4}}}}},
  };
  return *designs;
}

const std::vector<Design>& LargeDesigns() {
  static const auto* designs = new std::vector<Design>{
      // Corner: Korf and Felner's 7-8 and its transpose.
      {0,
       {{{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
        {{{1, 4, 5, 8, 9, 12, 13}, {2, 3, 6, 7, 10, 11, 14, 15}}}}},
      // Edge: 7-8 (the transpose would need a third 7-tile shape), and the default tier's best.
      {1,
       {{{{0, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
        {{{8, 9, 10, 11, 12, 13, 14}, {2, 3, 4, 5, 6, 7}}}}},
      // Centre: 7-8 and its transpose.
      {5,
       {{{{0, 1, 2, 3, 4, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
        {{{0, 1, 4, 8, 9, 12, 13}, {2, 3, 6, 7, 10, 11, 14, 15}}}}},
  };
  return *designs;
}

}  // namespace

const char* FifteenTierName(FifteenTier tier) {
  return tier == FifteenTier::kDefault ? "default" : "large";
}

std::vector<FifteenPattern> FifteenTierPatterns(FifteenTier tier) {
  if (tier == FifteenTier::kDefault) {
    return {
        FifteenPattern::FromCells({1, 2, 3, 4, 5, 6, 7}, 0),
        FifteenPattern::FromCells({1, 2, 3, 4, 5, 6, 7}, 15),
        FifteenPattern::FromCells({0, 1, 4, 5}, 2),
        FifteenPattern::FromCells({0, 4, 5}, 1),
        FifteenPattern::FromCells({0, 1, 4}, 2),
        FifteenPattern::FromCells({2, 3, 4, 5, 6, 7}, 1),
        FifteenPattern::FromCells({0, 1, 2, 3, 6, 7}, 5),
    };
  }
  return {
      FifteenPattern::FromCells({8, 9, 10, 11, 12, 13, 14, 15}, 0),
      FifteenPattern::FromCells({0, 2, 3, 4, 5, 6, 7}, 1),
      FifteenPattern::FromCells({0, 1, 2, 3, 4, 6, 7}, 5),
  };
}

std::vector<FifteenPartition> FifteenTierPartitions(FifteenTier tier, int goal_blank) {
  const std::vector<Design>& designs =
      tier == FifteenTier::kDefault ? DefaultDesigns() : LargeDesigns();
  for (const Design& design : designs) {
    for (int s = 0; s < kFifteenSymmetryCount; ++s) {
      const auto& map = kFifteenSymmetries[s];
      if (map[design.goal_blank] != goal_blank) continue;
      std::vector<FifteenPartition> out;
      for (const FifteenPartition& p : design.partitions) {
        FifteenPartition mapped;
        for (const std::vector<int>& group : p.groups) {
          std::vector<int> cells;
          for (int c : group) cells.push_back(map[c]);
          std::sort(cells.begin(), cells.end());
          mapped.groups.push_back(cells);
        }
        out.push_back(mapped);
      }
      return out;
    }
  }
  return {};
}

}  // namespace puzzle
