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
  explicit SolverOracle(const Solver* solver) : solver_(solver) {}

  // Never fails as a whole: every query gets its own status (no deadline, never cancelled).
  absl::StatusOr<std::vector<OracleResult>> SolveMany(
      const std::vector<QueryText>& queries) override;

 private:
  const Solver* const solver_;
};

}  // namespace puzzle

#endif  // PUZZLE_SOLVER_ORACLE_H_
