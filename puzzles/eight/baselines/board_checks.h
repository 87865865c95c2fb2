// Board validation and the solvability test shared by the per-query baselines (ida_star,
// bidirectional_bfs). Written from first principles, without puzzles/eight/eight_state.h, so that
// the baselines stay an independent check of the tables.
//
// Solvability: on a board 3 cells wide, a horizontal move of the blank leaves the tiles' reading
// order (blank skipped) unchanged, and a vertical move carries one tile past the two tiles between
// its old and new cell, which changes the number of inversions by -2, 0 or +2. So the parity of
// the inversion count is invariant; conversely every board with the same parity is reachable (the
// classic Johnson-Story result, and what the 181,440-state component sizes confirm). A goal is
// reachable from a start exactly when their tiles' inversion counts have the same parity.
//
// Example:
//   absl::Status s = CheckBoard(start, "start");
//   if (!s.ok()) return s;                        // InvalidArgument naming "start"
//   if (!SameTileParity(start, goal)) return -1;  // unsolvable, known without a search
//
// Thread-safety: pure functions.

#ifndef PUZZLES_EIGHT_BASELINES_BOARD_CHECKS_H_
#define PUZZLES_EIGHT_BASELINES_BOARD_CHECKS_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "puzzles/eight/eight_board.h"

namespace baselines {

// OK when `board.cells` is a permutation of 0..8 (0 the blank). Otherwise InvalidArgument naming
// `field` and the 1-based position, e.g. "start: value 9 at position 3; expected 0-8 (0 is the
// blank)" or "goal: value 4 at positions 2 and 7; expected each of 0-8 once".
absl::Status CheckBoard(const puzzle::EightBoard& board, absl::string_view field);

// Whether the blank at cell `blank` can move in direction `move` (0 d, 1 l, 2 r, 3 u).
constexpr bool LegalMove(int blank, int move) {
  switch (move) {
    case 0:
      return blank < 6;
    case 1:
      return blank % 3 != 0;
    case 2:
      return blank % 3 != 2;
    default:
      return blank >= 3;
  }
}

// True when the goal is reachable from the start. REQUIRES: both boards pass CheckBoard.
bool SameTileParity(const puzzle::EightBoard& start, const puzzle::EightBoard& goal);

}  // namespace baselines

#endif  // PUZZLES_EIGHT_BASELINES_BOARD_CHECKS_H_
