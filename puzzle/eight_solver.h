// Answers Eight II queries from a loaded table by path reconstruction.
//
// A query (start, goal) is relabeled (eight_board.h) to (seed, goal state). Starting at the goal
// state, the table gives the last move of the lex-min shortest path from the seed; undoing it
// gives the previous state on that same path (a prefix of a lex-min shortest path is itself the
// lex-min shortest path to its end state). At most 31 steps reach the seed; the moves read, in
// reverse, are the answer.
//
// Example:
//   EightSolver solver(&table);
//   absl::StatusOr<EightAnswer> a = solver.SolveText("564178X23", "7568X4123");
//   // a->distance == 8, a->moves() == "urrulldr"
//
// Thread-safety: const methods, safe from any number of threads. The table must outlive the
// solver. The hot path (Solve) does not allocate.

#ifndef PUZZLE_EIGHT_SOLVER_H_
#define PUZZLE_EIGHT_SOLVER_H_

#include <array>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzle/eight_board.h"
#include "puzzle/eight_table.h"

namespace puzzle {

struct EightAnswer {
  bool solvable = false;
  int distance = -1;  // -1 when unsolvable
  std::array<char, kEightMaxDistance> move_chars{};

  // The lex-min shortest move string ("" when start == goal or unsolvable).
  absl::string_view moves() const {
    return absl::string_view(move_chars.data(), distance > 0 ? distance : 0);
  }
};

class EightSolver {
 public:
  // REQUIRES: `table` outlives the solver.
  explicit EightSolver(const EightTable* table) : table_(table) {}

  // Errors: DataLoss only if the table is inconsistent (a walk longer than 31 steps or an illegal
  // move), which a verified table never is; the answer is then withheld, not guessed.
  absl::StatusOr<EightAnswer> Solve(const EightBoard& start, const EightBoard& goal) const;
  absl::StatusOr<EightAnswer> SolveRelabeled(const RelabeledQuery& query) const;

  // Parses both boards (any notation; an empty goal means 12345678X) and solves. Parse errors are
  // InvalidArgument naming "start" or "goal".
  absl::StatusOr<EightAnswer> SolveText(absl::string_view start, absl::string_view goal) const;

 private:
  const EightTable* const table_;
};

}  // namespace puzzle

#endif  // PUZZLE_EIGHT_SOLVER_H_
