#include "puzzles/cube3/cube3_optimal.h"

#include <algorithm>
#include <array>
#include <climits>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "absl/time/clock.h"
#include "puzzles/cube3/cube3_coordinates.h"
#include "puzzles/cube3/cube3_phase1_moves.h"
#include "puzzles/cube3/cube3_symmetry.h"

namespace puzzle {
namespace {

constexpr int kAxes = 3;
constexpr int kMaxBound = 24;  // above God's number (20): a valid cube never gets there
constexpr int kPrefixLength = 2;
constexpr uint64_t kPollEvery = Cube3Optimal::kPollEvery;

// A search node: for each axis, the cube seen along it as the tier's table is indexed (class of
// its flip-slice value, or of its flip-slice-sorted value in the large tier; twist in the class
// representative's frame; the symmetry to it); and the cube's corner permutation and twist as
// they are.
struct Node {
  uint32_t cls[kAxes];
  uint16_t twist[kAxes];
  uint8_t sym[kAxes];
  uint16_t corners;
  uint16_t raw_twist;
  uint8_t parity = 0;    // the large tier's: the corners' permutation parity (1: odd)
  uint8_t value[kAxes];  // the default tier's: phase 1's distance along each axis
  // The moves that cannot be the last of a solution through this node of the bound's length
  // (bit m for move m; cube3_optimal.h, point 5), inherited from its ancestors and added to by
  // its own lookups.
  uint32_t not_last = 0;
};

constexpr uint32_t kAllMoves = (1u << kCube3Moves) - 1;
// The moves of G1 = <U, D, R2, F2, L2, B2> (bit m), as the U-D axis sees them.
constexpr uint32_t kG1Moves =
    (7u << 0) | (7u << 9) | (1u << 4) | (1u << 7) | (1u << 13) | (1u << 16);
// U, U', D and D': of single moves, those of the odd coset of an even-parity subgroup that the
// U-D axis's faces' turns keep (G1's even half; the large tier's subgroup).
constexpr uint32_t kOddCosetMoves = (5u << 0) | (5u << 9);

// What a child needs before its exact lookups: the node, and where its entries are.
struct Child {
  Node node;
  uint64_t phase1_entry[kAxes];  // the large tier's: in the large table
  uint64_t corners_entry;
};

// A position's distance to an even-parity subgroup (the large table's, or G1's even half from a
// phase1_moves word's parity bits), and that of its twin of the other corner parity (the same
// coordinates): the position's distance to the subgroup's odd coset (cube3_optimal.h, point 5).
// In the large table the two are entries side by side in one byte.
struct ParityPair {
  int value, other;
};
ParityPair ReadParityPair(const uint8_t* large, uint64_t entry) {
  return {Cube3LargeDistance(large, entry), Cube3LargeDistance(large, entry ^ 1)};
}

// The inverse position's distances along each axis, from the tier's axis table (cube3_optimal.h,
// point 6): the large table in the large tier (the default tier, whose axis table is phase 1's,
// never probes them unless told to: Tables::kInverseFrom, Options::inverse_from). Every solution s
// of a node's position c gives the solution s^-1 of c^-1, as long, so each of these distances is a
// lower bound too; and when one equals the moves left, s^-1 cannot end with a move of that axis's
// subgroup (point 5), so s cannot start with one.
class InverseBound {
 public:
  // The tier's axis table: `large` and its `classes` in the large tier, else phase 1's distances
  // in the low bits of `words` (phase1_moves); `in_subgroup`: by axis, the moves (bit m) of the
  // subgroup whose cosets it measures.
  InverseBound(const uint8_t* large, const Cube3FlipSliceSorted* classes, const uint32_t* words,
               const uint32_t (&in_subgroup)[kAxes], const uint32_t (&odd_coset)[kAxes])
      : large_(large), classes_(classes), words_(words) {
    for (int k = 0; k < kAxes; ++k) {
      in_subgroup_[k] = in_subgroup[k];
      odd_coset_[k] = odd_coset[k];
      for (int m = 0; m < kCube3Moves; ++m) {
        inverse_rotated_[k][m] = Pack(Cube3MoveState(Cube3InverseMove(Cube3RotatedMove(k, m))));
      }
    }
  }

  // The inverse of a node's position seen along each axis: R^k c^-1 R^-k for axis k. A move m
  // takes c to c m, so c^-1 to m^-1 c^-1, and this to (R^k m R^-k)^-1 (R^k c^-1 R^-k): each
  // axis's view is turned by its rotated move's inverse, on the left. A view is packed a byte a
  // cubie, the piece in the low 4 bits and its twist or flip above, so that this product (on
  // every step of the search, three times) costs one load per cubie.
  struct Packed {
    uint8_t corner[kCube3Corners];  // cp | co << 4
    uint8_t edge[kCube3Edges];      // ep | eo << 4
  };
  struct Views {
    Packed axis[kAxes];
  };
  static Views Start(const Cube3State& cube) {
    Views v;
    const Cube3State inverse = Cube3Inverse(cube);
    for (int k = 0; k < kAxes; ++k) v.axis[k] = Pack(Cube3RotateUrf(inverse, k));
    return v;
  }
  void Turn(const Views& from, int m, Views* to) const {
    for (int k = 0; k < kAxes; ++k) {
      LeftMultiply(inverse_rotated_[k][m], from.axis[k], &to->axis[k]);
    }
  }

