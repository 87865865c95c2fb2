// An Oracle (puzzle.h) that answers in-process from a Solver: the CLI's mode without --server,
// and the judges' unit tests.
//
// Thread-safety: not thread-safe (one per thread); the solver must outlive it.

#ifndef PUZZLE_SOLVER_ORACLE_H_
#define PUZZLE_SOLVER_ORACLE_H_

#include <vector>

#include "puzzle/puzzle.h"

namespace puzzle {

class SolverOracle final : public Oracle {
 public:
  // `batch_threads`: how many threads a batch of a search puzzle may use.
  explicit SolverOracle(const Solver* solver, int batch_threads = 1)
      : solver_(solver), batch_threads_(batch_threads) {}

  // Never fails as a whole: every query gets its own status (no deadline, never cancelled).
  absl::StatusOr<std::vector<OracleResult>> SolveMany(
      const std::vector<QueryText>& queries) override;

 private:
  const Solver* const solver_;
  const int batch_threads_;
};

}  // namespace puzzle

#endif  // PUZZLE_SOLVER_ORACLE_H_
