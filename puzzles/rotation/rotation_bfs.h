// The Rotation Game table generator: one breadth-first search over the 735,471 8-cell sets,
// backwards from the goal set (the 8 centre cells) through the inverse ops, recording each set's
// distance in 4 bits. The payload is what puzzles/rotation/rotation_table.h probes.

#ifndef PUZZLES_ROTATION_ROTATION_BFS_H_
#define PUZZLES_ROTATION_ROTATION_BFS_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"

namespace puzzle {

struct RotationBfsResult {
  std::vector<uint8_t> payload;     // kRotationPayloadBytes
  std::vector<uint32_t> per_depth;  // per_depth[d] = sets at distance d
};

// FailedPrecondition if a distance does not fit in 4 bits or a set is unreachable (neither
// happens for this puzzle; the check keeps a wrong table from being written).
absl::StatusOr<RotationBfsResult> BuildRotationTable();

}  // namespace puzzle

#endif  // PUZZLES_ROTATION_ROTATION_BFS_H_
