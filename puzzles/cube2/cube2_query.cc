#include "puzzles/cube2/cube2_query.h"

#include <array>

namespace puzzle {
namespace {

// kUndoRotation[p][o]: the rotation q with q * Y keeping DBL untwisted when Y has the DBL piece at
// position p with twist o. ((q * Y).cp[DBL] = q.cp[Y.cp[DBL]], so only Y's DBL entry matters.)
// Each of the 24 (p, o) has exactly one such rotation (cube2_query_test).
struct UndoRotationTable {
  std::array<std::array<Cube2State, 3>, kCube2Corners> rotation;

  UndoRotationTable() {
    for (const Cube2State& q : Cube2Rotations()) {
      for (int p = 0; p < kCube2Corners; ++p) {
        if (q.cp[p] != kCube2FixedCorner) continue;
        rotation[p][(3 - q.co[p]) % 3] = q;
      }
    }
  }
};

const UndoRotationTable& UndoRotations() {
  static const UndoRotationTable* const table = new UndoRotationTable();
  return *table;
}

}  // namespace

Cube2State Cube2Relative(const Cube2State& start, const Cube2State& goal) {
  static const Cube2State solved = Cube2Solved();
  // The default goal is solved, whose inverse is the identity: skip the product.
  const Cube2State y = goal == solved ? start : Cube2Multiply(Cube2Inverse(goal), start);
  const Cube2State& q = UndoRotations().rotation[y.cp[kCube2FixedCorner]][y.co[kCube2FixedCorner]];
  return Cube2Multiply(q, y);
}

uint32_t Cube2RelativeIndex(const Cube2State& start, const Cube2State& goal) {
  return Cube2Index(Cube2Relative(start, goal));
}

bool Cube2SameUpToRotation(const Cube2State& a, const Cube2State& b) {
  const Cube2State d = Cube2Multiply(Cube2Inverse(b), a);
  for (const Cube2State& r : Cube2Rotations()) {
    if (r == d) return true;
  }
  return false;
}

}  // namespace puzzle
