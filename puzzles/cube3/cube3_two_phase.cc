#include "puzzles/cube3/cube3_two_phase.h"

#include <algorithm>

#include "absl/time/clock.h"

namespace puzzle {
namespace {

constexpr int kMaxPath = 32;

// Whether `move` may follow a move of face `last_face` (-1: none): not the same face, and of two
// opposite faces (f and f + 3) only f first.
bool MayFollow(int move, int last_face) {
  const int face = Cube3MoveFace(move);
  return last_face < 0 || (face != last_face && face != last_face - 3);
}

// The search runs on six variants of the position: the cube X and its inverse, each seen along
// the three axes (conjugated by the 120-degree rotation about the URF-DBL diagonal, which takes
// the U axis to R to F). A solution of one gives a solution of X of the same length, and their
// phase 1s differ: taking turns over the six finds a short total far sooner than one alone.
constexpr int kVariants = 6;

// The 120-degree rotation about the URF-DBL diagonal (Kociemba's S_URF3).
constexpr Cube3State kUrf3 = {{0, 4, 5, 1, 3, 7, 6, 2},
                              {1, 2, 1, 2, 2, 1, 2, 1},
                              {1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2},
                              {1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1}};

// R^k x R^-k for R = kUrf3.
Cube3State RotateUrf(Cube3State x, int k) {
  const Cube3State inverse = Cube3Inverse(kUrf3);
  for (int i = 0; i < k; ++i) x = Cube3Multiply(Cube3Multiply(kUrf3, x), inverse);
  return x;
}

// unrotated[k][m]: the move R^-k m R^k, the move m of a k-rotated variant seen on the cube.
struct UnrotatedMoves {
  int move[3][kCube3Moves];
  UnrotatedMoves() {
    const Cube3State inverse = Cube3Inverse(kUrf3);
    for (int k = 0; k < 3; ++k) {
      for (int m = 0; m < kCube3Moves; ++m) {
        Cube3State x = Cube3MoveState(m);
        for (int i = 0; i < k; ++i) x = Cube3Multiply(Cube3Multiply(inverse, x), kUrf3);
        for (int n = 0; n < kCube3Moves; ++n) {
          if (Cube3MoveState(n) == x) move[k][m] = n;
        }
      }
    }
  }
};

// A solution of variant v as a solution of the cube: rotated back, and for the inverse's
// variants (v >= 3) reversed with each move inverted (X^-1 M = 1 means X M^-1 = 1).
std::vector<int> ForTheCube(int variant, const std::vector<int>& moves) {
  static const UnrotatedMoves* const unrotated = new UnrotatedMoves();
  std::vector<int> out;
  for (int m : moves) out.push_back(unrotated->move[variant % 3][m]);
  if (variant >= 3) {
    std::reverse(out.begin(), out.end());
    for (int& m : out) m = 3 * (m / 3) + (2 - m % 3);
  }
  return out;
}

class Search {
 public:
  Search(const Cube3PruningTables& tables, const Cube3MoveTables& moves, const Cube3State& cube,
         const Cube3TwoPhase::Options& options)
      : tables_(tables), moves_(moves), options_(options) {
    const Cube3State inverse = Cube3Inverse(cube);
    for (int v = 0; v < kVariants; ++v) {
      const Cube3State x = RotateUrf(v < 3 ? cube : inverse, v % 3);
      Start& start = starts_[v];
      start.flip = Cube3Flip(x);
      start.twist = Cube3Twist(x);
      start.slice = Cube3Quartet(x, kCube3SliceQuartet);
      start.corners = Cube3Corners(x);
      start.u = Cube3Quartet(x, kCube3UQuartet);
      start.d = Cube3Quartet(x, kCube3DQuartet);
      start.distance = Phase1Distance(start.flip, start.twist, start.slice);
    }
    limit_ = options.max_length;
  }

  Cube3TwoPhase::Result Run() {
    // The six variants' phase 1s take turns by length, so the shortest phase 1 of any comes
    // first. Each length is searched to its end (every solution of it tried) unless the first
    // solution is all that is wanted.
    int first = starts_[0].distance;
    for (const Start& start : starts_) first = std::min(first, start.distance);
    for (int length1 = first; length1 <= limit_ && !stopped_; ++length1) {
      for (int v = 0; v < kVariants && !stopped_ && length1 <= limit_; ++v) {
        if (starts_[v].distance > length1) continue;
        variant_ = v;
        const Start& start = starts_[v];
        Phase1(start.flip, start.twist, start.slice, start.distance, 0, length1);
        if (result_.found && !Improving()) break;
      }
      if (result_.found && !Improving()) break;
    }
    if (result_.found) result_.moves = ForTheCube(found_variant_, result_.moves);
    result_.nodes = nodes_;
    result_.stopped = stopped_ && !budget_spent_;
    return result_;
  }

 private:
  bool Improving() const { return absl::Now() < options_.improve_until; }

  int Phase1Distance(int flip, int twist, int slice) const {
    return tables_.phase1[Cube3Phase1Index(flip, slice / 24, twist, sym_)];
  }
  int Phase2Bound(int corners, int ud, int slice) const {
    return std::max<int>(tables_.corners_slice[corners * kCube3SlicePerms + slice],
                         tables_.phase2[Cube3Phase2Index(corners, ud, sym_)]);
  }

