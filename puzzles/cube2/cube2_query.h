// A 2x2x2 query, start -> goal, as one state of the table: states painted in any orientation are
// compared up to a rotation of the whole cube (a 2x2x2 has no centres).
//
// The moves U, R and F keep the piece at DBL where it is. So a sequence M solves start -> goal
// when start * M = goal * r for the one rotation r that brings to DBL, twisted as in the start,
// the goal's copy of the start's DBL piece. M then solves X = r^-1 * goal^-1 * start to solved,
// and X keeps the DBL piece at DBL untwisted: X is one entry of the table (Cube2Index).
//
// Thread-safety: pure functions.

#ifndef PUZZLES_CUBE2_CUBE2_QUERY_H_
#define PUZZLES_CUBE2_CUBE2_QUERY_H_

#include <cstdint>

#include "puzzles/cube2/cube2_cube.h"

namespace puzzle {

// X above, as a Cube2Index. REQUIRES: both states are valid cubes (any orientation).
uint32_t Cube2RelativeIndex(const Cube2State& start, const Cube2State& goal);

// The state r^-1 * goal^-1 * start itself (Cube2KeepsFixedCorner holds for it).
Cube2State Cube2Relative(const Cube2State& start, const Cube2State& goal);

// True when `a` is `b` turned as a whole (or `b` itself).
bool Cube2SameUpToRotation(const Cube2State& a, const Cube2State& b);

}  // namespace puzzle

#endif  // PUZZLES_CUBE2_CUBE2_QUERY_H_
