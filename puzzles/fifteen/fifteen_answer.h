// What a 15-puzzle solve returns: shared by the pattern-database search (fifteen_search.h) and
// the Manhattan + linear-conflict baseline (fifteen_baseline_search.h), which must agree on
// every field but `nodes` and `elapsed`.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_ANSWER_H_
#define PUZZLES_FIFTEEN_FIFTEEN_ANSWER_H_

#include <cstdint>
#include <string>

#include "absl/time/time.h"

namespace puzzle {

struct FifteenAnswer {
  bool solvable = false;
  int distance = -1;   // the optimal number of moves; -1 when unsolvable
  std::string moves;   // the lexicographically smallest optimal move string (d < l < r < u)
  uint64_t nodes = 0;  // nodes expanded (children generated), summed over all iterations
  absl::Duration elapsed = absl::ZeroDuration();
};

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_ANSWER_H_
