// The 3x3x3 cube on the puzzle seam ("cube3"): any start and goal, answered near-optimally by
// the two-phase search (at most 20 moves, not proven shortest: PuzzleInfo::near_optimal) over
// the table file "cube3" (cube3_table.h).
#ifndef PUZZLES_CUBE3_CUBE3_PUZZLE_H_
#define PUZZLES_CUBE3_CUBE3_PUZZLE_H_

#include "puzzle/puzzle.h"

namespace puzzle {

const Puzzle& Cube3Puzzle();

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_PUZZLE_H_
