// A reimplementation of the seed's IDA* for the Rotation Game (HDU 1667): iterative deepening,
// ops tried A..H, never undoing the previous op, pruned by h = 8 - (count of the most common
// centre symbol). It shares no code with the table path (its own op lists and pull), so tests
// use it as an independent reference and benchmarks as the per-query baseline.
//
// Thread-safety: one instance per thread.

#ifndef PUZZLES_ROTATION_ROTATION_IDA_STAR_H_
#define PUZZLES_ROTATION_ROTATION_IDA_STAR_H_

#include <array>
#include <string>

namespace puzzle {

class RotationIdaStar {
 public:
  struct Answer {
    std::string moves;  // empty when the centre is already uniform
    int centre;         // the centre symbol afterwards
  };

  // REQUIRES: `board` holds eight each of 1, 2, 3 (cells in reading order).
  Answer Solve(const std::array<int, 24>& board);

  // The seed's pull: cell l[i] takes l[i+1]'s symbol, l[6] takes l[0]'s.
  static void Pull(std::array<int, 24>& board, int op);

 private:
  int H() const;
  void Search(int depth, int last, int limit);

  std::array<int, 24> map_{};
  std::string route_;
  bool found_ = false;
};

}  // namespace puzzle

#endif  // PUZZLES_ROTATION_ROTATION_IDA_STAR_H_
