// The 2x2x2 cube (Pocket Cube), in two metrics: "cube2" (half-turn metric, the default: U U2 U'
// R R2 R' F F2 F') and "cube2-qtm" (quarter-turn metric: U U' R R' F F'). Any start to any goal,
// compared up to a rotation of the whole cube, answered exactly and lex-min from one complete
// table per metric (cube2_table.h). This is everything the registry needs of them.

#ifndef PUZZLES_CUBE2_CUBE2_PUZZLE_H_
#define PUZZLES_CUBE2_CUBE2_PUZZLE_H_

#include "puzzle/puzzle.h"

namespace puzzle {

// The process-wide instances.
const Puzzle& Cube2Puzzle();             // "cube2", half-turn metric
const Puzzle& Cube2QuarterTurnPuzzle();  // "cube2-qtm", quarter-turn metric

}  // namespace puzzle

#endif  // PUZZLES_CUBE2_CUBE2_PUZZLE_H_
