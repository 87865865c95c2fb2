// IDA* with the Manhattan-distance heuristic: a per-query baseline for the Eight II tables, with
// the same answer contract as puzzle::EightSolver, written independently of the tables and of
// puzzles/eight/eight_state.h (it only takes puzzle::EightBoard as input).
//
// Contract: the distance from start to goal and the lexicographically smallest (d < l < r < u;
// letters name where the blank goes) of the shortest move strings; distance -1 and no moves when
// the goal is unreachable, which is decided up front by parity (board_checks.h), never by
// searching.
//
// Why the first path found is the lex-min shortest one. Each iteration is a depth-first search,
// children tried in the order d, l, r, u, that prunes a node when g + h exceeds the bound (g the
// moves so far, h the Manhattan distance to the goal). Manhattan distance never overestimates,
// so the bound of the iteration that first reaches the goal equals the optimal distance D (the
// bound only grows to the smallest pruned g + h, which is at most D), and no node of a shortest
// path is pruned in it (on such a path g + h <= g + (D - g) = D). A depth-first search that tries
// children in letter order visits paths of one length in lexicographic order, so the first
// shortest path it completes is the lex-min one. Skipping the move that undoes the previous one
// removes no shortest path (a shortest path never returns to a state).
//
// Example:
//   absl::StatusOr<IdaStarAnswer> a = IdaStarSolve(start, goal);
//   if (!a.ok()) return a.status();   // InvalidArgument: a board is not a permutation of 0-8
//   // 564178X23 -> 7568X4123: a->distance == 8, a->moves() == "urrulldr"
//
// Cost: grows exponentially with the distance; about 2,900 nodes per random solvable pair on
// average (mean distance 21.7), about 24,000 for 8672543X1 -> 12345678X (distance 31).
//
// Thread-safety: IdaStarSolve is a pure function with no shared state; call it from any thread.

#ifndef PUZZLES_EIGHT_BASELINES_IDA_STAR_H_
#define PUZZLES_EIGHT_BASELINES_IDA_STAR_H_

#include <array>
#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzles/eight/eight_board.h"

namespace baselines {

// The 8-puzzle's diameter: no solvable pair is farther apart (OEIS A089473). The search gives up
// with Internal rather than go deeper, which a pair that passed the parity test never needs.
inline constexpr int kIdaStarMaxDistance = 31;

struct IdaStarAnswer {
  bool solvable = false;
  int distance = -1;  // -1 when unsolvable
  int64_t nodes = 0;  // successors generated over all iterations: the work the tables avoid
  std::array<char, kIdaStarMaxDistance> move_chars{};

  // The lex-min shortest move string ("" when start == goal or unsolvable).
  absl::string_view moves() const {
    return absl::string_view(move_chars.data(), distance > 0 ? distance : 0);
  }
};

// Errors: InvalidArgument naming "start" or "goal" when a board is not a permutation of 0..8;
// Internal if the search would exceed kIdaStarMaxDistance (never, for valid boards).
absl::StatusOr<IdaStarAnswer> IdaStarSolve(const puzzle::EightBoard& start,
                                           const puzzle::EightBoard& goal);

}  // namespace baselines

#endif  // PUZZLES_EIGHT_BASELINES_IDA_STAR_H_
