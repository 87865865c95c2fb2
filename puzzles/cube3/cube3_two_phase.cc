#include "puzzles/cube3/cube3_two_phase.h"

#include <algorithm>
#include <array>

#include "absl/time/clock.h"
#include "puzzles/cube3/cube3_phase1_moves.h"
#include "puzzles/cube3/cube3_symmetry.h"

namespace puzzle {
namespace {

constexpr int kMaxPath = 32;

// The search runs on six variants of the position: the cube X and its inverse, each seen along
// the three axes (conjugated by the 120-degree rotation about the URF-DBL diagonal, which takes
// the U axis to R to F). A solution of one gives a solution of X of the same length, and their
// phase 1s differ: taking turns over the six finds a short total far sooner than one alone.
constexpr int kVariants = 6;

// A solution of variant v as a solution of the cube: rotated back, and for the inverse's
// variants (v >= 3) reversed with each move inverted (X^-1 M = 1 means X M^-1 = 1).
std::vector<int> ForTheCube(int variant, const std::vector<int>& moves) {
  std::vector<int> out;
  for (int m : moves) out.push_back(Cube3UnrotatedMove(variant % 3, m));
  if (variant >= 3) {
    std::reverse(out.begin(), out.end());
    for (int& m : out) m = Cube3InverseMove(m);
  }
  return out;
}

// A phase-1 search node: the phase-1 coordinates as Cube3Phase1Moves describes, and the corners and
// the UD-slice quartet as they are (phase 2 starts from them).
struct Phase1Node {
  int cls, twist, sym;
  int corners, slice;
  int raw_twist;  // the corners' twist as it is (twist is in the class's frame)
  int distance;   // to G1, exact
};

// The corners need at most this many moves (the corners table's largest entry).
constexpr int kMaxCornersDistance = 11;

// From a state in G1, no sequence of 1 to 4 moves that obeys the face order and ends in a
// quarter turn of R, F, L or B comes back to G1 (cube3_two_phase_test checks it by brute force):
// with fewer than 5 moves to go such a node has no phase-1 completion.
constexpr int kShortestReturnToG1 = 5;

class Search {
 public:
  Search(const Cube3PruningTables& tables, const Cube3MoveTables& moves, const Cube3State& cube,
         const Cube3TwoPhase::Options& options)
      : tables_(tables), moves_(moves), options_(options) {
    const Cube3State inverse = Cube3Inverse(cube);
    for (int v = 0; v < kVariants; ++v) {
      const Cube3State x = Cube3RotateUrf(v < 3 ? cube : inverse, v % 3);
      Start& start = starts_[v];
      const int flipslice = 2048 * (Cube3Quartet(x, kCube3SliceQuartet) / 24) + Cube3Flip(x);
      Phase1Node& node = start.node;
      node.cls = sym_.flipslice_class[flipslice];
      node.sym = sym_.flipslice_sym[flipslice];
      node.twist = sym_.twist_conjugate[Cube3Twist(x) * kCube3Symmetries + node.sym];
      node.corners = Cube3Corners(x);
      node.slice = Cube3Quartet(x, kCube3SliceQuartet);
      node.raw_twist = Cube3Twist(x);
      node.distance = tables_.phase1_moves[Phase1Index(node.cls, node.twist)] & 15;
      start.u = Cube3Quartet(x, kCube3UQuartet);
      start.d = Cube3Quartet(x, kCube3DQuartet);
    }
    limit_ = options.max_length;
  }

