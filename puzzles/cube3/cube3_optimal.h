// The 3x3x3's optimal solver: the minimum number of face turns (half-turn metric) and, of the
// solutions that short, the lexicographically smallest in the move order U U2 U' R R2 R' F F2 F'
// D D2 D' L L2 L' B B2 B' (the move numbers 0..17 of cube3_coordinates.h).
//
// IDA*: for bound = h(start), h(start) + 1, ...: a depth-first search of the sequences of length
// `bound`, each node's moves tried in that order, cutting a node whose depth plus h (a lower
// bound of its distance) exceeds `bound`. h is the largest of four exact distances of projections
// (cube3_pruning.h): the cube's distance to G1 (flip, twist and UD-slice edges) as seen along each
// of the three axes, and its corners' distance (permutation and twist). A node knows its own
// distance to G1 along each axis,
// and reads its own phase1_moves word for each (cube3_pruning.h), which says how each move
// changes that distance: so its children's distances along the axes come without reading their
// entries, and only the children within the bound along all three are made. The word also gives
// the node's distance to G1's even half (the states of G1 whose corner permutation is even: one
// more than the distance to G1 for about a fifth of the entries), from its corner parity: a node
// that this puts beyond the bound along an axis is cut before its children are made, and its
// tight distances rule out last moves (point 5). Of the children made, a child
// whose distances leave it no last move (point 5) is cut before its coordinates are computed,
// and each other child's words are prefetched when it is made (unless it has no moves left). With
// the large tier loaded (tables.large), the distance to G1 is replaced by the large table's: the
// distance from solved of the edges' flip, the slice edges' places and order, the twist and the
// corners' permutation parity (cube3_flipslice_sorted.h), along each axis, and the same of the
// inverse position (point 6), so h is the largest of seven; its lookups are staged (the first axis
// and the corners for every child, the other two axes only for the children those keep, the
// inverse's only for the children all those keep), so that most children cost one random read
// of the 3.33 GB table.
//
// Why the answer is the minimum and the lexicographically smallest one:
//   1. Only canonical sequences are searched: no face turns twice in a row, and two opposite faces
//      turn in the order U before D, R before L, F before B. A sequence that turns one face twice
//      in a row is not optimal: the two turns merge into one or none. Opposite faces commute, so
//      a sequence with "D^a U^b" has the same effect as the one with "U^b D^a" there, which is
//      as long and smaller at the first position where they differ (U < D). In an optimal
//      sequence that swap puts no face twice in a row (U^c D^a U^b would merge to U^(b+c) D^a,
//      shorter), so swapping until none is left gives a canonical sequence, as long, with the
//      same effect, no larger. So the lexicographically smallest optimal sequence is canonical.
//   2. h never exceeds the distance: a sequence that solves the cube solves each projection, so
//      it is at least as long as each projection's exact distance. The other axes' distances are
//      the cube conjugated by a rotation, and the tables' symmetry classes conjugate by the 16 UD
//      symmetries: both map the 18 moves onto themselves, so distances are unchanged; a lookup by
//      class representative reads the state's own distance. A phase1_moves word is the
//      representative's too, each of its moves that move of the state (conjugated, and rotated
//      for the axis: Cube3Phase1Moves::Deltas), so a child's distance taken from its parent's
//      word is the one its own lookup would read. So a cut node has no solution of the bound's
//      length below it, and the cuts drop no such sequence.
//   3. At each bound every canonical sequence that the cuts leave is tried in lexicographic order,
//      so the first that solves the cube is the smallest solution of that length; every shorter
//      bound was searched to its end without one, so it is optimal.
//   4. On several threads a bound's search is split by its first two moves, handed out in
//      lexicographic order. The answer is the solution under the smallest prefix that has one,
//      taken only when every smaller prefix was searched to its end: threads change the time and
//      the node count, never the answer.
//   5. The last move. Each axis's table gives the exact distance to a coset of a subgroup, rotated
//      to the axis: in the default tier G1 = <U, D, R2, F2, L2, B2>, which holds every turn of the
//      axis's two faces and the other faces' half turns, and (the words' parity bits) G1's even
//      half, the states of G1 with an even corner parity, which of single moves holds the six
//      half turns; in the large tier the subgroup that keeps flips, twists, the slice edges'
//      places and order and an even corner parity, which of single moves holds U2 and D2. If a
//      node's distance to one of these along an axis equals the moves left to the bound, no
//      solution through it of that length ends with a move of that subgroup: the move could be
//      dropped, and the shorter sequence would reach the same subgroup, below its exact
//      distance. The distance of the node's twin of the other parity (the same coordinates; in
//      the large tier the entry beside the node's) is the node's exact distance to the even
//      subgroup's odd coset: the states that its coordinates call solved and whose corner parity
//      is odd, which holds U, U', D and D'. (A sequence s takes the node x to that coset exactly
//      when it takes x's twin of the other parity to the subgroup: the coordinates move alike,
//      and s changes both parities by the same.) A solution ending with one of those four
//      leaves, before that move, a state of the odd coset; so when that distance is at least the
//      moves left, no solution through the node of that length ends with one of them. A solution
//      through the node is also
//      one through each of its ancestors, with the same last move, so each node carries the
//      moves its ancestors' and its own tight lookups rule out as the last one. Where all 18 are
//      ruled out (all three axes tight, say), the node has no solution of the bound's length and
//      is cut; at the last level only the moves not ruled out are tried. Neither drops a
//      solution of the bound's length, so 3 still holds. (A node with nothing left to go rules
//      nothing out: an empty solution has no last move. Rokicki's nxopt uses the same fact.)
//   6. The inverse (the large tier only: in the default tier, since each node reads its own
//      words, the probes below cost more time than they saved). A sequence s solves the position
//      c exactly when its inverse s^-1 (the moves reversed, each turned back) solves c^-1, and
//      the two are as long. So c^-1's distances bound c's from below too: each child the lookups
//      above keep also reads the large table for c^-1 seen along each axis (c^-1 has c's corner
//      parity), and is cut when one entry exceeds the moves left. And where one equals the moves
//      left, s^-1 does not end with a move of that axis's subgroup (point 5), so s does not start
//      with one (the subgroup holds each of its moves' inverses), and likewise for the odd coset's
//      moves (U, U', D, D' as the axis sees them, closed under inverses too) where the other
//      parity's entry is at least the moves left: the child's own children by those moves are
//      not searched. The views of c^-1 are kept move by move: c m has the inverse m^-1 c^-1; a
//      view's coordinates are computed from its cubies, and its class is read from a table by
//      raw value. With fewer than 4 moves left the probe is skipped: there the
//      other lookups are tight, and on the benchmark's cubes it cut nothing. Neither cut drops a
//      solution of the bound's length, so 3 still holds.
//   7. Symmetric positions (the superflip, the checkerboards). Six of the cube's symmetries map
//      the faces U, R and F onto U, R and F, and so D, L, B onto D, L, B: the rotations about the
//      URF-DBL diagonal and the mirrors in the three planes through it. Conjugating by one, S s
//      S^-1, maps the canonical sequences (point 1) onto the canonical sequences of the same
//      length, move by move: a face turned twice in a row stays so, and an opposite pair keeps
//      its order. When S c S^-1 = c for such an S, s solves c exactly when S s S^-1 does. So for
//      the symmetries S that fix c (a group), a bound's solutions under one first-moves prefix p
//      give solutions under each image S p S^-1, and the tables keep every prefix that has one
//      (point 2). So each bound is searched only under the prefixes that are the smallest of
//      their images: when none has a solution, no prefix has one. And the lexicographically
//      smallest solution s lies under one of them: its images are solutions as long, so none is
//      smaller, and neither is its prefix's image. Every searched prefix before s's has no
//      solution (it would be smaller than s), so the first found is still s: 3 and 4 hold.
//
// When the deadline passes or the search is cancelled, the result is not found and carries the
// bound being searched: every shorter length was searched to its end, so the optimal length is
// at least that. Each thread looks at the clock and the flag every kPollEvery nodes of a bound's
// search, and leaves its whole search at once when told to stop, so a stop costs at most
// kPollEvery more nodes a thread. A search that needs fewer nodes than that finishes even when the
// deadline has passed (as when the two-phase search has used up a query's time): its answer costs
// less than a millisecond more than a refusal would.
//
// Thread-safety: Solve may be called from several threads at once.
#ifndef PUZZLES_CUBE3_CUBE3_OPTIMAL_H_
#define PUZZLES_CUBE3_CUBE3_OPTIMAL_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "absl/time/time.h"
#include "puzzles/cube3/cube3_cube.h"
#include "puzzles/cube3/cube3_pruning.h"

