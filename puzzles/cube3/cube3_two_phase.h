// Kociemba's two-phase algorithm: a solution of at most a given length (20 by default, which
// every position has) for any 3x3x3 position; at most 20 took about 0.08 ms median and 0.4 ms
// mean over the published random cubes on a quiet 2-core VM (cube3_two_phase_benchmark, README).
//
// Phase 1 finds move sequences that bring the state into G1 = <U, D, R2, F2, L2, B2> (every
// twist and flip solved, the UD-slice edges in the slice) in increasing length, guided by the
// exact distance to G1: each node reads one word of phase1_moves (cube3_pruning.h), its own,
// which gives its distance and which moves bring it closer or take it farther, so it turns only
// into the children that can still reach G1 in time and reads none of the others' entries (as
// rob-twophase does), and cuts the children whose corners alone show they cannot finish within
// the limit (their distance from solved; and, a few moves from G1, the moves phase 2 would need
// for them, cube3_corners_bounds.h); after each, phase 2 solves within G1 by IDA* over G1's ten
// moves, with the larger of two exact projections of the phase-2 distance as its bound. The first
// pair whose total fits the limit is returned. Neither phase turns one face twice in a row, and two
// opposite faces only in the order U before D, R before L, F before B: any sequence that breaks
// either has a shorter or equal one that does not, so no length is lost.
//
// With a time budget the search goes on after the first solution, each time with a limit one
// below the best found, until it proves none shorter exists within the two-phase structure or
// the budget ends. Without one, the answer depends only on the position and the limit.
//
// Phase 1 runs several subtrees side by side on one thread (Options::lanes), one node of each in
// turn, so that each node's memory reads, prefetched by its parent, overlap the other subtrees'
// work; the answer is still the first a depth-first search meets (cube3_two_phase.cc).
//
// Thread-safety: Solve may be called from several threads at once.
#ifndef PUZZLES_CUBE3_CUBE3_TWO_PHASE_H_
#define PUZZLES_CUBE3_CUBE3_TWO_PHASE_H_

#include <atomic>
#include <cstdint>
#include <vector>

#include "absl/time/time.h"
#include "puzzles/cube3/cube3_corners_bounds.h"
#include "puzzles/cube3/cube3_cube.h"
#include "puzzles/cube3/cube3_pruning.h"

namespace puzzle {

class Cube3TwoPhase {
 public:
  // REQUIRES: `tables` outlives this. Also computes, once a process, the tables the search
  // derives from the move tables (Cube3Phase1Moves, Cube3CornersBounds: about 0.3 s of CPU),
  // so that no query pays for them: a server makes its solver before it reports SERVING.
  explicit Cube3TwoPhase(const Cube3PruningTables* tables);

  struct Options {
    int max_length = 20;
    // Keep looking for shorter solutions until this passes (then return the best found); the
    // infinite past means: stop at the first solution within max_length.
    absl::Time improve_until = absl::InfinitePast();
    // The search gives up at this time, or when *cancelled turns true, with the best found.
    absl::Time deadline = absl::InfiniteFuture();
    const std::atomic<bool>* cancelled = nullptr;
    // Subtrees searched side by side (1 to 16), so that one's memory reads overlap the others'
    // work. Without a time budget the answer is the same for any number: the first in
    // depth-first order.
    int lanes = 6;
  };
  struct Result {
    bool found = false;
    std::vector<int> moves;  // move numbers (cube3_coordinates.h): cube * moves = solved
    uint64_t nodes = 0;      // phase-1 and phase-2 nodes visited
    bool stopped = false;    // the deadline or cancellation ended the search
  };

  Result Solve(const Cube3State& cube, const Options& options) const;

 private:
  const Cube3PruningTables& tables_;
  const Cube3MoveTables& moves_;
  const Cube3CornersBounds& corners_bounds_;
};

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_TWO_PHASE_H_
