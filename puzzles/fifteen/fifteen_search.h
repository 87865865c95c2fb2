// Optimal, lexicographically smallest 15-puzzle solutions: IDA* over the pattern-database
// heuristic (fifteen_heuristic.h), for any start and any goal.
//
// Why the answer is optimal. The heuristic is admissible (a maximum of additive pattern-database
// sums, each a lower bound) and has the parity of the true distance (h = m + 2 * sum(e), and
// every move changes m by one, as it changes the distance by one), so every f = g + h along a
// search has the parity of the optimal length d. IDA* raises its bound from h(start) to the
// least f that exceeded it; no bound below d succeeds, and bound d is reached, so the first
// bound that succeeds is d and the string found has exactly d moves.
//
// Why it is the lexicographically smallest optimal string. Within the successful iteration the
// depth-first search tries children in the order d, l, r, u, so it meets move strings in
// lexicographic order, and returns the first that reaches the goal. It prunes only:
//   - a child with g + h > bound: by admissibility no optimal string passes through it;
//   - the inverse of the previous move: an optimal string never undoes its last move.
// Neither removes an optimal string, so the first one met is the smallest. Evaluating a child's
// partitions lazily (stop at the first whose sum already exceeds the bound) only decides the
// same prune sooner; updating Manhattan distance, group values and section indices
// incrementally (FifteenGroupLookup::IndexAfterMove, checked against a fresh rank in
// fifteen_heuristic_test) computes the same h. The search deliberately has no transposition table
// and no duplicate-sequence pruning: both can cut the lexicographically smallest of several optimal
// strings reaching the same state.
//
// Example:
//   SolveControl control(absl::Now() + absl::Seconds(30), &cancelled, "--max_search_time (30s)");
//   absl::StatusOr<FifteenAnswer> a = SolveFifteen(start, goal, heuristic, control);
//   if (!a.ok()) return a.status();  // Cancelled / DeadlineExceeded with the bound proven
//
// Thread-safety: reentrant; any number of searches may share one heuristic. A search allocates
// nothing per node (its state is a few hundred bytes on the caller's stack).

#ifndef PUZZLES_FIFTEEN_FIFTEEN_SEARCH_H_
#define PUZZLES_FIFTEEN_FIFTEEN_SEARCH_H_

#include "absl/status/statusor.h"
#include "puzzle/solve_control.h"
#include "puzzles/fifteen/fifteen_answer.h"
#include "puzzles/fifteen/fifteen_board.h"
#include "puzzles/fifteen/fifteen_heuristic.h"

namespace puzzle {

// Unsolvable pairs (different parity classes) are answered without search: solvable = false,
// distance = -1. Polls `control` every 1024 nodes (well under a millisecond) and reports
// progress there and at every new bound; when told to stop, returns
// control.StopStatus(bound, nodes), the bound being the least length not yet ruled out.
// REQUIRES: both boards are permutations of 0..15.
absl::StatusOr<FifteenAnswer> SolveFifteen(const FifteenBoard& start, const FifteenBoard& goal,
                                           const FifteenHeuristic& heuristic,
                                           SolveControl& control);

}  // namespace puzzle

#endif  // PUZZLES_FIFTEEN_FIFTEEN_SEARCH_H_