  Cube3TwoPhase::Result Run() {
    // The six variants' phase 1s take turns by length, so the shortest phase 1 of any comes
    // first. Each length is searched to its end (every solution of it tried) unless the first
    // solution is all that is wanted. Within a length the variants also take turns by first
    // move (all six under U, then all six under U2, ...), as six searches running side by side
    // would: when only some variants have a solution of that length, one is met after about six
    // times the work it takes in its own variant, instead of after every earlier variant's whole
    // search. (Over the published cubes the slowest went from 87 to 62 ms, the mean unchanged.)
    int first = starts_[0].node.distance;
    for (const Start& start : starts_) first = std::min(first, start.node.distance);
    for (int length1 = first; length1 <= limit_ && !stopped_; ++length1) {
      for (int m = 0; m < kCube3Moves && !stopped_ && length1 <= limit_; ++m) {
        // A length-0 phase 1 (the cube in G1) has no first move: it is searched once.
        if (length1 == 0 && m > 0) break;
        first_move_ = m;
        for (int v = 0; v < kVariants && !stopped_ && length1 <= limit_; ++v) {
          if (starts_[v].node.distance > length1) continue;
          variant_ = v;
          Phase1(starts_[v].node, 0, length1);
          if (FirstIsEnough()) break;
        }
        if (FirstIsEnough()) break;
      }
      if (FirstIsEnough()) break;
    }
    if (result_.found) result_.moves = ForTheCube(found_variant_, result_.moves);
    result_.nodes = nodes_;
    result_.stopped = stopped_ && !budget_spent_;
    return result_;
  }

 private:
  bool Improving() const { return absl::Now() < options_.improve_until; }
  // A solution is found and no shorter one is wanted: the search ends.
  bool FirstIsEnough() const { return result_.found && !Improving(); }

  static uint64_t Phase1Index(int cls, int twist) {
    return static_cast<uint64_t>(cls) * kCube3Twists + twist;
  }

  // True when the search should end now (checked every 1,024 nodes).
  bool ShouldStop() {
    if ((++nodes_ & 1023) != 0) return stopped_;
    if (FirstIsEnough()) return stopped_ = budget_spent_ = true;
    if ((options_.cancelled != nullptr && options_.cancelled->load(std::memory_order_relaxed)) ||
        absl::Now() >= options_.deadline) {
      stopped_ = true;
    }
    return stopped_;
  }

