// The Rotation Game ("rotation-game", HDU 1667), answered from one distance table over the
// 735,471 sets of 8 cells (rotation_table.h). This is everything the registry needs of it; the
// layers above see only the Puzzle interface (puzzle/puzzle.h).

#ifndef PUZZLES_ROTATION_ROTATION_PUZZLE_H_
#define PUZZLES_ROTATION_ROTATION_PUZZLE_H_

#include "puzzle/puzzle.h"

namespace puzzle {

// The process-wide instance.
const Puzzle& RotationGamePuzzle();

}  // namespace puzzle

#endif  // PUZZLES_ROTATION_ROTATION_PUZZLE_H_
