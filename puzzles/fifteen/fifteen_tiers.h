// Which pattern databases each tier holds, and how they are combined for each goal.
//
// A goal is known to the search only by its blank cell b (fifteen_board.h: after relabeling, the
// goal is the identity with the blank on b). For each b a tier lists partitions of the 15 other
// cells into groups; a group of two or more cells is looked up in a pattern database section
// (through a board symmetry when the section holds another shape of the same kind), a lone cell
// counts its tile's Manhattan distance. A partition's groups are disjoint, so their values add up
// to a lower bound (Korf & Felner 2002); the heuristic is the maximum over the partitions.
//
// Partitions are written for one representative goal blank cell of each kind - corner (0), edge
// (1) and centre (5) - and carried to the other 13 cells by the board symmetry that maps the
// representative there.
//
// Thread-safety: pure functions over constant data.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_TIERS_H_
#define PUZZLES_FIFTEEN_FIFTEEN_TIERS_H_

#include <string>
#include <vector>

#include "puzzles/fifteen/fifteen_pdb_layout.h"

namespace puzzle {

enum class FifteenTier {
  // Every goal. The sections listed by FifteenTierPatterns(kDefault).
  kDefault,
  // Opt-in, on top of the default tier: the sections of FifteenTierPatterns(kLarge). Goals whose
  // blank cell is listed in FifteenLargeTierGoalBlanks() use its partitions; all other goals keep
  // the default tier's.
  kLarge,
};

const char* FifteenTierName(FifteenTier tier);

// The sections a tier adds, each one representative of its shape.
std::vector<FifteenPattern> FifteenTierPatterns(FifteenTier tier);

// One partition: its groups of two or more goal cells. Cells in no group (other than the goal's
// blank cell) count their Manhattan distance.
struct FifteenPartition {
  std::vector<std::vector<int>> groups;
};

// The partitions `tier` uses for goals whose blank is on `goal_blank` (0..15). For kLarge, empty
// for goal blanks the large tier does not serve.
std::vector<FifteenPartition> FifteenTierPartitions(FifteenTier tier, int goal_blank);

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_TIERS_H_
