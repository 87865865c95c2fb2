// The baseline the pattern-database search is measured against: plain IDA* over Manhattan
// distance plus linear conflicts, with the same answer (optimal length, lexicographically
// smallest optimal move string) as SolveFifteen. Used by tests (as an independent second
// implementation) and benchmarks (for the node and time ratio); not meant for serving, since it
// needs minutes to hours for hard instances.
//
// Why the answer is optimal and lex-min: the heuristic (Manhattan distance plus two moves for
// every tile that must leave its goal line to let the others pass, per row and column; Hansson,
// Mayer and Yung 1992) is admissible, and it has the parity of the true distance, so IDA*'s
// first successful bound is the optimal length. Within that iteration children are tried in the
// order d, l, r, u and only two things are pruned: a child whose f exceeds the bound (it cannot
// lie on an optimal path, by admissibility) and the immediate inverse of the previous move (no
// shortest path undoes its last move). Every optimal move string therefore survives, and the
// depth-first order meets them in lexicographic order, so the first one found is the smallest.
//
// Example:
//   SolveControl control;
//   absl::StatusOr<FifteenAnswer> a = SolveFifteenBaseline(start, goal, control);
//
// Thread-safety: reentrant; every call has its own state.

#ifndef PUZZLES_FIFTEEN_FIFTEEN_BASELINE_SEARCH_H_
#define PUZZLES_FIFTEEN_FIFTEEN_BASELINE_SEARCH_H_

#include "absl/status/statusor.h"
#include "puzzle/solve_control.h"
#include "puzzles/fifteen/fifteen_answer.h"
#include "puzzles/fifteen/fifteen_board.h"

namespace puzzle {

// Unsolvable pairs are answered without search (solvable = false, distance = -1). Polls
// `control` every 4096 nodes; when it says stop, returns control.StopStatus(bound, nodes), the
// bound being the optimal length proven so far. REQUIRES: both boards are permutations of 0..15.
absl::StatusOr<FifteenAnswer> SolveFifteenBaseline(const FifteenBoard& start,
                                                   const FifteenBoard& goal, SolveControl& control);

// Manhattan distance plus linear conflicts of `start` towards `goal` (the search's h at the
// root), for tests and benchmarks. REQUIRES: both boards are permutations of 0..15.
int FifteenManhattanLinearConflict(const FifteenBoard& start, const FifteenBoard& goal);

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_BASELINE_SEARCH_H_
