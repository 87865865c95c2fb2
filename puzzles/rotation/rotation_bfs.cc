#include "puzzles/rotation/rotation_bfs.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "puzzle/nibble_array.h"
#include "puzzles/rotation/rotation_board.h"
#include "puzzles/rotation/rotation_table.h"

namespace puzzle {

absl::StatusOr<RotationBfsResult> BuildRotationTable() {
  constexpr uint8_t kUnseen = 0xFF;
  std::vector<uint8_t> distance(puzzle::kRotationCellSets, kUnseen);
  std::vector<uint32_t> queue;
  queue.reserve(puzzle::kRotationCellSets);
  queue.push_back(puzzle::kRotationCentreMask);
  distance[puzzle::RankCellSet(puzzle::kRotationCentreMask)] = 0;
  RotationBfsResult result;
  result.per_depth.push_back(1);
  size_t level_end = 1;
  for (size_t head = 0; head < queue.size(); ++head) {
    const uint32_t set = queue[head];
    const uint8_t next_distance = distance[puzzle::RankCellSet(set)] + 1;
    for (int op = 0; op < puzzle::kRotationOps; ++op) {
      // A set that op `op` turns into `set` is `set` under the inverse op.
      const uint32_t before = puzzle::ApplyRotationOpToMask(set, puzzle::kRotationInverse[op]);
      uint8_t& slot = distance[puzzle::RankCellSet(before)];
      if (slot != kUnseen) continue;
      slot = next_distance;
      queue.push_back(before);
    }
    if (head + 1 == level_end && queue.size() > level_end) {
      result.per_depth.push_back(static_cast<uint32_t>(queue.size() - level_end));
      level_end = queue.size();
    }
  }
  if (queue.size() != puzzle::kRotationCellSets) {
    return absl::FailedPreconditionError(absl::StrCat("rotation BFS reached ", queue.size(), " of ",
                                                      puzzle::kRotationCellSets, " sets"));
  }
  if (result.per_depth.size() - 1 > static_cast<size_t>(puzzle::kRotationMaxStoredDistance)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "rotation BFS depth ", result.per_depth.size() - 1, " does not fit in 4 bits"));
  }
  result.payload.assign(puzzle::kRotationPayloadBytes, 0);
  for (uint32_t rank = 0; rank < puzzle::kRotationCellSets; ++rank) {
    SetNibble(result.payload.data(), rank, distance[rank]);
  }
  return result;
}

}  // namespace puzzle
