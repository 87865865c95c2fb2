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

#ifndef PUZZLES_EIGHT_EIGHT_SOLVER_H_
#define PUZZLES_EIGHT_EIGHT_SOLVER_H_

#include <array>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzles/eight/eight_board.h"
#include "puzzles/eight/eight_table.h"
#include "puzzles/eight/eight_undo_table.h"

namespace puzzle {

// Parses both boards (any notation; an empty or blank goal means 12345678X) and relabels them.
// Errors: InvalidArgument naming "start" or "goal".
absl::StatusOr<RelabeledQuery> ParseEightQuery(absl::string_view start, absl::string_view goal);

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
  // Builds the process-wide undo table on first use (about 2 ms).
  explicit EightSolver(const EightTable* table) : table_(table), undo_(EightUndoTable::Get()) {}

  // Errors: DataLoss only if the table is inconsistent (a walk longer than 31 steps or an illegal
  // move), which a verified table never is; the answer is then withheld, not guessed.
  absl::StatusOr<EightAnswer> Solve(const EightBoard& start, const EightBoard& goal) const;
  absl::StatusOr<EightAnswer> SolveRelabeled(const RelabeledQuery& query) const;

  // Solves queries[i] into answers[i] for every i < count, with the same answers as
  // SolveRelabeled, but interleaving several walks so their memory reads overlap: the
  // throughput path for batches. On DataLoss, answers are unspecified.
  absl::Status SolveRelabeledBatch(const RelabeledQuery* queries, EightAnswer* answers,
                                   size_t count) const;

  // ParseEightQuery, then SolveRelabeled.
  absl::StatusOr<EightAnswer> SolveText(absl::string_view start, absl::string_view goal) const;

 private:
  const EightTable* const table_;
  const EightUndoTable& undo_;
};

}  // namespace puzzle

#endif  // PUZZLES_EIGHT_EIGHT_SOLVER_H_