  // Phase 1 from `node` with exactly `togo` moves to go (node.distance <= togo). Returns true to
  // end the whole search.
  bool Phase1(const Phase1Node& node, int n, int togo) {
    if (ShouldStop()) return true;
    if (n + togo > limit_) return false;  // a solution was found meanwhile (improving)
    if (togo == 0) {
      // In G1. A last move of phase 2's set means the state before it was in G1 already: that
      // shorter phase 1 was tried.
      if (n > 0 && IsCube3Phase2Move(path_[n - 1])) return false;
      return StartPhase2(n, node.corners, node.slice);
    }
    // The node's own phase1_moves word (prefetched by its parent) says which children are
    // within togo - 1 moves of G1: every child when the node has a move to spare or more, those
    // that go no farther when none, and only those that come closer when its distance is togo.
    const uint64_t deltas =
        phase1_.Deltas(tables_.phase1_moves[Phase1Index(node.cls, node.twist)], node.sym);
    const int last_face = n > 0 ? Cube3MoveFace(path_[n - 1]) : -1;
    // With one move left: the moves that bring the node closer, into G1 (none from G1 itself).
    if (togo == 1) return Phase1LastMove(node, n, static_cast<uint32_t>(deltas), last_face);
    uint32_t moves = Cube3Phase1Moves::MovesWithin(deltas, node.distance, togo - 1);
    // The rows the children's corners and slice come from, wanted only in the second loop:
    // fetched meanwhile (the corners' table is 1.5 MB, mostly outside the L2 cache).
    __builtin_prefetch(&moves_.corners[node.corners * kCube3Moves]);
    __builtin_prefetch(&moves_.quartet[node.slice * kCube3Moves]);
    // Deep enough that the corners alone may need more moves than are left in the limit: any
    // solution through a child has at least its corners' distance still to go (whatever the
    // split between the phases), so a child with n + 1 + that > limit_ has none. This only cuts
    // subtrees without a solution within the limit, so the search finds the same first solution
    // (the benchmark's checksum of the 1,000 cubes' solutions did not change). The lookup is a
    // random read of a 6 MB table: it is made where it cuts often, where the corners would need
    // 10 or more moves (most corner positions need 9 or 10), and not for the children that
    // reach G1, whose phase 2 checks a stronger bound first (StartPhase2). Over the first 200
    // cubes at most 19 moves: 27% fewer nodes, 5% less time.
    const bool corners_bound = n + 1 + kMaxCornersDistance - 2 > limit_ && togo > 1;
    Phase1Node child[kCube3Moves];
    uint64_t corners_entry[kCube3Moves];
    if (n == 0) moves &= 1u << first_move_;
    uint32_t kept = 0;
    for (; moves != 0; moves &= moves - 1) {
      const int m = __builtin_ctz(moves);
      if (!Cube3MayFollow(m, last_face)) continue;
      Phase1Node& c = child[m];
      c.distance = Cube3Phase1Moves::ChildDistance(deltas, node.distance, m);
      if (c.distance == 0 && togo - 1 < kShortestReturnToG1) continue;
      const int conjugated = phase1_.Conjugated(node.sym, m);
      const Cube3Phase1Moves::Moved moved = phase1_.FlipSliceMove(node.cls, conjugated);
      c.cls = moved.cls;
      c.twist = sym_.twist_conjugate[moves_.twist[node.twist * kCube3Moves + conjugated] *
                                         kCube3Symmetries +
                                     moved.sym];
      c.sym = phase1_.Product(moved.sym, node.sym);
      // The child's own entry, and the row its children's classes come from.
      __builtin_prefetch(&tables_.phase1_moves[Phase1Index(c.cls, c.twist)]);
      phase1_.PrefetchFlipSliceRow(moved.cls);
      if (corners_bound) {
        c.corners = moves_.corners[node.corners * kCube3Moves + m];
        c.raw_twist = moves_.twist[node.raw_twist * kCube3Moves + m];
        corners_entry[m] = Cube3CornersIndex(c.corners, c.raw_twist, sym_);
        __builtin_prefetch(&tables_.corners[corners_entry[m]]);
      }
      kept |= 1u << m;
    }
    for (; kept != 0; kept &= kept - 1) {
      const int m = __builtin_ctz(kept);
      Phase1Node& c = child[m];
      if (corners_bound) {
        if (n + 1 + tables_.corners[corners_entry[m]] > limit_) continue;
      } else {
        c.corners = moves_.corners[node.corners * kCube3Moves + m];
        c.raw_twist = moves_.twist[node.raw_twist * kCube3Moves + m];
      }
      c.slice = moves_.quartet[node.slice * kCube3Moves + m];
      path_[n] = m;
      if (Phase1(c, n + 1, togo - 1)) return true;
    }
    return false;
  }

  // The last move of phase 1 must reach G1 and must not be one of phase 2's moves (from outside
  // G1 those stay outside; see the togo == 0 case). `to_g1`: the moves that reach G1 (none when
  // the node is in G1 already; from outside it, only quarter turns of R, F, L and B can).
  bool Phase1LastMove(const Phase1Node& node, int n, uint32_t to_g1, int last_face) {
    if (n == 0) to_g1 &= 1u << first_move_;
    for (; to_g1 != 0; to_g1 &= to_g1 - 1) {
      const int m = __builtin_ctz(to_g1);
      if (!Cube3MayFollow(m, last_face)) continue;
      path_[n] = m;
      if (StartPhase2(n + 1, moves_.corners[node.corners * kCube3Moves + m],
                      moves_.quartet[node.slice * kCube3Moves + m])) {
        return true;
      }
    }
    return false;
  }

  // Phase 2 after the phase 1 in path_[0, n1), which left the corners and the slice edges (now
  // in the slice: slice < 24) as given.
  bool StartPhase2(int n1, int corners, int slice) {
    // The corners-slice bound first (a 1 MB table, mostly cached): most phase 1s fail it, and
    // need neither the UD edges (replayed along the path) nor the 111 MB table.
    const int corners_slice = tables_.corners_slice[corners * kCube3SlicePerms + slice];
    if (n1 + corners_slice > limit_) return false;
    const Start& start = starts_[variant_];
    int u = start.u, d = start.d;
    for (int i = 0; i < n1; ++i) {
      u = moves_.quartet[u * kCube3Moves + path_[i]];
      d = moves_.quartet[d * kCube3Moves + path_[i]];
    }
    const int ud = moves_.ud_edges_from_quartets[u * 24 + d % 24];
    const int h2 =
        std::max<int>(corners_slice, tables_.phase2[Cube3Phase2Index(corners, ud, sym_)]);
    found_in_phase2_ = false;
    for (int length2 = h2; n1 + length2 <= limit_; ++length2) {
      if (Phase2(corners, ud, slice, n1, length2)) return true;
      if (stopped_) return true;
      if (found_in_phase2_) return false;  // (improving) phase 1 goes on with a lower limit
    }
    return false;
  }

