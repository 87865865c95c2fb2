// Deterministic random (start, goal) pairs for tests and benchmarks: arbitrary goals (the i-th
// goal has its blank on cell i % 16) and starts a bounded random walk away, or both boards
// uniformly random.
//
// Thread-safety: pure functions.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_TEST_PAIRS_H_
#define PUZZLES_FIFTEEN_FIFTEEN_TEST_PAIRS_H_

#include <cstdint>
#include <vector>

#include "puzzles/fifteen/fifteen_board.h"

namespace puzzle {

struct FifteenPair {
  FifteenBoard start;
  FifteenBoard goal;
};

// `count` pairs. Goal i is a uniformly random board with its blank on cell i % 16; its start is
// a random walk of (uniformly) 0..max_walk moves from it that never undoes its previous move, so
// the distance is at most the walk's length.
std::vector<FifteenPair> RandomWalkFifteenPairs(int count, int max_walk, uint64_t seed);

// `count` pairs of independent uniformly random boards, resampling the start until the pair is
// solvable.
std::vector<FifteenPair> RandomFifteenPairs(int count, uint64_t seed);

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_TEST_PAIRS_H_
