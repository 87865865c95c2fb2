// The 8-puzzle ("eight"): HDU 3567 Eight II, POJ 1077 Eight and the 8-puzzle distance problem,
// answered from one complete last-move table (eight_table.h). This is everything the registry
// needs of it; the layers above see only the Puzzle interface (puzzle/puzzle.h).

#ifndef PUZZLES_EIGHT_EIGHT_PUZZLE_H_
#define PUZZLES_EIGHT_EIGHT_PUZZLE_H_

#include "puzzle/puzzle.h"

namespace puzzle {

// The process-wide instance.
const Puzzle& EightPuzzle();

}  // namespace puzzle

#endif  // PUZZLES_EIGHT_EIGHT_PUZZLE_H_
