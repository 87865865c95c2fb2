// A read-only view of the pattern database sections as the search's heuristic. It owns no table
// bytes: it points into sections someone else keeps alive (a memory-mapped table file, or the
// vectors BuildFifteenTables returned).
//
// For every goal blank cell b it resolves the tier's partitions (fifteen_tiers.h) into lookups:
// each group of a partition knows its section, its tiles in the section's order and the
// symmetry that carries board cells into the section's frame. The value of a board is
//   h = m + 2 * max over partitions of (sum over groups of e_group)
// where m is the Manhattan distance of all 15 tiles and e_group the section's 4-bit entry
// (fifteen_pdb_layout.h): each partition's sum of group distances is m + 2 * sum(e), an additive
// lower bound, and the maximum of lower bounds is one. When every large-tier section is present
// the goals it serves use its partitions, and all others the default tier's.
//
// Example:
//   FifteenSectionMap sections = {{"fifteen_pdb_1234567", view}, ...};
//   absl::StatusOr<FifteenHeuristic> h = FifteenHeuristic::Create(sections);
//   if (!h.ok()) return h.status();  // DataLoss naming the section
//   int value = h->Evaluate(RelabelFifteen(start, goal));
//
// Thread-safety: immutable after Create; any number of threads may use one view. The sections'
// bytes must outlive the view and every search using it.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_HEURISTIC_H_
#define PUZZLES_FIFTEEN_FIFTEEN_HEURISTIC_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzles/fifteen/fifteen_board.h"
#include "puzzles/fifteen/fifteen_pdb_layout.h"

namespace puzzle {

inline constexpr int kFifteenMaxPartitions = 4;
inline constexpr int kFifteenMaxGroups = 7;

// One group of one partition, resolved to its section.
struct FifteenGroupLookup {
  const uint8_t* table = nullptr;
  int size = 0;
  std::array<uint8_t, kFifteenMaxPatternTiles> tiles{};  // labels, in the section's cell order
  std::array<uint8_t, kFifteenCells> cell_map{};         // board cell -> the section's frame
  // For IndexAfterMove: the inverse of cell_map, each label's place in `tiles` (-1: not in the
  // group), and the weight of each place in the rank: weight[i] = (15-i) * (14-i) ... down to
  // (16-size+1), the number of placements of the tiles after place i.
  std::array<uint8_t, kFifteenCells> frame_to_cell{};
  std::array<int8_t, kFifteenCells> place_of{};
  std::array<uint64_t, kFifteenMaxPatternTiles> weight{};

  // The section index for tiles at position[label] (cells). Hot path of the search.
  uint64_t Index(const uint8_t* position) const {
    uint8_t q[kFifteenMaxPatternTiles];
    for (int i = 0; i < size; ++i) q[i] = cell_map[position[tiles[i]]];
    return FifteenRankPlacement(q, size);
  }

  // The index after the group's tile `label` slides from cell `from` to the adjacent empty cell
  // `to`, given `index`, the index before the move, and board[cell] (labels; before the move).
  // Equal to Index() of the new position, at a fraction of the cost: with FifteenRankPlacement's
  // digits d_i = q_i - #{j < i : q_j < q_i}, only the moved tile's digit and the digits of the
  // group's tiles on frame cells strictly between the two cells change. A move is one cell
  // sideways or one row in the section's frame (a symmetry keeps cells adjacent): sideways,
  // no cell is between and d_i changes by the difference; by a row, the 3 cells between are
  // checked. REQUIRES: place_of[label] >= 0, from and to adjacent, `to` empty on board.
  uint64_t IndexAfterMove(uint64_t index, const uint8_t* board, int label, int from, int to) const {
    const int i = place_of[label];
    const int frame_from = cell_map[from];
    const int frame_to = cell_map[to];
    const int diff = frame_to - frame_from;
    if (diff == 1 || diff == -1) return index + static_cast<int64_t>(diff) * weight[i];
    const int step = diff > 0 ? 1 : -1;
    const int low = diff > 0 ? frame_from : frame_to;
    int64_t digit_change = diff;
    uint64_t later_weights = 0;
    for (int c = low + 1; c < low + 4; ++c) {
      const int j = place_of[board[frame_to_cell[c]]];
      if (j < 0) continue;
      if (j < i) {
        digit_change -= step;  // tile j is now on the other side of the moved tile
      } else {
        later_weights += weight[j];  // the moved tile is now on the other side of tile j
      }
    }
    return index + digit_change * static_cast<int64_t>(weight[i]) +
           step * static_cast<int64_t>(later_weights);
  }
  // The entry e for tiles at position[label].
  int Value(const uint8_t* position) const { return FifteenPdbEntry(table, Index(position)); }
};

struct FifteenPartitionLookup {
  int group_count = 0;
  std::array<FifteenGroupLookup, kFifteenMaxGroups> groups{};
  std::array<int8_t, kFifteenCells> group_of{};  // label -> its group, -1: Manhattan only
};

struct FifteenGoalPlan {
  int goal_blank = 0;
  bool large_tier = false;  // the partitions come from the large tier
  int partition_count = 0;
  std::array<FifteenPartitionLookup, kFifteenMaxPartitions> partitions{};
};

// Section name -> bytes. The views must stay valid while the heuristic is in use.
using FifteenSectionMap = absl::flat_hash_map<std::string, absl::string_view>;

class FifteenHeuristic {
 public:
  // Validates that every default-tier section is present with its exact size, and that the
  // large tier is either wholly present (every section, exact sizes) or absent. Errors are
  // DataLoss: "fifteen_pdb_1234567: 100 bytes; expected 28828800 (57657600 4-bit entries)",
  // "fifteen_pdb_1234567: missing; expected a section of 28828800 bytes". Sections with other
  // names are ignored. Checks sizes only; fifteen_pdb_verifier.h checks contents.
  static absl::StatusOr<FifteenHeuristic> Create(const FifteenSectionMap& sections);

  const FifteenGoalPlan& Plan(int goal_blank) const { return plans_[goal_blank]; }
  bool has_large_tier() const { return has_large_tier_; }

  // h of a relabeled board (see the file comment). REQUIRES: a permutation of 0..15.
  int Evaluate(const FifteenRelabeled& board) const;

  // "corner goal (blank on 0), large tier: max of 2 partitions: 7+8, 7+8" and the like.
  std::string Describe(int goal_blank) const;

 private:
  FifteenHeuristic() = default;

  std::array<FifteenGoalPlan, kFifteenCells> plans_{};
  bool has_large_tier_ = false;
};

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_HEURISTIC_H_
