// An exact answer by brute force, independent of every search in this package, for tests: the
// distance by bidirectional breadth-first search, and the lexicographically smallest optimal move
// string by greedy descent (at each step, the smallest move whose successor is exactly one step
// closer; a smallest such move always starts some optimal string, so the walk yields the
// smallest). Practical up to about 24 moves.
//
// It shares nothing with the searches but the board struct: states are packed into 64 bits (the
// symbol of cell c in bits 4c..4c+3) and moves are generated here.
//
// Thread-safety: reentrant.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_BRUTE_FORCE_H_
#define PUZZLES_FIFTEEN_FIFTEEN_BRUTE_FORCE_H_

#include <string>

#include "puzzles/fifteen/fifteen_board.h"

namespace puzzle {

// The distance from `start` to `goal`, or -1 when it exceeds `max_distance` (as it does for
// every unsolvable pair).
int BruteForceFifteenDistance(const FifteenBoard& start, const FifteenBoard& goal,
                              int max_distance);

struct BruteForceFifteenAnswer {
  int distance = -1;  // -1: beyond max_distance or unsolvable
  std::string moves;  // the lexicographically smallest optimal move string
};

BruteForceFifteenAnswer BruteForceFifteenSolve(const FifteenBoard& start, const FifteenBoard& goal,
                                               int max_distance);

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_BRUTE_FORCE_H_
