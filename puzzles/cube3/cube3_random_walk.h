// Random walks of face turns, for the 3x3x3's tests: states far from solved, or states in G1 (the
// two-phase algorithm's subgroup <U, D, R2, F2, L2, B2>) made by phase 2's ten moves only.
//
// Thread-safety: a pure function of its arguments; `random` is advanced.
#ifndef PUZZLES_CUBE3_CUBE3_RANDOM_WALK_H_
#define PUZZLES_CUBE3_CUBE3_RANDOM_WALK_H_

#include "puzzle/seeded_random.h"
#include "puzzles/cube3/cube3_cube.h"

namespace puzzle {

// `from` turned by `moves` moves, each drawn uniformly by one random.Below call: among the 18
// moves, or among kCube3Phase2Moves when `g1_only` (so a walk from a G1 state stays in G1).
// Consecutive moves may turn the same face.
Cube3State Cube3RandomWalk(Cube3State from, int moves, bool g1_only, SeededRandom& random);

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_RANDOM_WALK_H_
