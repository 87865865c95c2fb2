// The 3x3x3 cube on the puzzle seam ("cube3"): any start and goal, in two modes chosen per query:
// near_optimal (the default), the two-phase search's answer (at most 20 moves, not proven
// shortest: PuzzleInfo::near_optimal; cube3_two_phase.h), and optimal, the minimum and the
// lexicographically smallest sequence that short (cube3_optimal.h), whose stop by a deadline
// carries the bound proven and the two-phase answer. Over the table file "cube3" (cube3_table.h),
// and the opt-in "cube3-large" for faster optimal searches when it is present.
#ifndef PUZZLES_CUBE3_CUBE3_PUZZLE_H_
#define PUZZLES_CUBE3_CUBE3_PUZZLE_H_

#include "puzzle/puzzle.h"

namespace puzzle {

const Puzzle& Cube3Puzzle();

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_PUZZLE_H_