  // The table entry of a view along axis k, in three steps: Prepare computes its coordinates,
  // Resolve its entry, and Within reads it; each prefetches what the next step reads (in the
  // large tier the class of the raw value, 97 MB, then the entry), so that a loop of one step
  // over a node's children overlaps their reads.
  struct Entries {
    uint64_t entry[kAxes];
    int raw[kAxes], twist[kAxes];  // the large tier's raw values, until Resolve
    int parity;                    // the large tier's: the view's corner parity, its position's
  };
  // kLarge: the tier is the large one (a compile-time choice: this is the search's inner loop).
  template <bool kLarge>
  void Prepare(const Views& v, int k, Entries* e) const {
    const Packed& x = v.axis[k];
    // The coordinates (cube3_coordinates.h): the flip and the twist in base 2 and 3 of the first
    // 11 edges and 7 corners, first most significant; the slice edges' combination, and in the
    // large tier their order by ascending position.
    int flip = 0, slice_mask = 0, twist = 0;
    for (int i = 0; i < kCube3Edges - 1; ++i) flip = 2 * flip + (x.edge[i] >> 4);
    for (int i = 0; i < kCube3Corners - 1; ++i) twist = 3 * twist + (x.corner[i] >> 4);
    if (!kLarge) {
      for (int i = 0; i < kCube3Edges; ++i) {
        slice_mask |= ((x.edge[i] & 15) >= kCube3SliceQuartet) << i;
      }
      const int flipslice = 2048 * slice_combination_[slice_mask] + flip;
      const int sym = sym_.flipslice_sym[flipslice];
      e->entry[k] = static_cast<uint64_t>(sym_.flipslice_class[flipslice]) * kCube3Twists +
                    sym_.twist_conjugate[twist * kCube3Symmetries + sym];
      __builtin_prefetch(&words_[e->entry[k]]);
    } else {
      int order = 0;
      for (int i = 0; i < kCube3Edges; ++i) {
        const int piece = x.edge[i] & 15;
        if (piece >= kCube3SliceQuartet) {
          slice_mask |= 1 << i;
          order = order << 2 | (piece - kCube3SliceQuartet);
        }
      }
      e->raw[k] = 2048 * (24 * slice_combination_[slice_mask] + order_rank_[order]) + flip;
      e->twist[k] = twist;
      classes_->PrefetchClassOf(e->raw[k]);
    }
  }
  template <bool kLarge>
  void Resolve(Entries* e, int k) const {
    if (!kLarge) return;  // Prepare found the entry
    const Cube3FlipSliceSorted::ClassAndSym c = classes_->ClassOf(e->raw[k]);
    e->entry[k] = Cube3FlipSliceSorted::Index(c, e->twist[k], e->parity, sym_);
    __builtin_prefetch(Cube3LargeByte(large_, e->entry[k]));
  }
  // False when the entry exceeds `togo` (no solution that short); else adds to *not_first the
  // moves no solution of exactly `togo` moves starts with.
  template <bool kLarge>
  bool Within(const Entries& e, int k, int togo, uint32_t* not_first) const {
    if (!kLarge) {
      const int value = Cube3Phase1Distance(words_[e.entry[k]]);
      if (value > togo) return false;
      if (value == togo) *not_first |= in_subgroup_[k];
      return true;
    }
    const ParityPair pair = ReadParityPair(large_, e.entry[k]);
    if (pair.value > togo) return false;
    if (pair.value == togo) *not_first |= in_subgroup_[k];
    if (pair.other >= togo) *not_first |= odd_coset_[k];
    return true;
  }

 private:
  const uint8_t* const large_;                 // the large tier's; null in the default tier
  const Cube3FlipSliceSorted* const classes_;  // the large tier's; null in the default tier
  const uint32_t* const words_;                // phase1_moves: the default tier's
  const Cube3SymmetryTables& sym_ = Cube3SymmetryTables::Get();
  uint32_t in_subgroup_[kAxes];                 // by axis: the moves of its subgroup (bit m)
  uint32_t odd_coset_[kAxes];                   // by axis: the moves of its odd coset (bit m)
  Packed inverse_rotated_[kAxes][kCube3Moves];  // by axis and move: its rotated move's inverse
  // Cube3Quartet(x, kCube3SliceQuartet) / 24 by which positions hold a slice edge (bit i for
  // position i): the combination phase 1's flip-slice value uses. Only masks of 4 bits are read.
  const std::array<uint16_t, 1 << kCube3Edges>& slice_combination_ = SliceCombinations();

  // Cube3Quartet(x, kCube3SliceQuartet) % 24 by the slice edges' names (0..3) in ascending
  // position, two bits each, the first most significant: their order's rank.
  const std::array<uint8_t, 256>& order_rank_ = OrderRanks();

  static const std::array<uint8_t, 256>& OrderRanks() {
    static const auto* const table = [] {
      auto* t = new std::array<uint8_t, 256>();
      std::array<uint8_t, 4> names = {0, 1, 2, 3};
      do {
        Cube3State x = Cube3Solved();
        int order = 0;
        for (int i = 0; i < 4; ++i) {
          x.ep[kCube3SliceQuartet + i] = static_cast<uint8_t>(kCube3SliceQuartet + names[i]);
          order = order << 2 | names[i];
        }
        (*t)[order] = static_cast<uint8_t>(Cube3Quartet(x, kCube3SliceQuartet) % 24);
      } while (std::next_permutation(names.begin(), names.end()));
      return t;
    }();
    return *table;
  }

  static const std::array<uint16_t, 1 << kCube3Edges>& SliceCombinations() {
    static const auto* const table = [] {
      auto* t = new std::array<uint16_t, 1 << kCube3Edges>();
      for (int mask = 0; mask < (1 << kCube3Edges); ++mask) {
        if (__builtin_popcount(mask) != 4) continue;
        Cube3State x = Cube3Solved();
        int slice_piece = kCube3SliceQuartet, other_piece = 0;
        for (int i = 0; i < kCube3Edges; ++i) {
          x.ep[i] = static_cast<uint8_t>(mask >> i & 1 ? slice_piece++ : other_piece++);
        }
        (*t)[mask] = static_cast<uint16_t>(Cube3Quartet(x, kCube3SliceQuartet) / 24);
      }
      return t;
    }();
    return *table;
  }

