#include "puzzles/cube3/cube3_two_phase.h"

#include <algorithm>
#include <array>
#include <memory>
#include <vector>

#include "absl/time/clock.h"
#include "puzzles/cube3/cube3_corners_bounds.h"
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

// Phase 2's corners bound after the moves to G1 (Cube3CornersBounds) is looked up for the
// children 2 to 4 moves from G1 when phase 2 has at most this many moves left within the limit:
// there it cuts often, and a lookup a child costs more than it saves where it seldom does.
// (Measured on the published cubes, cube3_two_phase_benchmark: with 9, the hardest at most 20
// moves visits 28% fewer nodes; with 10 or 11, the 1,000 cubes 1% fewer than with 9, no faster.
// For the children 1 move from G1, which are cheap, the bound cost more than it saved.)
constexpr int kPhase2CornersCutFrom = 9;

// From a state in G1, no sequence of 1 to 4 moves that obeys the face order and ends in a
// quarter turn of R, F, L or B comes back to G1 (cube3_two_phase_test checks it by brute force):
// with fewer than 5 moves to go such a node has no phase-1 completion.
constexpr int kShortestReturnToG1 = 5;

// Phase 1 waits on memory: each node reads its own phase1_moves word, a random read of 564 MB,
// and (but one move from G1) its class's row (one cache line) of the 4.1 MB flip-slice move
// table; each arrival in G1 reads phase 2's bounds (StepInG1). So the search runs
// several subtrees side by side in lanes, each an explicit stack, and expands one node of each
// in turn: the words and rows a lane's next node needs, prefetched when its parent was expanded,
// arrive while the other lanes expand theirs. (Measured in one process, alternating, on the hardest
// published cube at most 20 moves: 6 lanes 11% faster than 1, and 19% over the first 200 cubes at
// most 19. 12 lanes were slower than 6.)
//
// The answer stays the one a plain depth-first search gives, and does not depend on the number
// of lanes. The subtrees are the tasks of one round (one phase-1 length and one first move),
// listed in the order a depth-first search would visit them; lanes take them in that order.
// When the first solution is all that is wanted, a solution ends every task after its own, and
// the tasks before it run to their ends: the earliest task's first solution is the answer, the
// one a depth-first search finds first. (With 1 lane the search is that depth-first search;
// cube3_two_phase_test compares the two.)
constexpr int kMaxLanes = 16;

// Tasks start this deep (shallower in short phase 1s): the first move is the round's, so the
// tasks are the subtrees of the second moves, about 6 variants x 10 a round.
constexpr int kTaskDepth = 2;