  bool Phase2(int corners, int ud, int slice, int n, int togo) {
    if (ShouldStop()) return true;
    if (togo == 0) {
      if (corners != 0 || ud != 0 || slice != 0) return false;
      result_.found = found_in_phase2_ = true;
      found_variant_ = variant_;
      result_.moves.assign(path_, path_ + n);
      limit_ = n - 1;
      return !Improving();
    }
    const int last_face = n > 0 ? Cube3MoveFace(path_[n - 1]) : -1;
    int corners1[kCube3Phase2MoveCount], ud1[kCube3Phase2MoveCount], slice1[kCube3Phase2MoveCount];
    uint64_t entry[kCube3Phase2MoveCount];
    for (int i = 0; i < kCube3Phase2MoveCount; ++i) {  // as in Phase1: prefetch, then visit
      const int m = kCube3Phase2Moves[i];
      if (!Cube3MayFollow(m, last_face)) continue;
      corners1[i] = moves_.corners[corners * kCube3Moves + m];
      ud1[i] = moves_.ud_edges[ud * kCube3Moves + m];
      slice1[i] = moves_.quartet[slice * kCube3Moves + m];
      entry[i] = Cube3Phase2Index(corners1[i], ud1[i], sym_);
      __builtin_prefetch(&tables_.phase2[entry[i]]);
    }
    for (int i = 0; i < kCube3Phase2MoveCount; ++i) {
      const int m = kCube3Phase2Moves[i];
      if (!Cube3MayFollow(m, last_face)) continue;
      if (tables_.corners_slice[corners1[i] * kCube3SlicePerms + slice1[i]] >= togo ||
          tables_.phase2[entry[i]] >= togo) {
        continue;
      }
      path_[n] = m;
      if (Phase2(corners1[i], ud1[i], slice1[i], n + 1, togo - 1)) return true;
      if (found_in_phase2_) return false;
    }
    return false;
  }

  const Cube3PruningTables& tables_;
  const Cube3MoveTables& moves_;
  const Cube3SymmetryTables& sym_ = Cube3SymmetryTables::Get();
  const Cube3TwoPhase::Options& options_;
  const Cube3Phase1Moves& phase1_ = Cube3Phase1Moves::Get();
  struct Start {
    Phase1Node node;
    int u, d;  // the U and D edge quartets
  };
  Start starts_[kVariants];
  int variant_ = 0;        // whose phase 1 is being searched
  int first_move_ = 0;     // the only first move Phase1 tries now
  int found_variant_ = 0;  // whose solution result_ holds
  int limit_;              // the longest total length still wanted
  int path_[kMaxPath];
  uint64_t nodes_ = 0;
  bool stopped_ = false;          // the search ends: deadline, cancellation or budget
  bool budget_spent_ = false;     // by improve_until passing (not a stop the caller asked for)
  bool found_in_phase2_ = false;  // by the current phase-2 search
  Cube3TwoPhase::Result result_;
};

}  // namespace

Cube3TwoPhase::Cube3TwoPhase(const Cube3PruningTables* tables)
    : tables_(*tables), moves_(Cube3MoveTables::Get()) {
  Cube3Phase1Moves::Get();  // built now rather than in the first Solve
}

Cube3TwoPhase::Result Cube3TwoPhase::Solve(const Cube3State& cube, const Options& options) const {
  Search search(tables_, moves_, cube, options);
  return search.Run();
}

}  // namespace puzzle
