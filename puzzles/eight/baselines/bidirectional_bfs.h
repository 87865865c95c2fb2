// Bidirectional breadth-first search for the 8-puzzle distance: a per-query baseline for the
// distance-only problem, written independently of the tables and of puzzles/eight/eight_state.h.
//
// Contract: the minimum number of moves from start to goal, or -1 when the goal is unreachable
// (decided up front by parity, board_checks.h). No move string.
//
// Method: one BFS from each end, a whole layer at a time, always expanding the side with the
// smaller frontier. States are marked in a 9!-entry array indexed by the board's Lehmer rank,
// each mark holding the side, the depth from that side and a generation number, so a query
// clears nothing. Why the first meeting gives the distance: before a layer of side A at depth k
// is expanded, A's layers 0..k and B's layers 0..m are disjoint, so the distance is at least
// k + m + 1 (a shorter path would have a state within k of the start and m of the goal); the
// first child of that layer found marked by B closes a path of k + 1 + (its depth from B), at most
// k + m + 1, hence exactly the distance.
//
// Example:
//   BidirectionalBfs bfs;                          // 1.4 MiB of marks, allocated once
//   absl::StatusOr<int> d = bfs.Distance(start, goal);
//   if (!d.ok()) return d.status();                // InvalidArgument naming "start" or "goal"
//   // *d == 8 for 564178X23 -> 7568X4123; -1 when unsolvable
//
// Thread-safety: Distance mutates the object's scratch space; use one object per thread.

#ifndef PUZZLES_EIGHT_BASELINES_BIDIRECTIONAL_BFS_H_
#define PUZZLES_EIGHT_BASELINES_BIDIRECTIONAL_BFS_H_

#include <array>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "puzzles/eight/eight_board.h"

namespace baselines {

class BidirectionalBfs {
 public:
  BidirectionalBfs();

  BidirectionalBfs(const BidirectionalBfs&) = delete;
  BidirectionalBfs& operator=(const BidirectionalBfs&) = delete;

  // The distance, or -1 when unsolvable. Errors: InvalidArgument naming "start" or "goal" when a
  // board is not a permutation of 0..8.
  absl::StatusOr<int> Distance(const puzzle::EightBoard& start, const puzzle::EightBoard& goal);

 private:
  struct Node {
    std::array<uint8_t, 9> cells;
    uint8_t blank;
  };

  // Starts a new generation of marks, clearing them only when the generation counter wraps.
  void NextGeneration();

  // marks_[Lehmer rank of a board] = generation << 6 | side << 5 | depth from that side; a mark
  // of an older generation means "not seen by this query".
  std::vector<uint32_t> marks_;
  uint32_t generation_ = 0;
  std::vector<Node> frontier_[2];
  std::vector<Node> next_;
};

}  // namespace baselines

#endif  // PUZZLES_EIGHT_BASELINES_BIDIRECTIONAL_BFS_H_
