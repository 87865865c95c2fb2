// An independent lex-min oracle for the 2x2x2, for tests: a bidirectional BFS over cube states
// (cube2_cube.h's multiplication, not the table's move tables nor the query's reduction to one
// table entry), with lex-min reconstruction.
//
// The forward search from the state visits each layer in lexicographic order of the paths that
// first reach its states (so the path stored for each state is its lex-min shortest path); the
// backward search from the goal's rotations stores exact distances. For d = 0, 1, 2, ... the first
// d at which some state at forward depth ceil(d/2) is exactly d - ceil(d/2) from solved is the
// distance, the first such state in layer order carries the lex-min prefix, and the suffix is
// completed greedily with the backward distances (the smallest move one step closer, each time).
//
// Thread-safety: pure function.

#ifndef PUZZLES_CUBE2_CUBE2_BRUTE_FORCE_H_
#define PUZZLES_CUBE2_CUBE2_BRUTE_FORCE_H_

#include <vector>

#include "puzzles/cube2/cube2_cube.h"
#include "puzzles/cube2/cube2_notation.h"

namespace puzzle {

// The lex-min shortest sequence of `turns` (given in lexicographic order) taking `start` to
// `goal` turned as a whole (any of the 24 rotations), as indices into `turns`. The backward
// search starts from the rotation of the goal that has the start's DBL piece at DBL. REQUIRES:
// valid cubes; the turns keep the DBL position's piece (U, R, F).
std::vector<int> Cube2BruteForceSolve(const Cube2State& start, const Cube2State& goal,
                                      const std::vector<Cube2Turn>& turns);

}  // namespace puzzle

#endif  // PUZZLES_CUBE2_CUBE2_BRUTE_FORCE_H_