  // True when the search should end now (checked every 1,024 nodes).
  bool ShouldStop() {
    if ((++nodes_ & 1023) != 0) return stopped_;
    if (result_.found && !Improving()) return stopped_ = budget_spent_ = true;
    if ((options_.cancelled != nullptr && options_.cancelled->load(std::memory_order_relaxed)) ||
        absl::Now() >= options_.deadline) {
      stopped_ = true;
    }
    return stopped_;
  }

  // Phase 1 from a state at phase-1 distance `distance`, with exactly `togo` moves to go.
  // Returns true to end the whole search.
  bool Phase1(int flip, int twist, int slice, int distance, int n, int togo) {
    if (ShouldStop()) return true;
    if (n + togo > limit_) return false;  // a solution was found meanwhile (improving)
    if (togo == 1) return Phase1LastMove(flip, twist, slice, distance, n);
    if (togo == 0) {
      // In G1. A last move of phase 2's set means the state before it was in G1 already: that
      // shorter phase 1 was tried.
      if (n > 0 && IsCube3Phase2Move(path_[n - 1])) return false;
      return StartPhase2(n, slice);
    }
    const int last_face = n > 0 ? Cube3MoveFace(path_[n - 1]) : -1;
    // The children's entries first, all prefetched, then the children in order: their table
    // reads (one cache miss each, the table being 141 MB) overlap instead of queueing.
    int flip1[kCube3Moves], twist1[kCube3Moves], slice1[kCube3Moves];
    uint64_t entry[kCube3Moves];
    for (int m = 0; m < kCube3Moves; ++m) {
      if (!MayFollow(m, last_face)) continue;
      flip1[m] = moves_.flip[flip * kCube3Moves + m];
      twist1[m] = moves_.twist[twist * kCube3Moves + m];
      slice1[m] = moves_.quartet[slice * kCube3Moves + m];
      entry[m] = Cube3Phase1Index(flip1[m], slice1[m] / 24, twist1[m], sym_);
      __builtin_prefetch(&tables_.phase1[entry[m]]);
    }
    for (int m = 0; m < kCube3Moves; ++m) {
      if (!MayFollow(m, last_face)) continue;
      const int distance1 = tables_.phase1[entry[m]];
      if (distance1 >= togo) continue;
      path_[n] = m;
      if (Phase1(flip1[m], twist1[m], slice1[m], distance1, n + 1, togo - 1)) return true;
    }
    return false;
  }

  // The last move of phase 1 must reach G1 and must not be one of phase 2's moves (from outside
  // G1 those stay outside; see the togo == 0 case): a quarter turn of R, F, L or B. So a state
  // in G1 already (distance 0) has no such last move, and the others need no table lookup.
  bool Phase1LastMove(int flip, int twist, int slice, int distance, int n) {
    if (distance != 1) return false;
    const int last_face = n > 0 ? Cube3MoveFace(path_[n - 1]) : -1;
    for (int m : {3, 5, 6, 8, 12, 14, 15, 17}) {  // R R' F F' L L' B B'
      if (!MayFollow(m, last_face)) continue;
      if (moves_.flip[flip * kCube3Moves + m] != 0 || moves_.twist[twist * kCube3Moves + m] != 0) {
        continue;
      }
      const int slice1 = moves_.quartet[slice * kCube3Moves + m];
      if (slice1 >= 24) continue;
      path_[n] = m;
      if (StartPhase2(n + 1, slice1)) return true;
    }
    return false;
  }

  bool StartPhase2(int n1, int slice) {
    const Start& start = starts_[variant_];
    int corners = start.corners, u = start.u, d = start.d;
    for (int i = 0; i < n1; ++i) {
      corners = moves_.corners[corners * kCube3Moves + path_[i]];
      u = moves_.quartet[u * kCube3Moves + path_[i]];
      d = moves_.quartet[d * kCube3Moves + path_[i]];
    }
    const int ud = moves_.ud_edges_from_quartets[u * 24 + d % 24];
    const int h2 = Phase2Bound(corners, ud, slice);
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
      if (!MayFollow(m, last_face)) continue;
      corners1[i] = moves_.corners[corners * kCube3Moves + m];
      ud1[i] = moves_.ud_edges[ud * kCube3Moves + m];
      slice1[i] = moves_.quartet[slice * kCube3Moves + m];
      entry[i] = Cube3Phase2Index(corners1[i], ud1[i], sym_);
      __builtin_prefetch(&tables_.phase2[entry[i]]);
    }
    for (int i = 0; i < kCube3Phase2MoveCount; ++i) {
      const int m = kCube3Phase2Moves[i];
      if (!MayFollow(m, last_face)) continue;
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
  struct Start {
    int flip, twist, slice, corners, u, d;
    int distance;  // phase 1's
  };
  Start starts_[kVariants];
  int variant_ = 0;        // whose phase 1 is being searched
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
    : tables_(*tables), moves_(Cube3MoveTables::Get()) {}

Cube3TwoPhase::Result Cube3TwoPhase::Solve(const Cube3State& cube, const Options& options) const {
  Search search(tables_, moves_, cube, options);
  return search.Run();
}

}  // namespace puzzle