  static Packed Pack(const Cube3State& x) {
    Packed p;
    for (int i = 0; i < kCube3Corners; ++i)
      p.corner[i] = static_cast<uint8_t>(x.cp[i] | x.co[i] << 4);
    for (int i = 0; i < kCube3Edges; ++i) p.edge[i] = static_cast<uint8_t>(x.ep[i] | x.eo[i] << 4);
    return p;
  }

  // *out = a x (Cube3Multiply(a, x)): each position takes a's cubie at the position x's piece
  // names, its twist (flip) added to x's there.
  static void LeftMultiply(const Packed& a, const Packed& x, Packed* out) {
    // Twist sums (0..4) << 4 with a corner, reduced mod 3.
    static constexpr uint8_t kTwistSum[5] = {0 << 4, 1 << 4, 2 << 4, 0 << 4, 1 << 4};
    for (int i = 0; i < kCube3Corners; ++i) {
      const uint8_t c = a.corner[x.corner[i] & 15];
      out->corner[i] = static_cast<uint8_t>((c & 15) | kTwistSum[(c >> 4) + (x.corner[i] >> 4)]);
    }
    for (int i = 0; i < kCube3Edges; ++i) {
      out->edge[i] = static_cast<uint8_t>(a.edge[x.edge[i] & 15] ^ (x.edge[i] & 0x10));
    }
  }
};

// What both tiers' lower bounds share: the moves as each axis sees them, the coordinate
// tables, and the corners' table.
class TierTables {
 protected:
  // `subgroup`: the moves (bit m) of the subgroup whose cosets the tier's axis table measures,
  // as the U-D axis sees them; each axis's mask is its rotation.
  // `odd_coset`: the moves in the odd coset of the subgroup's even half (the states of the
  // subgroup with an even corner parity; the coset is the states the subgroup's coordinates call
  // solved with an odd parity), whose distances the tier also reads: the parity bits of phase 1's
  // words in the default tier, the large table's entries in the large tier (whose subgroup is
  // its own even half).
  TierTables(const Cube3PruningTables& tables, uint32_t subgroup, uint32_t odd_coset = 0)
      : tables_(tables) {
    for (int k = 0; k < kAxes; ++k) {
      in_subgroup_[k] = 0;
      odd_coset_[k] = 0;
      for (int m = 0; m < kCube3Moves; ++m) {
        rotated_[k][m] = Cube3RotatedMove(k, m);
        if (subgroup >> rotated_[k][m] & 1) in_subgroup_[k] |= 1u << m;
        if (odd_coset >> rotated_[k][m] & 1) odd_coset_[k] |= 1u << m;
      }
    }
  }

  const Cube3PruningTables& pruning() const { return tables_; }

  // The inverse's bound in the tier's axis table (InverseBound's constructor), whose subgroup is
  // this tier's.
  InverseBound InverseWith(const uint8_t* large, const Cube3FlipSliceSorted* classes) const {
    return InverseBound(large, classes, tables_.phase1_moves, in_subgroup_, odd_coset_);
  }

  // The tight axes' moves: those of axis k when its entry `value` equals `togo` (none when
  // nothing is left to go: an empty solution has no last move).
  uint32_t NotLast(int k, int value, int togo) const {
    return value == togo && togo > 0 ? in_subgroup_[k] : 0;
  }
  // The same from a pair of distances to the subgroup's even half (a large table's pair, or a
  // word's parity bits): the even half's moves when its entry equals `togo`, the odd coset's when
  // the other parity's entry is at least `togo` (point 5).
  uint32_t NotLast(int k, const ParityPair& pair, int togo) const {
    if (togo == 0) return 0;
    return (pair.value == togo ? in_subgroup_[k] & ~odd_coset_[k] : 0) |
           (pair.other >= togo ? odd_coset_[k] : 0);
  }

  // The child's corners, by move m, and its corners entry, prefetched.
  void CornersChild(const Node& node, int m, Child* child) const {
    Node& c = child->node;
    c.corners = moves_.corners[node.corners * kCube3Moves + m];
    c.raw_twist = moves_.twist[node.raw_twist * kCube3Moves + m];
    child->corners_entry = Cube3CornersIndex(c.corners, c.raw_twist, sym_);
    __builtin_prefetch(&tables_.corners[child->corners_entry]);
  }

  // The largest of the corners' entry and `axis_value(node, k)` (the tier's axis table's entry)
  // along each axis.
  template <typename AxisValue>
  int LowerBoundWith(const Node& node, AxisValue axis_value) const {
    int h = tables_.corners[Cube3CornersIndex(node.corners, node.raw_twist, sym_)];
    for (int k = 0; k < kAxes; ++k) h = std::max(h, axis_value(node, k));
    return h;
  }

