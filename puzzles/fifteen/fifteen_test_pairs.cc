#include "puzzles/fifteen/fifteen_test_pairs.h"

#include <algorithm>
#include <random>

namespace puzzle {
namespace {

FifteenBoard Shuffled(std::mt19937_64& rng) {
  FifteenBoard board = StandardFifteenGoal();
  std::shuffle(board.cells.begin(), board.cells.end(), rng);
  return board;
}

}  // namespace

std::vector<FifteenPair> RandomWalkFifteenPairs(int count, int max_walk, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<FifteenPair> pairs;
  for (int i = 0; i < count; ++i) {
    FifteenPair pair;
    pair.goal = Shuffled(rng);
    const int blank = pair.goal.BlankCell();
    std::swap(pair.goal.cells[blank], pair.goal.cells[i % kFifteenCells]);
    pair.start = pair.goal;
    const int length = static_cast<int>(rng() % (max_walk + 1));
    int cell = i % kFifteenCells;
    int previous = -1;
    for (int step = 0; step < length;) {
      const int move = static_cast<int>(rng() % kFifteenMoves);
      const int target = FifteenMoveTarget(cell, move);
      if (target < 0 || (previous >= 0 && move == FifteenInverseMove(previous))) continue;
      pair.start.cells[cell] = pair.start.cells[target];
      pair.start.cells[target] = 0;
      cell = target;
      previous = move;
      ++step;
    }
    pairs.push_back(pair);
  }
  return pairs;
}

std::vector<FifteenPair> RandomFifteenPairs(int count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<FifteenPair> pairs;
  for (int i = 0; i < count; ++i) {
    FifteenPair pair;
    pair.goal = Shuffled(rng);
    do {
      pair.start = Shuffled(rng);
    } while (!FifteenSolvable(pair.start, pair.goal));
    pairs.push_back(pair);
  }
  return pairs;
}

}  // namespace puzzle
