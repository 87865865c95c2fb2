// Answers Rotation Game queries from the distance table.
//
// For each symbol k (1..3), the cells holding k form an 8-cell set whose table distance is the
// number of ops needed to fill the centre with k. The answer's length d is the least of the
// three. For each symbol reaching d, the lex-min op string of length d that fills the centre with
// it is built greedily: at every step take the smallest op (A < ... < H) whose successor set is
// one step closer. The answer is the lexicographically smallest of those strings, with its symbol.
//
// Why this equals the seed's IDA* answer: IDA* deepens the limit one op at a time, so it first
// succeeds with limit d, the least length over all symbols. Within that iteration it tries op
// strings in lexicographic order; its pruning (an admissible bound, and never undoing the
// previous op, which no shortest string does) removes no string of length d that fills the
// centre. So it returns the lex-min string of length d that fills the centre with any symbol.
// The strings that fill it with symbol k are exactly the walks of length d to distance 0 in k's
// table, whose lex-min the greedy descent yields (a smallest op that keeps the remaining distance
// reachable is always right, since every shortest string's first op leads one step closer). The
// overall lex-min is the least of the per-symbol lex-mins, and its symbol is the centre's.
//
// Thread-safety: const, safe from any number of threads; the table must outlive the solver.

#ifndef PUZZLES_ROTATION_ROTATION_SOLVER_H_
#define PUZZLES_ROTATION_ROTATION_SOLVER_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzles/rotation/rotation_board.h"
#include "puzzles/rotation/rotation_table.h"

namespace puzzle {

struct RotationAnswer {
  int distance = 0;   // 0: "No moves needed"
  std::string moves;  // ops A..H, lex-min of the shortest
  int centre = 0;     // the symbol filling the centre afterwards, 1..3
};

class RotationSolver {
 public:
  explicit RotationSolver(const RotationTable* table) : table_(table) {}

  // DataLoss if the table is inconsistent (no op leads one step closer).
  absl::StatusOr<RotationAnswer> Solve(const RotationBoard& board) const;
  // ParseRotationBoard(text, "board"), then Solve.
  absl::StatusOr<RotationAnswer> SolveText(absl::string_view text) const;

 private:
  const RotationTable* const table_;
};

}  // namespace puzzle

#endif  // PUZZLES_ROTATION_ROTATION_SOLVER_H_