  const Cube3PruningTables& tables_;
  const Cube3MoveTables& moves_ = Cube3MoveTables::Get();
  const Cube3SymmetryTables& sym_ = Cube3SymmetryTables::Get();
  const Cube3Phase1Moves& phase1_ = Cube3Phase1Moves::Get();
  int rotated_[kAxes][kCube3Moves];
  uint32_t in_subgroup_[kAxes];  // by axis: the moves in its subgroup (bit m)
  uint32_t odd_coset_[kAxes];    // by axis: the moves in the odd coset of its subgroup (bit m)
};

// The default tier's lower bounds: phase 1's table along each axis and the corners'.
class Tables : private TierTables {
 public:
  static constexpr bool kLarge = false;
  // The fewest moves left at which a child's inverse is probed (cube3_optimal.h, point 6):
  // never, in this tier. Since each node reads its own words, the probes cost more than they
  // saved. Measured in one process on one thread, cubes 0, 2 and 3 alternating: without probes
  // 40.3, 4.3 and 62.8-66.0 s (1.5x the nodes at 1.9x the node rate); probing from 4 or 6 moves
  // left 45-47, 5.1 and 75.4 s; from 8, 45.2, 6.1 and 77.1 s; from 10, 40.6, 4.4 and 70.9 s.
  static constexpr int kInverseFrom = kMaxBound;
  using TierTables::pruning;
  // Phase 1's table measures the cosets of G1 = <U, D, R2, F2, L2, B2>; its words' parity bits
  // those of G1's even half, whose odd coset holds U, U', D and D'.
  explicit Tables(const Cube3PruningTables& tables)
      : TierTables(tables, kG1Moves, kOddCosetMoves) {}

  Node Start(const Cube3State& cube) const {
    Node node;
    for (int k = 0; k < kAxes; ++k) {
      const Cube3State x = Cube3RotateUrf(cube, k);
      const int flipslice = 2048 * (Cube3Quartet(x, kCube3SliceQuartet) / 24) + Cube3Flip(x);
      node.cls[k] = sym_.flipslice_class[flipslice];
      node.sym[k] = sym_.flipslice_sym[flipslice];
      node.twist[k] = sym_.twist_conjugate[Cube3Twist(x) * kCube3Symmetries + node.sym[k]];
      node.value[k] = static_cast<uint8_t>(Cube3Phase1Distance(Word(node.cls[k], node.twist[k])));
    }
    node.corners = Cube3Corners(cube);
    node.raw_twist = Cube3Twist(cube);
    node.parity = static_cast<uint8_t>(Cube3CornerParity(cube));
    return node;
  }

  // What a node's own phase1_moves words (one an axis, prefetched when it was made) say of its
  // children: each move's change of each axis's distance, and the moves whose children are
  // within `togo` - 1 moves of G1 along every axis. So no child's phase 1 entry is read.
  struct Expansion {
    uint32_t allowed;
    uint32_t not_last = 0;
    uint64_t deltas[kAxes];  // Cube3Phase1Moves::Deltas, by axis
  };
  // A node whose distance to G1's even half, along some axis, exceeds `togo` is cut here (no
  // child allowed), and its tight distances rule out last moves (cube3_optimal.h, point 5).
  Expansion Expand(const Node& node, int togo) const {
    Expansion ex;
    ex.allowed = kAllMoves;
    for (int k = 0; k < kAxes; ++k) {
      const uint32_t word = Word(node.cls[k], node.twist[k]);
      const ParityPair even = {Cube3Phase1EvenDistance(word, node.parity),
                               Cube3Phase1EvenDistance(word, node.parity ^ 1)};
      if (even.value > togo) {
        ex.allowed = 0;
        return ex;
      }
      ex.not_last |= NotLast(k, even, togo);
      ex.deltas[k] = phase1_.Deltas(word, node.sym[k], k);
      ex.allowed &= Cube3Phase1Moves::MovesWithin(ex.deltas[k], node.value[k], togo - 1);
    }
    return ex;
  }

  // The child of `node` by move m (one of ex.allowed), with `togo` moves left: its distances
  // from `ex`, and with them the moves they rule out as the last (added to child->node.not_last,
  // which holds its parent's). A child they rule out entirely is left there, for Within to cut:
  // on cube 2 of the benchmark's file, 41% of the children at the widest level (9 moves left).
  // Skipping their coordinates and prefetches took the search's time to about 0.8x. Any other
  // gets its coordinates, and its corners entry and (unless it has nothing left to go) its words
  // and flip-slice rows are prefetched.
  void MakeChild(const Node& node, const Expansion& ex, int m, int togo, Child* child) const {
    Node& c = child->node;
    c.parity = static_cast<uint8_t>(node.parity ^ Cube3QuarterTurn(m));
    for (int k = 0; k < kAxes; ++k) {
      c.value[k] =
          static_cast<uint8_t>(Cube3Phase1Moves::ChildDistance(ex.deltas[k], node.value[k], m));
      c.not_last |= NotLast(k, c.value[k], togo);
    }
    if (c.not_last == kAllMoves) return;
    for (int k = 0; k < kAxes; ++k) {
      const int conjugated = phase1_.Conjugated(node.sym[k], rotated_[k][m]);
      const Cube3Phase1Moves::Moved moved = phase1_.FlipSliceMove(node.cls[k], conjugated);
      const int twist1 =
          sym_.twist_conjugate[moves_.twist[node.twist[k] * kCube3Moves + conjugated] *
                                   kCube3Symmetries +
                               moved.sym];
      c.cls[k] = static_cast<uint16_t>(moved.cls);
      c.twist[k] = static_cast<uint16_t>(twist1);
      c.sym[k] = static_cast<uint8_t>(phase1_.Product(moved.sym, node.sym[k]));
      if (togo > 0) {
        __builtin_prefetch(&Word(moved.cls, twist1));
        phase1_.PrefetchFlipSliceRow(moved.cls);
      }
    }
    CornersChild(node, m, child);
  }

  // Whether the tables allow the child within `togo` moves: FirstWithin and then Within (here
  // all in Within: Expand allowed the axes, and MakeChild added their tight moves to not_last).
  bool FirstWithin(Child* /*child*/, int /*togo*/) const { return true; }
  bool Within(Child* child, int togo) const {
    return child->node.not_last != kAllMoves && tables_.corners[child->corners_entry] <= togo;
  }