namespace puzzle {

class Cube3Optimal {
 public:
  // REQUIRES: `tables` outlives this.
  explicit Cube3Optimal(const Cube3PruningTables* tables);

  // Nodes a thread generates between two looks at the deadline and the cancellation flag.
  static constexpr uint64_t kPollEvery = 4096;

  struct Options {
    int threads = 1;  // threads for one solve (the calling thread is one of them)
    // The fewest moves left at which each child's inverse is probed (point 6); 0: the tier's
    // choice (4 in the large tier, never in the default tier, where the probes cost more time
    // than they save). Any value gives the same answer; tests set it to run the probes in the
    // default tier too.
    int inverse_from = 0;
    // Search a symmetric position under one prefix of each orbit of its symmetries (point 7).
    // The answer is the same either way; false is for tests.
    bool symmetry = true;
    // The longest solution wanted (0: any): when the minimum is longer, the result is not found,
    // not stopped, with lower_bound max_length + 1.
    int max_length = 0;
    absl::Time deadline = absl::InfiniteFuture();
    const std::atomic<bool>* cancelled = nullptr;  // may be null; read with relaxed ordering
    // Called from the calling thread about every progress_interval (may be empty): the bound
    // being searched and the nodes so far.
    std::function<void(int bound, uint64_t nodes)> progress;
    absl::Duration progress_interval = absl::Milliseconds(100);
  };
  struct Result {
    bool found = false;
    std::vector<int> moves;  // cube * moves = solved: optimal, lexicographically smallest
    uint64_t nodes = 0;      // nodes generated
    int lower_bound = 0;     // proven: found ? moves.size() : the bound being searched (or
                             // max_length + 1 when every length up to max_length has none)
    bool stopped = false;    // the deadline or cancellation ended the search
  };

  Result Solve(const Cube3State& cube, const Options& options) const;

  // h(cube): the largest of the four distances, the first bound searched.
  int LowerBound(const Cube3State& cube) const;

 private:
  const Cube3PruningTables& tables_;
};

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_OPTIMAL_H_
