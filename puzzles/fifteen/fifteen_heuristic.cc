#include "puzzles/fifteen/fifteen_heuristic.h"

#include <algorithm>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "puzzles/fifteen/fifteen_tiers.h"

namespace puzzle {
namespace {

struct Available {
  FifteenPattern pattern;
  const uint8_t* table;
};

absl::Status CheckSection(const FifteenSectionMap& sections, const FifteenPattern& pattern,
                          std::vector<Available>& available) {
  const std::string name = FifteenPdbSectionName(pattern);
  const uint64_t bytes = FifteenPdbBytes(pattern.size);
  auto it = sections.find(name);
  if (it == sections.end()) {
    return absl::DataLossError(
        absl::StrCat(name, ": missing; expected a section of ", bytes, " bytes"));
  }
  if (it->second.size() != bytes) {
    return absl::DataLossError(absl::StrCat(name, ": ", it->second.size(), " bytes; expected ",
                                            bytes, " (", FifteenPdbEntries(pattern.size),
                                            " 4-bit entries)"));
  }
  available.push_back({pattern, reinterpret_cast<const uint8_t*>(it->second.data())});
  return absl::OkStatus();
}

// Resolves a group of cells to a section through a symmetry s with s(section cells) = group and
// the goal blank in s(section region).
bool Resolve(const std::vector<int>& group, int goal_blank, const std::vector<Available>& available,
             FifteenGroupLookup& out) {
  uint32_t mask = 0;
  for (int c : group) mask |= 1u << c;
  for (const Available& a : available) {
    if (a.pattern.size != static_cast<int>(group.size())) continue;
    const uint32_t region = a.pattern.RegionMask();
    for (int s = 0; s < kFifteenSymmetryCount; ++s) {
      const auto& map = kFifteenSymmetries[s];
      const auto& inverse = kFifteenSymmetries[FifteenInverseSymmetry(s)];
      uint32_t image = 0;
      for (int i = 0; i < a.pattern.size; ++i) image |= 1u << map[a.pattern.cells[i]];
      if (image != mask || !(region & (1u << inverse[goal_blank]))) continue;
      out.table = a.table;
      out.size = a.pattern.size;
      out.place_of.fill(-1);
      for (int i = 0; i < a.pattern.size; ++i) {
        out.tiles[i] = map[a.pattern.cells[i]];
        out.place_of[out.tiles[i]] = static_cast<int8_t>(i);
      }
      for (int c = 0; c < kFifteenCells; ++c) {
        out.cell_map[c] = inverse[c];
        out.frame_to_cell[c] = map[c];
      }
      for (int i = 0; i < a.pattern.size; ++i) {
        out.weight[i] = 1;
        for (int j = i + 1; j < a.pattern.size; ++j) out.weight[i] *= 16 - j;
      }
      return true;
    }
  }
  return false;
}

absl::Status BuildPlan(int goal_blank, bool large, const std::vector<FifteenPartition>& partitions,
                       const std::vector<Available>& available, FifteenGoalPlan& plan) {
  plan.goal_blank = goal_blank;
  plan.large_tier = large;
  if (partitions.empty() || partitions.size() > kFifteenMaxPartitions) {
    return absl::InternalError(absl::StrCat("goal blank ", goal_blank, ": ", partitions.size(),
                                            " partitions; expected 1 to ", kFifteenMaxPartitions));
  }
  plan.partition_count = static_cast<int>(partitions.size());
  for (size_t p = 0; p < partitions.size(); ++p) {
    FifteenPartitionLookup& lookup = plan.partitions[p];
    lookup.group_of.fill(-1);
    uint32_t covered = 1u << goal_blank;
    if (partitions[p].groups.size() > kFifteenMaxGroups) {
      return absl::InternalError(absl::StrCat("goal blank ", goal_blank, ": too many groups"));
    }
    for (const std::vector<int>& group : partitions[p].groups) {
      FifteenGroupLookup& g = lookup.groups[lookup.group_count];
      if (!Resolve(group, goal_blank, available, g)) {
        return absl::InternalError(absl::StrCat("goal blank ", goal_blank, ": no section for {",
                                                absl::StrJoin(group, ","), "}"));
      }
      for (int c : group) {
        if (covered & (1u << c)) {
          return absl::InternalError(
              absl::StrCat("goal blank ", goal_blank, ": cell ", c, " in two groups"));
        }
        covered |= 1u << c;
        lookup.group_of[c] = static_cast<int8_t>(lookup.group_count);
      }
      ++lookup.group_count;
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<FifteenHeuristic> FifteenHeuristic::Create(const FifteenSectionMap& sections) {
  std::vector<Available> available;
  for (const FifteenPattern& p : FifteenTierPatterns(FifteenTier::kDefault)) {
    absl::Status s = CheckSection(sections, p, available);
    if (!s.ok()) return s;
  }
  const std::vector<FifteenPattern> large = FifteenTierPatterns(FifteenTier::kLarge);
  const bool any_large = std::any_of(large.begin(), large.end(), [&](const FifteenPattern& p) {
    return sections.contains(FifteenPdbSectionName(p));
  });
  FifteenHeuristic h;
  if (any_large) {
    for (const FifteenPattern& p : large) {
      absl::Status s = CheckSection(sections, p, available);
      if (!s.ok()) {
        return absl::DataLossError(
            absl::StrCat(s.message(), " (the large tier needs all of its sections)"));
      }
    }
    h.has_large_tier_ = true;
  }
  for (int b = 0; b < kFifteenCells; ++b) {
    std::vector<FifteenPartition> partitions;
    bool from_large = false;
    if (h.has_large_tier_) {
      partitions = FifteenTierPartitions(FifteenTier::kLarge, b);
      from_large = !partitions.empty();
    }
    if (!from_large) partitions = FifteenTierPartitions(FifteenTier::kDefault, b);
    absl::Status s = BuildPlan(b, from_large, partitions, available, h.plans_[b]);
    if (!s.ok()) return s;
  }
  return h;
}

int FifteenHeuristic::Evaluate(const FifteenRelabeled& board) const {
  const FifteenGoalPlan& plan = plans_[board.goal_blank];
  uint8_t position[kFifteenCells];
  int manhattan = 0;
  for (int c = 0; c < kFifteenCells; ++c) {
    position[board.labels[c]] = static_cast<uint8_t>(c);
    if (board.labels[c] != board.goal_blank) manhattan += FifteenManhattan(c, board.labels[c]);
  }
  int best = 0;
  for (int p = 0; p < plan.partition_count; ++p) {
    const FifteenPartitionLookup& partition = plan.partitions[p];
    int sum = 0;
    for (int g = 0; g < partition.group_count; ++g) sum += partition.groups[g].Value(position);
    best = std::max(best, sum);
  }
  return manhattan + 2 * best;
}

std::string FifteenHeuristic::Describe(int goal_blank) const {
  const FifteenGoalPlan& plan = plans_[goal_blank];
  const int row = goal_blank / 4;
  const int col = goal_blank % 4;
  const bool row_edge = row == 0 || row == 3;
  const bool col_edge = col == 0 || col == 3;
  const char* kind = row_edge && col_edge ? "corner" : (row_edge || col_edge ? "edge" : "centre");
  std::vector<std::string> shapes;
  for (int p = 0; p < plan.partition_count; ++p) {
    std::vector<int> sizes;
    int grouped = 0;
    for (int g = 0; g < plan.partitions[p].group_count; ++g) {
      sizes.push_back(plan.partitions[p].groups[g].size);
      grouped += plan.partitions[p].groups[g].size;
    }
    std::sort(sizes.rbegin(), sizes.rend());
    std::string shape = absl::StrJoin(sizes, "+");
    if (grouped < kFifteenCells - 1) absl::StrAppend(&shape, "+", 15 - grouped, "x1");
    shapes.push_back(shape);
  }
  return absl::StrCat(kind, " goal (blank on ", goal_blank, "), ",
                      plan.large_tier ? "large" : "default", " tier: max of ", plan.partition_count,
                      " partitions: ", absl::StrJoin(shapes, ", "));
}

}  // namespace puzzle