  int LowerBound(const Node& node) const {
    return LowerBoundWith(node, [this](const Node& n, int k) {
      return Cube3Phase1EvenDistance(Word(n.cls[k], n.twist[k]), n.parity);
    });
  }
  InverseBound Inverse() const { return InverseWith(nullptr, nullptr); }

 private:
  // The phase1_moves word of (flip-slice class, twist in its frame).
  const uint32_t& Word(uint32_t cls, int twist) const {
    return tables_.phase1_moves[static_cast<uint64_t>(cls) * kCube3Twists + twist];
  }
};

// The large tier's lower bounds: its table along each axis and the corners'. The large table
// refines phase 1's (its coordinates determine phase 1's, and solved is in G1), so phase 1's
// table would add nothing.
class LargeTables : private TierTables {
 public:
  static constexpr bool kLarge = true;
  // The inverse is probed in the large table too (cube3_optimal.h, point 6): over the first 20
  // cubes it cut the nodes 3.3-fold and the mean time from 47.7 to 35.5 s. (With phase 1's
  // table instead, the probes cut a third of the nodes and cost as much time as that saved.)
  // From 4 or 6 moves left, the nodes were the same.
  static constexpr int kInverseFrom = 4;
  using TierTables::pruning;
  // The large table measures the cosets of the subgroup that keeps every edge's flip, every
  // corner's twist, the four slice edges in their places and order, and the corners' permutation
  // even: of single moves U2 and D2 (U and D turn no slice edge and change no flip or twist,
  // every other turn does one of these, and a quarter turn changes the parity). The odd coset
  // (the states with those solved and an odd parity) holds U, U', D and D'.
  explicit LargeTables(const Cube3PruningTables& tables)
      : TierTables(tables, (1u << 1) | (1u << 10), kOddCosetMoves),
        classes_(*tables.flipslice_sorted) {}

  Node Start(const Cube3State& cube) const {
    Node node;
    for (int k = 0; k < kAxes; ++k) {
      const Cube3State x = Cube3RotateUrf(cube, k);
      const Cube3FlipSliceSorted::ClassAndSym c = classes_.Classify(x);
      node.cls[k] = static_cast<uint32_t>(c.cls);
      node.sym[k] = static_cast<uint8_t>(c.sym);
      node.twist[k] = sym_.twist_conjugate[Cube3Twist(x) * kCube3Symmetries + c.sym];
    }
    node.corners = Cube3Corners(cube);
    node.raw_twist = Cube3Twist(cube);
    node.parity = static_cast<uint8_t>(Cube3CornerParity(cube));
    return node;
  }

  // Every move: the large table is read for each child (FirstWithin, Within).
  struct Expansion {
    uint32_t allowed;
    uint32_t not_last = 0;
  };
  Expansion Expand(const Node& /*node*/, int /*togo*/) const { return {kAllMoves}; }

  // The child of `node` by move m, its corners entry and its first axis's entry prefetched. (Two
  // small tables of lower bounds of phase 1's distance, the flip-slice class's and the twist with
  // the slice combination's, ruled out under 2% of the children here: more work than it saved.)
  void MakeChild(const Node& node, const Expansion& /*ex*/, int m, int /*togo*/,
                 Child* child) const {
    Node& c = child->node;
    c.parity = static_cast<uint8_t>(node.parity ^ Cube3QuarterTurn(m));
    for (int k = 0; k < kAxes; ++k) {
      const int conjugated = phase1_.Conjugated(node.sym[k], rotated_[k][m]);
      const Cube3FlipSliceSorted::ClassAndSym moved = classes_.Move(node.cls[k], conjugated);
      const int twist1 =
          sym_.twist_conjugate[moves_.twist[node.twist[k] * kCube3Moves + conjugated] *
                                   kCube3Symmetries +
                               moved.sym];
      c.cls[k] = static_cast<uint32_t>(moved.cls);
      c.twist[k] = static_cast<uint16_t>(twist1);
      c.sym[k] = static_cast<uint8_t>(phase1_.Product(moved.sym, node.sym[k]));
      child->phase1_entry[k] = Cube3FlipSliceSorted::Entry(moved.cls, twist1, c.parity);
    }
    CornersChild(node, m, child);
    __builtin_prefetch(Cube3LargeByte(tables_.large, child->phase1_entry[0]));
  }

  // The lookups in stages, each prefetching the next stage's for the children it keeps, so that
  // a child the first axis rules out costs one random read of the 3.33 GB table, not three.
  // Both add to child->node.not_last the moves of the axes whose entry is exactly togo.
  bool FirstWithin(Child* child, int togo) const {
    const ParityPair pair = ReadParityPair(tables_.large, child->phase1_entry[0]);
    if (tables_.corners[child->corners_entry] > togo || pair.value > togo) return false;
    child->node.not_last |= NotLast(0, pair, togo);
    __builtin_prefetch(Cube3LargeByte(tables_.large, child->phase1_entry[1]));
    __builtin_prefetch(Cube3LargeByte(tables_.large, child->phase1_entry[2]));
    return true;
  }
  bool Within(Child* child, int togo) const {
    const ParityPair pair1 = ReadParityPair(tables_.large, child->phase1_entry[1]);
    const ParityPair pair2 = ReadParityPair(tables_.large, child->phase1_entry[2]);
    if (pair1.value > togo || pair2.value > togo) return false;
    child->node.not_last |= NotLast(1, pair1, togo) | NotLast(2, pair2, togo);
    for (int k = 0; k < kAxes; ++k) classes_.PrefetchRow(static_cast<int>(child->node.cls[k]));
    return true;
  }

