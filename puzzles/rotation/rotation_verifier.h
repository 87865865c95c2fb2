// Independent verification of a Rotation Game distance table (shares no code with
// rotation_bfs.h). Because every op's inverse is an op, moves are reversible, and a table is
// exactly the distance to the goal set if and only if:
//   1. the goal set (the 8 centre cells) has distance 0, and no other set does;
//   2. every other set with distance d has an op leading to a set with distance d - 1;
//   3. no op changes the distance by more than 1.
// (1-2 make each stored d the length of a real op string, so d >= true distance; 3 makes d drop
// by at most one per op, so d <= true distance.) The verifier checks all three for every set.

#ifndef PUZZLES_ROTATION_ROTATION_VERIFIER_H_
#define PUZZLES_ROTATION_ROTATION_VERIFIER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/rotation/rotation_table.h"

namespace puzzle {

struct RotationVerifyReport {
  std::vector<uint32_t> per_depth;    // sets at each distance, as stored
  std::vector<std::string> failures;  // empty when correct; capped at 20
  bool ok() const { return failures.empty(); }
};

RotationVerifyReport VerifyRotationTable(const puzzle::RotationTable& table);

}  // namespace puzzle

#endif  // PUZZLES_ROTATION_ROTATION_VERIFIER_H_
