// The 15-puzzle ("fifteen", Fifteen II): any start, any goal, the lexicographically smallest
// optimal move string, found by IDA* over additive pattern databases (fifteen_search.h) that are
// memory-mapped from fifteen.tbl and, when present, fifteen-large.tbl (fifteen_table_file.h).
// This is everything the registry needs of it; the layers above see only the Puzzle interface
// (puzzle/puzzle.h).

#ifndef PUZZLES_FIFTEEN_FIFTEEN_PUZZLE_H_
#define PUZZLES_FIFTEEN_FIFTEEN_PUZZLE_H_

#include "puzzle/puzzle.h"

namespace puzzle {

// The process-wide instance.
const Puzzle& FifteenPuzzle();

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_PUZZLE_H_