class Search {
 public:
  Search(const Cube3PruningTables& tables, const Cube3MoveTables& moves,
         const Cube3CornersBounds& corners_bounds, const Cube3State& cube,
         const Cube3TwoPhase::Options& options)
      : tables_(tables),
        moves_(moves),
        corners_bounds_(corners_bounds),
        options_(options),
        budget_(options.improve_until != absl::InfinitePast()),
        lane_count_(std::clamp(options.lanes, 1, kMaxLanes)),
        lanes_(new Lane[lane_count_ + 1]) {
    const Cube3State inverse = Cube3Inverse(cube);
    Cube3State variants[kVariants];
    for (int v = 0; v < kVariants; ++v) {
      const Cube3State& x = variants[v] = Cube3RotateUrf(v < 3 ? cube : inverse, v % 3);
      Start& start = starts_[v];
      start.same_as_earlier = std::find(variants, variants + v, x) != variants + v;
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
    // The distinct variants' phase 1s take turns by length, so the shortest phase 1 of any comes
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
        ListTasks(length1);
        RunTasks();
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
  // A node on a lane's stack, and the children it has still to visit.
  struct Frame {
    Phase1Node node;
    int togo;          // phase-1 moves to go, exactly
    uint32_t pending;  // the children still to visit (bit m: move m), made in `child`
    // Bounds from the corners, checked as each child is visited (Descend): its corners'
    // distance from solved (deep), and phase 2's corners after its moves to G1
    // (phase2_corners_bound, Cube3CornersBounds). With either, corners_bound: the children's
    // corners are made when the node is expanded, and their entries prefetched.
    bool corners_bound;
    bool deep;
    bool phase2_corners_bound;
    // A node in G1 (togo 0) reached by a lane: the next stage of its phase 2's start (kG1...,
    // see StepInG1) and what the stages before have read.
    int stage;
    int corners_slice;
    int ud_edges;
    uint64_t phase2_entry;
    Phase1Node child[kCube3Moves];
    uint64_t corners_entry[kCube3Moves];
  };
  // One depth-first search of a task's subtree: frame[n] holds the node at depth n, path[0, n)
  // the moves to it from the variant's start.
  struct Lane {
    int task = -1;  // the task it runs (its index this round), or -1: idle
    int variant = 0;
    int base = 0;  // the task's depth
    int n = 0;     // the depth of the top frame
    int path[kMaxPath];
    Frame frame[kMaxPath];
  };
  struct Task {
    int variant, depth, togo;
    int path[kTaskDepth];
    Phase1Node node;
  };

  bool Improving() const { return absl::Now() < options_.improve_until; }
  // A solution is found and no shorter one is wanted: the search ends after this round.
  bool FirstIsEnough() const { return result_.found && !Improving(); }

  static uint64_t Phase1Index(int cls, int twist) {
    return static_cast<uint64_t>(cls) * kCube3Twists + twist;
  }

  // True when the search should end now (checked every 1,024 nodes).
  bool ShouldStop() {
    if ((++nodes_ & 1023) != 0) return stopped_;
    // With a time budget, its end ends the search at once with the best found. Without one,
    // the tasks before the one that found the answer still run (see kMaxLanes).
    if (budget_ && FirstIsEnough()) return stopped_ = budget_spent_ = true;
    if ((options_.cancelled != nullptr && options_.cancelled->load(std::memory_order_relaxed)) ||
        absl::Now() >= options_.deadline) {
      stopped_ = true;
    }
    return stopped_;
  }

  // The round's tasks in depth-first order: for each variant that has a phase 1 of this length,
  // the nodes kTaskDepth deep under the round's first move (the start itself when the phase 1
  // is that short; shallower when it is one or two moves long, so that the nodes expanded here
  // are never leaves, which only lanes handle).
  void ListTasks(int length1) {
    tasks_.clear();
    const int depth = std::max(0, std::min(kTaskDepth, length1 - 1));
    Lane& lister = lanes_[lane_count_];
    for (int v = 0; v < kVariants; ++v) {
      if (starts_[v].node.distance > length1 || starts_[v].same_as_earlier) continue;
      lister.variant = v;
      Frame& root = lister.frame[0];
      root.node = starts_[v].node;
      root.togo = length1;
      if (depth == 0) {
        AddTask(lister, 0);
        continue;
      }
      if (!Expand(lister, 0)) ListTasksUnder(lister, 0, depth);
      if (stopped_) return;
    }
  }

  void ListTasksUnder(Lane& lister, int n, int depth) {
    for (uint32_t pending = lister.frame[n].pending; pending != 0; pending &= pending - 1) {
      if (!Descend(lister, n, __builtin_ctz(pending))) continue;
      if (n + 1 == depth) {
        AddTask(lister, n + 1);
      } else if (!Expand(lister, n + 1)) {
        ListTasksUnder(lister, n + 1, depth);
      }
    }
  }

  void AddTask(const Lane& lister, int n) {
    Task& task = tasks_.emplace_back();
    task.variant = lister.variant;
    task.depth = n;
    task.togo = lister.frame[n].togo;
    task.node = lister.frame[n].node;
    std::copy(lister.path, lister.path + n, task.path);
  }

  // Runs the round's tasks on the lanes, one node of each lane in turn.
  void RunTasks() {
    size_t next = 0;
    winner_ = static_cast<int>(tasks_.size());
    for (int k = 0; k < lane_count_; ++k) lanes_[k].task = -1;
    for (bool busy = true; busy && !stopped_;) {
      busy = false;
      for (int k = 0; k < lane_count_ && !stopped_; ++k) {
        Lane& lane = lanes_[k];
        if (lane.task > winner_) lane.task = -1;  // an earlier task has found the answer
        if (lane.task >= 0) {
          Step(lane);
        } else if (next < static_cast<size_t>(winner_)) {
          StartTask(lane, static_cast<int>(next++));
        }
        busy = busy || lane.task >= 0 || next < static_cast<size_t>(winner_);
      }
    }
  }

  void StartTask(Lane& lane, int index) {
    const Task& task = tasks_[index];
    lane.task = index;
    lane.variant = task.variant;
    lane.base = lane.n = task.depth;
    std::copy(task.path, task.path + task.depth, lane.path);
    Frame& frame = lane.frame[task.depth];
    frame.node = task.node;
    frame.togo = task.togo;
    if (Expand(lane, task.depth) || frame.pending == 0) lane.task = -1;
  }

  // Takes the lane one node further: pops finished frames, makes the next child and expands it
  // (a child in G1 is only made: its stages run in the lane's next steps).
  void Step(Lane& lane) {
    for (;;) {
      Frame& frame = lane.frame[lane.n];
      if (frame.togo == 0) {
        const G1Result result = StepInG1(lane, lane.n);
        if (result == G1Result::kEndTask) {
          lane.task = -1;
          return;
        }
        if (result == G1Result::kWaiting) return;
        --lane.n;  // done: on to its parent's next child
        continue;
      }
      if (frame.pending == 0) {
        if (lane.n == lane.base) {
          lane.task = -1;
          return;
        }
        --lane.n;
        continue;
      }
      const int m = __builtin_ctz(frame.pending);
      frame.pending &= frame.pending - 1;
      if (!Descend(lane, lane.n, m)) continue;
      if (frame.togo == 1) {
        // Phase 1 ends: its first stage's entry is prefetched (Descend), and read next step.
        lane.frame[++lane.n].stage = kG1CornersSlice;
        return;
      }
      if (Expand(lane, lane.n + 1)) {
        lane.task = -1;
        return;
      }
      if (lane.frame[lane.n + 1].pending != 0) ++lane.n;
      return;
    }
  }

  // Makes child m of frame n as frame n + 1 (path[n] = m). False when the corners cut it.
  bool Descend(Lane& lane, int n, int m) {
    Frame& frame = lane.frame[n];
    Phase1Node& c = frame.child[m];
    const Phase1Node& node = frame.node;
    if (frame.corners_bound) {
      // Any solution through the child has at least its corners' distance still to go; and
      // its phase 2, at most limit_ - (n + frame.togo) moves, is at least the corners' bound
      // after the child's moves to G1.
      if (frame.deep && n + 1 + tables_.corners[frame.corners_entry[m]] > limit_) return false;
      if (frame.phase2_corners_bound &&
          Cube3CornersBounds::Phase2CornersAfter(corners_bounds_.entry(frame.corners_entry[m]),
                                                 frame.togo - 1) > limit_ - n - frame.togo) {
        return false;
      }
    } else {
      c.corners = moves_.corners[node.corners * kCube3Moves + m];
      if (frame.togo > 1) c.raw_twist = moves_.twist[node.raw_twist * kCube3Moves + m];
    }
    c.slice = moves_.quartet[node.slice * kCube3Moves + m];
    if (frame.togo == 1) {
      __builtin_prefetch(&tables_.corners_slice[c.corners * kCube3SlicePerms + c.slice]);
    }
    lane.path[n] = m;
    Frame& next = lane.frame[n + 1];
    next.node = c;
    next.togo = frame.togo - 1;
    return true;
  }

  // Expands frame n, whose node has exactly `togo` phase-1 moves to go (node.distance <= togo):
  // makes the children to visit (one move from G1: only lists them, Descend makes each), or, for
  // a phase 1 of no moves, runs phase 2. Returns true to end the lane's task (the search is
  // stopped, or it found the answer).
  bool Expand(Lane& lane, int n) {
    Frame& frame = lane.frame[n];
    frame.pending = 0;
    const Phase1Node& node = frame.node;
    const int togo = frame.togo;
    if (ShouldStop()) return true;
    if (n + togo > limit_) return false;  // a solution was found meanwhile (improving)
    lane_ = &lane;
    if (togo == 0) {
      // In G1. A last move of phase 2's set means the state before it was in G1 already: that
      // shorter phase 1 was tried.
      if (n > 0 && IsCube3Phase2Move(lane.path[n - 1])) return false;
      return StartPhase2(n);
    }
    // The node's own phase1_moves word (prefetched by its parent) says which children are
    // within togo - 1 moves of G1: every child when the node has a move to spare or more, those
    // that go no farther when none, and only those that come closer when its distance is togo.
    const uint64_t deltas =
        phase1_.Deltas(tables_.phase1_moves[Phase1Index(node.cls, node.twist)], node.sym);
    const int last_face = n > 0 ? Cube3MoveFace(lane.path[n - 1]) : -1;
    // The rows the children's corners and slice come from, wanted only when they are visited.
    __builtin_prefetch(&moves_.corners[node.corners * kCube3Moves]);
    __builtin_prefetch(&moves_.quartet[node.slice * kCube3Moves]);
    // With one move left: the moves that bring the node closer, into G1 (none from G1 itself).
    if (togo == 1) {
      frame.pending = Phase1LastMoves(static_cast<uint32_t>(deltas), n, last_face);
      frame.corners_bound = false;
      return false;
    }
    uint32_t moves = Cube3Phase1Moves::MovesWithin(deltas, node.distance, togo - 1);
    // Deep enough that the corners alone may need more moves than are left in the limit: any
    // solution through a child has at least its corners' distance still to go (whatever the
    // split between the phases), so a child with n + 1 + that > limit_ has none. This only cuts
    // subtrees without a solution within the limit, so the search finds the same first solution
    // (the benchmark's checksum of the 1,000 cubes' solutions did not change). The lookup is a
    // random read of a 6 MB table: it is made where it cuts often, where the corners would need
    // 10 or more moves (most corner positions need 9 or 10), and not for the children that
    // reach G1, whose phase 2 checks a stronger bound first (CornersSliceWithin). Over the first
    // 200 cubes at most 19 moves: 27% fewer nodes, 5% less time. The second bound, phase 2's
    // corners after the child's moves to G1 (another 6 MB table, cube3_corners_bounds.h), is
    // read where phase 2 has few moves left (kPhase2CornersCutFrom); like the first, it only
    // cuts subtrees without a solution within the limit.
    frame.deep = togo > 1 && n + 1 + kMaxCornersDistance - 2 > limit_;
    frame.phase2_corners_bound = togo - 1 >= Cube3CornersBounds::kMinMovesToG1 &&
                                 togo - 1 <= Cube3CornersBounds::kMaxMovesToG1 &&
                                 limit_ - n - togo <= kPhase2CornersCutFrom;
    frame.corners_bound = frame.deep || frame.phase2_corners_bound;
    if (n == 0) moves &= 1u << first_move_;
    uint32_t kept = 0;
    for (; moves != 0; moves &= moves - 1) {
      const int m = __builtin_ctz(moves);
      if (!Cube3MayFollow(m, last_face)) continue;
      Phase1Node& c = frame.child[m];
      c.distance = Cube3Phase1Moves::ChildDistance(deltas, node.distance, m);
      if (c.distance == 0 && togo - 1 < kShortestReturnToG1) continue;
      const int conjugated = phase1_.Conjugated(node.sym, m);
      const Cube3Phase1Moves::Moved moved = phase1_.FlipSliceMove(node.cls, conjugated);
      c.cls = moved.cls;
      c.twist = sym_.twist_conjugate[moves_.twist[node.twist * kCube3Moves + conjugated] *
                                         kCube3Symmetries +
                                     moved.sym];
      c.sym = phase1_.Product(moved.sym, node.sym);
      // The child's own entry, and the row its children's classes come from (which a child one
      // move from G1 does not read).
      __builtin_prefetch(&tables_.phase1_moves[Phase1Index(c.cls, c.twist)]);
      if (togo > 2) phase1_.PrefetchFlipSliceRow(moved.cls);
      if (frame.corners_bound) {
        c.corners = moves_.corners[node.corners * kCube3Moves + m];
        c.raw_twist = moves_.twist[node.raw_twist * kCube3Moves + m];
        frame.corners_entry[m] = Cube3CornersIndex(c.corners, c.raw_twist, sym_);
        if (frame.deep) __builtin_prefetch(&tables_.corners[frame.corners_entry[m]]);
        if (frame.phase2_corners_bound) {
          __builtin_prefetch(corners_bounds_.data() + frame.corners_entry[m]);
        }
      }
      kept |= 1u << m;
    }
    frame.pending = kept;
    return false;
  }

  // The last moves of phase 1 to try from a node one move from G1: they must reach G1 and must
  // not be one of phase 2's moves (from outside G1 those stay outside; see the togo == 0 case).
  // `to_g1`: the moves that reach G1 (none when the node is in G1 already; from outside it, only
  // quarter turns of R, F, L and B can).
  uint32_t Phase1LastMoves(uint32_t to_g1, int n, int last_face) const {
    if (n == 0) to_g1 &= 1u << first_move_;
    uint32_t kept = 0;
    for (; to_g1 != 0; to_g1 &= to_g1 - 1) {
      const int m = __builtin_ctz(to_g1);
      if (Cube3MayFollow(m, last_face)) kept |= 1u << m;
    }
    return kept;
  }

  // Phase 2's start after a phase 1 runs in stages, one a lane step, each reading what the one
  // before prefetched: the corners-slice bound (a 1 MB table), then the UD edges' symmetry
  // conjugate (1.3 MB), then phase 2's own table (111 MB), and then phase 2's search. Most phase
  // 1s stop at the first stage (at most 20 moves, the hardest published cube: 9,559 of 36,538
  // pass it), which needs neither the UD edges nor the large table.
  static constexpr int kG1CornersSlice = 0, kG1Phase2Entry = 1, kG1Search = 2;
  enum class G1Result { kWaiting, kDone, kEndTask };

  // Runs the next stage of the G1 node in frame n of `lane` (path[0, n) its phase 1).
  G1Result StepInG1(Lane& lane, int n) {
    Frame& frame = lane.frame[n];
    const Phase1Node& node = frame.node;
    lane_ = &lane;
    switch (frame.stage) {
      case kG1CornersSlice:
        if (!CornersSliceWithin(frame, n)) return G1Result::kDone;
        PrefetchPhase2Entry(frame, lane, n);
        frame.stage = kG1Phase2Entry;
        return G1Result::kWaiting;
      case kG1Phase2Entry:
        frame.phase2_entry = Cube3Phase2Index(node.corners, frame.ud_edges, sym_);
        __builtin_prefetch(&tables_.phase2[frame.phase2_entry]);
        frame.stage = kG1Search;
        return G1Result::kWaiting;
      default:
        return SearchPhase2(frame, n) ? G1Result::kEndTask : G1Result::kDone;
    }
  }

  // Phase 2 after the phase 1 in lane_->path[0, n1), which left the corners and the slice edges
  // (now in the slice: slice < 24) as in frame n1's node, all stages in a row: for a phase 1 of
  // no moves, which its task's start (StartTask) runs, not a lane step. Returns true to end the
  // lane's task.
  bool StartPhase2(int n1) {
    Frame& frame = lane_->frame[n1];
    if (!CornersSliceWithin(frame, n1)) return false;
    PrefetchPhase2Entry(frame, *lane_, n1);
    frame.phase2_entry = Cube3Phase2Index(frame.node.corners, frame.ud_edges, sym_);
    return SearchPhase2(frame, n1);
  }

  // The corners-slice bound first: most phase 1s fail it.
  bool CornersSliceWithin(Frame& frame, int n1) {
    frame.corners_slice =
        tables_.corners_slice[frame.node.corners * kCube3SlicePerms + frame.node.slice];
    return n1 + frame.corners_slice <= limit_;
  }

  // The UD edges, replayed along the path, and their conjugate's entry prefetched.
  void PrefetchPhase2Entry(Frame& frame, const Lane& lane, int n1) {
    const Start& start = starts_[lane.variant];
    int u = start.u, d = start.d;
    for (int i = 0; i < n1; ++i) {
      u = moves_.quartet[u * kCube3Moves + lane.path[i]];
      d = moves_.quartet[d * kCube3Moves + lane.path[i]];
    }
    frame.ud_edges = moves_.ud_edges_from_quartets[u * 24 + d % 24];
    __builtin_prefetch(&sym_.ud_edges_conjugate[frame.ud_edges * kCube3Symmetries +
                                                sym_.corner_sym[frame.node.corners]]);
  }

  // Phase 2's search within the limit, from the bound of the larger of its two tables.
  bool SearchPhase2(const Frame& frame, int n1) {
    const int corners = frame.node.corners, ud = frame.ud_edges, slice = frame.node.slice;
    const int h2 = std::max<int>(frame.corners_slice, tables_.phase2[frame.phase2_entry]);
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
    int* path = lane_->path;
    if (togo == 0) {
      if (corners != 0 || ud != 0 || slice != 0) return false;
      return Found(n);
    }
    const int last_face = n > 0 ? Cube3MoveFace(path[n - 1]) : -1;
    int corners1[kCube3Phase2MoveCount], ud1[kCube3Phase2MoveCount], slice1[kCube3Phase2MoveCount];
    uint64_t entry[kCube3Phase2MoveCount];
    for (int i = 0; i < kCube3Phase2MoveCount; ++i) {  // as in Expand: prefetch, then visit
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
      path[n] = m;
      if (Phase2(corners1[i], ud1[i], slice1[i], n + 1, togo - 1)) return true;
      if (found_in_phase2_) return false;
    }
    return false;
  }

  // The current lane's path, n moves, solves the variant. Returns true to end the lane's task.
  bool Found(int n) {
    found_in_phase2_ = true;
    if (budget_) {
      // Every solution found is shorter than the one before (the limit drops below each).
      Keep(n);
      limit_ = n - 1;
      return !Improving();
    }
    // The first solution of its task, the answer if no earlier task has one (see kMaxLanes).
    if (lane_->task < winner_) {
      Keep(n);
      winner_ = lane_->task;
    }
    return true;
  }

  void Keep(int n) {
    result_.found = true;
    found_variant_ = lane_->variant;
    result_.moves.assign(lane_->path, lane_->path + n);
  }

  const Cube3PruningTables& tables_;
  const Cube3MoveTables& moves_;
  const Cube3CornersBounds& corners_bounds_;
  const Cube3SymmetryTables& sym_ = Cube3SymmetryTables::Get();
  const Cube3TwoPhase::Options& options_;
  const Cube3Phase1Moves& phase1_ = Cube3Phase1Moves::Get();
  const bool budget_;  // a time budget was given: improve on the first solution until it ends
  struct Start {
    Phase1Node node;
    int u, d;  // the U and D edge quartets
    // The same position as an earlier variant (a symmetric cube: the superflip is all six):
    // not searched. Its tasks would be the earlier one's, met later in each round, with the
    // same solutions: none of them could be the answer, and a budget's search would repeat them.
    bool same_as_earlier;
  };
  Start starts_[kVariants];
  const int lane_count_;
  // The lanes, and one more that lists the tasks (not zeroed: 22 KB a lane, and a solve may take
  // 50 us).
  std::unique_ptr<Lane[]> lanes_;
  std::vector<Task> tasks_;  // this round's
  Lane* lane_ = nullptr;     // the lane being expanded (phase 2 runs on its path)
  int winner_ = 0;           // the earliest task of this round with a solution, or tasks_.size()
  int first_move_ = 0;       // the only first move phase 1 tries this round
  int found_variant_ = 0;    // whose solution result_ holds
  int limit_;                // the longest total length still wanted
  uint64_t nodes_ = 0;
  bool stopped_ = false;          // the search ends: deadline, cancellation or budget
  bool budget_spent_ = false;     // by improve_until passing (not a stop the caller asked for)
  bool found_in_phase2_ = false;  // by the current phase-2 search
  Cube3TwoPhase::Result result_;
};

}  // namespace

Cube3TwoPhase::Cube3TwoPhase(const Cube3PruningTables* tables)
    : tables_(*tables), moves_(Cube3MoveTables::Get()), corners_bounds_(Cube3CornersBounds::Get()) {
  Cube3Phase1Moves::Get();  // built now rather than in the first Solve
}

Cube3TwoPhase::Result Cube3TwoPhase::Solve(const Cube3State& cube, const Options& options) const {
  Search search(tables_, moves_, corners_bounds_, cube, options);
  return search.Run();
}

}  // namespace puzzle