  int LowerBound(const Node& node) const {
    return LowerBoundWith(node, [this](const Node& n, int k) {
      return Cube3LargeDistance(tables_.large,
                                Cube3FlipSliceSorted::Entry(n.cls[k], n.twist[k], n.parity));
    });
  }
  InverseBound Inverse() const { return InverseWith(tables_.large, &classes_); }

 private:
  const Cube3FlipSliceSorted& classes_;
};

// A bound's search below one prefix of its first moves.
struct Item {
  int moves[kPrefixLength];
  int length;
  Node node;
};

// Whether the deadline has passed at `now` or the solve is cancelled.
bool StopRequested(const Cube3Optimal::Options& options, absl::Time now) {
  return now >= options.deadline ||
         (options.cancelled != nullptr && options.cancelled->load(std::memory_order_relaxed));
}

// What the threads of one solve share.
struct Shared {
  const Cube3State* cube;
  const InverseBound* inverse;
  const Cube3Optimal::Options* options;
  int inverse_from;                // the fewest moves left at which children's inverses are probed
  std::atomic<bool> stop{false};   // deadline or cancellation seen
  std::atomic<uint64_t> nodes{0};  // summed at each poll
  // When the next progress report is due: one schedule for the whole solve, kept across bounds
  // (a bound shorter than the interval must not put the report off again). Read and written only
  // on the calling thread: by its worker and while it waits for the others.
  absl::Time next_progress;
  // The current bound's work.
  int bound = 0;
  std::vector<Item> items;
  std::atomic<size_t> next_item{0};
  std::atomic<size_t> found_item{SIZE_MAX};  // the smallest item with a solution so far
  // The smallest item left unfinished because the solve stops: a solution under a larger one is
  // not known to be the smallest.
  std::atomic<size_t> abandoned_item{SIZE_MAX};
  std::mutex mu;
  std::vector<int> solution;  // under mu: found_item's

  // On the calling thread only: reports progress if a report is due at `now`, and sets the next.
  void ReportIfDue(absl::Time now) {
    if (now < next_progress) return;
    next_progress = now + options->progress_interval;
    if (options->progress) options->progress(bound, nodes.load());
  }
};

// One thread's depth-first search over the items it takes.
template <typename Tables>
class Worker {
 public:
  Worker(const Tables& tables, Shared* shared, bool reports)
      : tables_(tables), shared_(*shared), reports_(reports) {}

  void Run() {
    for (;;) {
      const size_t i = shared_.next_item.fetch_add(1);
      if (i >= shared_.items.size() || i > shared_.found_item.load()) break;
      item_ = i;
      abandoned_ = false;
      const Item& item = shared_.items[i];
      std::copy(item.moves, item.moves + item.length, path_);
      InverseBound::Views views = InverseBound::Start(*shared_.cube);
      for (int k = 0; k < item.length; ++k) {
        InverseBound::Views next;
        shared_.inverse->Turn(views, item.moves[k], &next);
        views = next;
      }
      if (!shared_.stop.load() &&
          Search(item.node, views, 0, item.length, shared_.bound - item.length)) {
        std::lock_guard<std::mutex> lock(shared_.mu);
        if (i < shared_.found_item.load()) {
          shared_.found_item.store(i);
          shared_.solution.assign(path_, path_ + shared_.bound);
        }
      } else if (shared_.stop.load()) {
        std::lock_guard<std::mutex> lock(shared_.mu);
        shared_.abandoned_item.store(std::min(shared_.abandoned_item.load(), i));
        break;
      }
    }
    shared_.nodes.fetch_add(nodes_ - reported_);
    reported_ = nodes_;
  }

 private:
  // True when `node`, reached by path_[0, n), has a solution in exactly `togo` more moves (in
  // path_ then). Returns false when told to stop (Abandon()).
  bool Search(const Node& node, const InverseBound::Views& views, uint32_t not_first, int n,
              int togo) {
    if (togo == 0) return Solves(n);
    const int last_face = Cube3MoveFace(path_[n - 1]);
    Child child[kCube3Moves];
    bool kept[kCube3Moves];
    // The last move of the path is not one the lookups ruled out (cube3_optimal.h, point 5), nor
    // the next one that the inverse's lookups ruled out (point 6); and in the default tier only
    // the children that the node's words allow along every axis are made.
    const typename Tables::Expansion ex = tables_.Expand(node, togo);
    const uint32_t not_last = node.not_last | ex.not_last;
    if (not_last == kAllMoves) return false;
    const uint32_t may_be_move = (togo == 1 ? ~not_last : kAllMoves) & ~not_first & ex.allowed;
    for (int m = 0; m < kCube3Moves; ++m) {
      kept[m] = (may_be_move >> m & 1) && Cube3MayFollow(m, last_face);
      if (!kept[m]) continue;
      child[m].node.not_last = not_last;
      tables_.MakeChild(node, ex, m, togo - 1, &child[m]);
    }
    // Each stage over all the children before the next, in move order, so that one stage's
    // prefetches have the rest of its loop to arrive.
    for (int m = 0; m < kCube3Moves; ++m) {
      if (!kept[m]) continue;
      if ((++nodes_ % kPollEvery) == 0 && Abandon()) return false;
      kept[m] = tables_.FirstWithin(&child[m], togo - 1);
    }
    for (int m = 0; m < kCube3Moves; ++m) {
      if (kept[m]) {
        kept[m] = tables_.Within(&child[m], togo - 1) && child[m].node.not_last != kAllMoves;
      }
    }
    // The last stage reads the kept children's inverses. Near the leaves the children's own
    // lookups leave it little to cut, so it is skipped there.
    const bool probe_inverse = togo - 1 >= shared_.inverse_from;
    InverseBound::Views child_views[kCube3Moves];
    uint32_t child_not_first[kCube3Moves] = {};
    if (probe_inverse) {
      // (Taking the first axis for every child, then the other two for those it keeps, was no
      // faster in the large tier and 15-25% slower in the default tier.)
      const InverseBound& inverse = *shared_.inverse;
      InverseBound::Entries entries[kCube3Moves];
      for (int m = 0; m < kCube3Moves; ++m) {
        if (!kept[m]) continue;
        inverse.Turn(views, m, &child_views[m]);
        entries[m].parity = child[m].node.parity;
        for (int k = 0; k < kAxes; ++k) {
          inverse.Prepare<Tables::kLarge>(child_views[m], k, &entries[m]);
        }
      }
      for (int m = 0; m < kCube3Moves; ++m) {
        if (!kept[m]) continue;
        for (int k = 0; k < kAxes; ++k) inverse.Resolve<Tables::kLarge>(&entries[m], k);
      }
      for (int m = 0; m < kCube3Moves; ++m) {
        if (!kept[m]) continue;
        for (int k = 0; k < kAxes && kept[m]; ++k) {
          kept[m] = inverse.Within<Tables::kLarge>(entries[m], k, togo - 1, &child_not_first[m]);
        }
        kept[m] = kept[m] && child_not_first[m] != kAllMoves;
      }
    }
    for (int m = 0; m < kCube3Moves; ++m) {
      if (!kept[m]) continue;
      path_[n] = m;
      if (Search(child[m].node, child_views[m], child_not_first[m], n + 1, togo - 1)) return true;
      if (abandoned_) return false;  // the whole item, not only the child's subtree
    }
    return false;
  }

