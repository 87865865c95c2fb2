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

  // The section index for tiles at position[label] (cells). Hot path of the search.
  uint64_t Index(const uint8_t* position) const {
    uint8_t q[kFifteenMaxPatternTiles];
    for (int i = 0; i < size; ++i) q[i] = cell_map[position[tiles[i]]];
    return FifteenRankPlacement(q, size);
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
