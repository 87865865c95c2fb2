// The 2x2x2 cube (Pocket Cube), "cube2", in two metrics that each query chooses (Query::metric):
// "htm", the half-turn metric and the default (U U2 U' R R2 R' F F2 F'), and "qtm", the
// quarter-turn metric (U U' R R' F F'). Any start to any goal, compared up to a rotation of the
// whole cube, answered exactly and lex-min from one complete table per metric (cube2_table.h:
// cube2.tbl and cube2-qtm.tbl). This is everything the registry needs of it.

#ifndef PUZZLES_CUBE2_CUBE2_PUZZLE_H_
#define PUZZLES_CUBE2_CUBE2_PUZZLE_H_

#include "puzzle/puzzle.h"

namespace puzzle {

// The process-wide instance.
const Puzzle& Cube2Puzzle();

}  // namespace puzzle

#endif  // PUZZLES_CUBE2_CUBE2_PUZZLE_H_