  // Whether path_[0, n) solves the cube. Reached only where every table reads 0: corners solved,
  // every edge flip 0 and every edge in its own slice along all three axes; the edges'
  // permutation decides.
  bool Solves(int n) const {
    Cube3State x = *shared_.cube;
    for (int i = 0; i < n; ++i) x = Cube3Multiply(x, Cube3MoveState(path_[i]));
    return x == Cube3Solved();
  }

  // Every kPollEvery nodes: whether to give up this item (a smaller one has a solution, or the
  // solve stops); reports progress on the calling thread. Once it says so, abandoned_ holds until
  // the next item, and every level of Search returns at once.
  bool Abandon() {
    shared_.nodes.fetch_add(nodes_ - reported_);
    reported_ = nodes_;
    const absl::Time now = absl::Now();
    if (shared_.stop.load(std::memory_order_relaxed) ||
        shared_.found_item.load(std::memory_order_relaxed) < item_) {
      abandoned_ = true;
    } else if (StopRequested(*shared_.options, now)) {
      shared_.stop.store(true);
      abandoned_ = true;
    } else if (reports_) {
      shared_.ReportIfDue(now);
    }
    return abandoned_;
  }

  const Tables& tables_;
  Shared& shared_;
  const bool reports_;  // the calling thread's worker calls options.progress
  size_t item_ = 0;
  bool abandoned_ = false;  // Abandon() said to give up item_
  uint64_t nodes_ = 0;
  uint64_t reported_ = 0;  // of nodes_, added to shared_.nodes
  int path_[kMaxBound];
};

// The bound's items: the canonical prefixes of its first min(bound, kPrefixLength) moves that the
// tables allow, in lexicographic order.
template <typename Tables>
std::vector<Item> Items(const Tables& tables, const Node& start, int bound) {
  std::vector<Item> items;
  const int length = std::min(bound, kPrefixLength);
  Item item;
  item.length = length;
  auto extend = [&](auto&& self, const Node& node, int n, int last_face) -> void {
    if (n == length) {
      item.node = node;
      items.push_back(item);
      return;
    }
    const typename Tables::Expansion ex = tables.Expand(node, bound - n);
    for (int m = 0; m < kCube3Moves; ++m) {
      Child child;
      if (bound - n == 1 && (node.not_last >> m & 1)) continue;
      if (!(ex.allowed >> m & 1) || !Cube3MayFollow(m, last_face)) continue;
      child.node.not_last = node.not_last;
      tables.MakeChild(node, ex, m, bound - n - 1, &child);
      if (!tables.FirstWithin(&child, bound - n - 1) || !tables.Within(&child, bound - n - 1) ||
          child.node.not_last == kAllMoves) {
        continue;
      }
      item.moves[n] = m;
      self(self, child.node, n + 1, Cube3MoveFace(m));
    }
  };
  extend(extend, start, 0, -1);
  return items;
}

// A symmetry of the cube that maps the faces U, R and F onto U, R and F (cube3_optimal.h, point 7):
// S_s (cube3_symmetry.h) and then R^k (the rotation about the URF-DBL diagonal, as
// Cube3RotateUrf), and the move S m S^-1 for each move m.
struct OrderKeepingSymmetry {
  int s, k;
  int move[kCube3Moves];
};

// The five besides the identity: the rotations R and R^2, and the three mirrors in the planes
// through the URF-DBL diagonal. Found among the 48 by their effect on the moves.
const std::vector<OrderKeepingSymmetry>& OrderKeepingSymmetries() {
  static const auto* const symmetries = [] {
    auto* out = new std::vector<OrderKeepingSymmetry>();
    const Cube3Phase1Moves& phase1 = Cube3Phase1Moves::Get();
    for (int s = 0; s < kCube3Symmetries; ++s) {
      for (int k = 0; k < kAxes; ++k) {
        if (s == 0 && k == 0) continue;
        OrderKeepingSymmetry symmetry{s, k, {}};
        bool keeps_order = true;
        for (int m = 0; m < kCube3Moves; ++m) {
          symmetry.move[m] = Cube3RotatedMove(k, phase1.Conjugated(s, m));  // R^k S m S^-1 R^-k
          keeps_order =
              keeps_order && (Cube3MoveFace(symmetry.move[m]) < 3) == (Cube3MoveFace(m) < 3);
        }
        if (keeps_order) out->push_back(symmetry);
      }
    }
    return out;
  }();
  return *symmetries;
}

// The order-keeping symmetries S with S cube S^-1 = cube (with the identity, a group).
std::vector<const OrderKeepingSymmetry*> Stabiliser(const Cube3State& cube) {
  std::vector<const OrderKeepingSymmetry*> out;
  for (const OrderKeepingSymmetry& symmetry : OrderKeepingSymmetries()) {
    if (Cube3RotateUrf(Cube3Conjugate(cube, symmetry.s), symmetry.k) == cube) {
      out.push_back(&symmetry);
    }
  }
  return out;
}

// The items whose prefix is the lexicographically smallest of its images under `stabiliser`.
std::vector<Item> OrbitMinima(const std::vector<Item>& items,
                              const std::vector<const OrderKeepingSymmetry*>& stabiliser) {
  std::vector<Item> out;
  for (const Item& item : items) {
    bool smallest = true;
    for (const OrderKeepingSymmetry* symmetry : stabiliser) {
      int image[kPrefixLength];
      for (int i = 0; i < item.length; ++i) image[i] = symmetry->move[item.moves[i]];
      smallest = smallest && !std::lexicographical_compare(image, image + item.length, item.moves,
                                                           item.moves + item.length);
    }
    if (smallest) out.push_back(item);
  }
  return out;
}

// Solve's search with the tier's lower bounds.
template <typename Tables>
Cube3Optimal::Result SolveWith(const Tables& tables, const Cube3State& cube,
                               const Cube3Optimal::Options& options) {
  Cube3Optimal::Result result;
  if (cube == Cube3Solved()) {
    result.found = true;
    return result;
  }
  const Node start = tables.Start(cube);
  const InverseBound inverse = tables.Inverse();
  Shared shared;
  shared.cube = &cube;
  shared.inverse = &inverse;
  shared.options = &options;
  shared.inverse_from = options.inverse_from > 0 ? options.inverse_from : Tables::kInverseFrom;
  shared.next_progress = absl::Now() + options.progress_interval;
  const int threads = std::max(1, options.threads);
  const int limit = options.max_length > 0 ? std::min(options.max_length, kMaxBound) : kMaxBound;
  // Searches `items` at shared.bound on `threads` threads.
  auto search_items = [&](std::vector<Item> items) {
    shared.items = std::move(items);
    shared.next_item = 0;
    shared.found_item = SIZE_MAX;
    shared.abandoned_item = SIZE_MAX;
    // The calling thread searches too, then waits for the others, reporting progress.
    std::mutex done_mu;
    std::condition_variable done_cv;
    int running = threads - 1;
    std::vector<std::thread> others;
    for (int t = 1; t < threads; ++t) {
      others.emplace_back([&] {
        Worker<Tables>(tables, &shared, false).Run();
        std::lock_guard<std::mutex> lock(done_mu);
        --running;
        done_cv.notify_all();
      });
    }
    Worker<Tables>(tables, &shared, true).Run();
    {
      std::unique_lock<std::mutex> lock(done_mu);
      while (running > 0) {
        const absl::Duration until_due = shared.next_progress - absl::Now();
        // (At least 1 ms, so that a zero interval does not spin; at most 1 s, so that an
        // infinite one does not overflow the wait.)
        done_cv.wait_for(lock, absl::ToChronoNanoseconds(
                                   std::clamp(until_due, absl::Milliseconds(1), absl::Seconds(1))));
        if (running > 0) shared.ReportIfDue(absl::Now());
      }
    }
    for (std::thread& t : others) t.join();
  };
  // A symmetric position's bounds are searched under one prefix of each orbit (point 7).
  const std::vector<const OrderKeepingSymmetry*> stabiliser =
      options.symmetry ? Stabiliser(cube) : std::vector<const OrderKeepingSymmetry*>();
  result.lower_bound = std::max(1, tables.LowerBound(start));
  for (int bound = result.lower_bound; bound <= limit; ++bound) {
    shared.bound = bound;
    std::vector<Item> items = Items(tables, start, bound);
    search_items(stabiliser.empty() ? std::move(items) : OrbitMinima(items, stabiliser));
    if (shared.found_item.load() < shared.abandoned_item.load()) {
      result.found = true;
      result.moves = shared.solution;
      break;
    }
    if (shared.stop.load()) {
      result.stopped = true;
      break;
    }
    result.lower_bound = bound + 1;  // every sequence of this length was tried
  }
  result.nodes = shared.nodes.load();
  return result;
}

}  // namespace

Cube3Optimal::Cube3Optimal(const Cube3PruningTables* tables) : tables_(*tables) {
  Cube3Phase1Moves::Get();  // built now rather than in the first Solve
}

int Cube3Optimal::LowerBound(const Cube3State& cube) const {
  if (tables_.large != nullptr) {
    const LargeTables tables(tables_);
    return tables.LowerBound(tables.Start(cube));
  }
  const Tables tables(tables_);
  return tables.LowerBound(tables.Start(cube));
}

Cube3Optimal::Result Cube3Optimal::Solve(const Cube3State& cube, const Options& options) const {
  if (tables_.large != nullptr) return SolveWith(LargeTables(tables_), cube, options);
  return SolveWith(Tables(tables_), cube, options);
}

}  // namespace puzzle
