// Phase 1's coordinates stepped by flip-slice class, shared by the two-phase search
// (cube3_two_phase.h) and the optimal one (cube3_optimal.h), and the rotation that shows a
// position along its other two axes.
//
// Phase 1 steps through flip-slice classes instead of raw coordinates. A state X is kept as
// (class c, twist t in the class representative's frame, symmetry s) where S_s X S_s^-1 has the
// representative's flip-slice and twist t: (c, t) is X's phase-1 table index itself. Move M
// takes X to X M, and S_s X M S_s^-1 = (S_s X S_s^-1)(S_s M S_s^-1): the representative turned
// by the conjugated move M' = S_s M S_s^-1, which a row of the flip-slice move table maps to a
// class c' and the symmetry u that brings it to c' 's representative. So X M is
// (c', twist_conjugate(twist_move(t, M'), u), S_u S_s): one row per node for the 18 children's
// classes, instead of a random flip-slice class and sym lookup (2 and 1 MB tables) per child.
//
// The searches learn their children's distances to G1 from a node's own phase1_moves word
// (cube3_pruning.h), without reading the children's entries: Deltas maps the word's moves, the
// representative's, into the node's frame (and, for the optimal search, to the cube's moves
// along an axis).
//
// Thread-safety: Get() builds the tables once (thread-safe); they are immutable.
#ifndef PUZZLES_CUBE3_CUBE3_PHASE1_MOVES_H_
#define PUZZLES_CUBE3_CUBE3_PHASE1_MOVES_H_

#include <cstdint>
#include <cstring>
#include <vector>

#include "puzzles/cube3/cube3_coordinates.h"
#include "puzzles/cube3/cube3_cube.h"
#include "puzzles/cube3/cube3_symmetry.h"

namespace puzzle {

// R^k x R^-k for R the 120-degree rotation about the URF-DBL diagonal (Kociemba's S_URF3),
// which takes the U axis to R to F: x seen along another axis, for k = 1 and 2.
Cube3State Cube3RotateUrf(Cube3State x, int k);

// The move R^-k m R^k: move m of a k-rotated variant, seen on the cube.
int Cube3UnrotatedMove(int k, int m);
// The move R^k m R^-k: move m of the cube, seen on its k-rotated variant.
int Cube3RotatedMove(int k, int m);

class Cube3Phase1Moves {
 public:
  static const Cube3Phase1Moves& Get();

  // S_s M S_s^-1 for move m.
  int Conjugated(int s, int m) const { return conjugated_move_[s * kCube3Moves + m]; }
  // The symmetry S_u S_s.
  int Product(int u, int s) const { return product_[u * kCube3Symmetries + s]; }

  // From the phase1_moves word (cube3_pruning.h) of a state X with symmetry s: the moves (bit m,
  // X's own) that take X closer to G1 (low 32 bits) and farther (high 32 bits). The word's moves
  // M' are the representative's; X's move M is M' = S_s M S_s^-1. With `axis` k, X is a cube
  // seen along axis k (R^k C R^-k, as Cube3RotateUrf) and the bits are the cube's moves m, which
  // X sees as Cube3RotatedMove(k, m).
  uint64_t Deltas(uint32_t word, int s, int axis = 0) const {
    const uint64_t* row = &deltas_[(axis * kCube3Symmetries + s) * 6 * 16];
    uint64_t out = 0;
    for (int f = 0; f < 6; ++f) out |= row[f * 16 + (word >> (4 + 4 * f) & 15)];
    return out;
  }
  // Of Deltas' answer for a state `distance` moves from G1: the distance of its child by move m,
  // and the moves (bit m) whose children are at most `limit` moves from G1 (limit >= distance - 1:
  // each child is within one move of the state's distance).
  static int ChildDistance(uint64_t deltas, int distance, int m) {
    return distance - static_cast<int>(deltas >> m & 1) + static_cast<int>(deltas >> (32 + m) & 1);
  }
  static uint32_t MovesWithin(uint64_t deltas, int distance, int limit) {
    constexpr uint32_t kAll = (1u << kCube3Moves) - 1;
    const uint32_t closer = static_cast<uint32_t>(deltas);
    const uint32_t farther = static_cast<uint32_t>(deltas >> 32);
    return limit < distance ? closer : limit == distance ? kAll & ~farther : kAll;
  }

  // Class `cls`'s representative turned by move m (in its own frame).
  struct Moved {
    int cls;
    int sym;  // brings the result to its class's representative
  };
  Moved FlipSliceMove(int cls, int m) const {
    // Entry m is 20 bits at bit 20 m of its class's row, bits in little-endian order; the 4 bytes
    // from its first byte hold it (read as a little-endian word: x86-64, as the table files).
    uint32_t word;
    std::memcpy(&word, flipslice_move_[cls].bytes + kEntryBits * m / 8, sizeof word);
    const uint32_t packed = word >> (kEntryBits * m % 8);
    return {static_cast<int>(packed & 0xFFFF), static_cast<int>(packed >> 16 & 0xF)};
  }
  // A row is one cache line.
  void PrefetchFlipSliceRow(int cls) const { __builtin_prefetch(&flipslice_move_[cls]); }

 private:
  Cube3Phase1Moves();
  void FillSymmetryTables();
  void FillFlipSliceMoves();

  uint8_t conjugated_move_[kCube3Symmetries * kCube3Moves];
  uint8_t product_[kCube3Symmetries * kCube3Symmetries];
  // [axis][s][face][4 bits of a phase1_moves word]: Deltas' masks for that face's turns.
  uint64_t deltas_[3 * kCube3Symmetries * 6 * 16] = {};
  // By class, its 18 moves' results, 20 bits each (16 bits class, 4 bits sym: see Moved), packed
  // into one cache line so that a node's children cost one line of this 4.1 MB table, not two.
  static constexpr int kEntryBits = 20;
  struct alignas(64) Row {
    uint8_t bytes[64];
  };
  static_assert(kEntryBits * kCube3Moves / 8 + 4 <= sizeof(Row::bytes), "an entry's 4 bytes fit");
  std::vector<Row> flipslice_move_;
};

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_PHASE1_MOVES_H_
