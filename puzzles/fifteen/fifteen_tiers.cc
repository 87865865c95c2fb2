#include "puzzles/fifteen/fifteen_tiers.h"

#include <algorithm>

namespace puzzle {
namespace {

// Partitions for a representative goal blank cell.
struct Design {
  int goal_blank;
  std::vector<FifteenPartition> partitions;
};

// Default tier: 4 sections, 63.4 MB. Shapes (goal cells, region cell), named as in the comments:
//   A0  = {1..7} (two rows less the corner 0), blank in the pocket at 0         28.8 MB
//   A15 = {1..7}, blank in the other region (rows 2-3)                          28.8 MB
//   Y   = {2..7} (two rows less 0 and 1), blank in the pocket {0, 1}              2.9 MB
//   X   = {0, 1, 2, 3, 6, 7} (a row and the two cells below its end)             2.9 MB
// A corner goal gets A0 for the two rows around its blank, A15 for the other two rows and a lone
// tile, and the same transposed (Korf & Felner's "mirror"). Edges and centres get A15 for the
// two rows (or columns) away from the blank and Y or X for most of the rest, in four variants
// (which corner A15 leaves out, rows or columns); the maximum of the four is taken. Nodes
// searched, Korf's 100 starts against a goal with the blank on that cell (mean): corner 69K,
// edge 96K, centre 75K. Designs with two such variants and the rest in 3- and 4-tile groups
// searched 1.8 (edge) and 2 (centre) times as many.
const std::vector<Design>& DefaultDesigns() {
  static const auto* designs = new std::vector<Design>{
      {0,
       {{{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}}},
        {{{1, 4, 5, 8, 9, 12, 13}, {2, 3, 6, 7, 10, 11, 14}}}}},
      {1,
       {{{{8, 9, 10, 11, 12, 13, 14}, {2, 3, 4, 5, 6, 7}}},
        {{{8, 9, 10, 11, 13, 14, 15}, {2, 3, 4, 5, 6, 7}}},
        {{{2, 6, 7, 10, 11, 14, 15}, {0, 4, 8, 9, 12, 13}}},
        {{{2, 3, 6, 7, 10, 11, 14}, {0, 4, 8, 9, 12, 13}}}}},
      {5,
       {{{{8, 9, 10, 11, 12, 13, 14}, {0, 1, 2, 3, 6, 7}}},
        {{{2, 3, 6, 7, 10, 11, 14}, {0, 4, 8, 9, 12, 13}}},
        {{{8, 9, 10, 11, 13, 14, 15}, {0, 1, 2, 3, 6, 7}}},
        {{{2, 6, 7, 10, 11, 14, 15}, {0, 4, 8, 9, 12, 13}}}}},
  };
  return *designs;
}

// Large tier: 4 more sections, 346 MB, used with the default tier's:
//   E  = {8..15} (two full rows); the other two rows are one region              259.5 MB
//   B1 = {0, 2..7} (two rows less the outer edge cell 1), blank in the pocket 1   28.8 MB
//   C4 = {0..3, 5..7} (two rows less the inner end cell 4); one region            28.8 MB
//   D  = {0..4, 6, 7} (two rows less the inner cell 5); one region                28.8 MB
// Every goal gets Korf & Felner's 7-8 split and its transpose: the two rows (or columns) holding
// its blank less that cell, and the other two rows (columns) whole. A corner's 7 is A0, an
// edge's B1 one way and C4 the other, a centre's D both ways. Nodes searched, Korf's 100 starts
// against a goal with the blank on that cell (mean): corner 18.7K, edge 19.4K, centre 19.7K.
const std::vector<Design>& LargeDesigns() {
  static const auto* designs = new std::vector<Design>{
      {0,
       {{{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
        {{{1, 4, 5, 8, 9, 12, 13}, {2, 3, 6, 7, 10, 11, 14, 15}}}}},
      {1,
       {{{{0, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
        {{{0, 4, 5, 8, 9, 12, 13}, {2, 3, 6, 7, 10, 11, 14, 15}}}}},
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
        FifteenPattern::FromCells({2, 3, 4, 5, 6, 7}, 1),
        FifteenPattern::FromCells({0, 1, 2, 3, 6, 7}, 5),
    };
  }
  return {
      FifteenPattern::FromCells({8, 9, 10, 11, 12, 13, 14, 15}, 0),
      FifteenPattern::FromCells({0, 2, 3, 4, 5, 6, 7}, 1),
      FifteenPattern::FromCells({0, 1, 2, 3, 4, 6, 7}, 5),
      FifteenPattern::FromCells({0, 1, 2, 3, 5, 6, 7}, 4),
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
