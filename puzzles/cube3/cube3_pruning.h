// The two-phase search's distance tables, each built by breadth-first search from solved:
//   - phase 1's distances: the exact number of moves to G1 (flip, twist and UD slice all
//     solved), by (flip-slice class, twist in the class representative's frame): 64,430 x 2,187
//     entries, kept only as the low 4 bits of phase1_moves (below; Cube3Phase1Distance);
//   - phase2: the exact number of phase-2 moves that solve the corners and the UD edges together,
//     by (corner class, UD edges in the representative's frame): 2,768 x 40,320 entries;
//   - corners_slice: the exact number of phase-2 moves that solve the corners and the order of
//     the slice edges together, by corners * 24 + slice order: 967,680 entries;
//   - corners: the exact number of moves (any of the 18) that solve the corners, permutation and
//     twist, by (corner class, twist in the class representative's frame): 2,768 x 2,187 =
//     6,053,616 entries, for the optimal search (cube3_optimal.h);
//   - large (the opt-in large tier, its own file): the exact number of moves (any of the 18) that
//     solve the edges' flip, the UD-slice edges' positions and order, the corners' twist and the
//     corners' permutation parity together (that is, reach the subgroup of the states with all
//     four solved, which holds U2 and D2 and no other single move), by (flip-slice-sorted class,
//     twist in the class representative's frame, parity): 1,523,864 x 2,187 x 2 =
//     6,665,381,136 entries (cube3_flipslice_sorted.h), for the optimal search. It refines phase
//     1's table (which ignores the slice edges' order and the parity and counts moves to G1, not
//     to solved): a mean of 10.52 against 9.53 (10.30 without the parity). Four bits an entry
//     (its distances are at most 13), two to a byte, entry i in byte i / 2, the even entry in the
//     low four bits: 3.33 GB (Cube3LargeDistance). An entry's two parities share a byte, and the
//     other parity's entry is the distance to the states of the subgroup's odd coset (those
//     with the four solved and an odd corner parity), which the optimal search reads as well
//     (cube3_optimal.h, point 5).
// One byte an entry for the others (a distance; phase 2's tables' at most 18, the corners' at most
// 11). And for the two-phase search's phase 1:
//   - phase1_moves: by phase 1's index, its distance to G1 (at most 12) and what each move does
//     to it, so
//     that a node learns from its own entry which children are close enough, without reading
//     theirs: a 32-bit word, bits 0-3 the distance, and for each face f (URFDLB) four bits at
//     4 + 4f: bit 0 set when the face's turns that change the distance raise it (else they lower
//     it; one face's three turns cannot do both, since any two of them are one turn apart), bits
//     1-3 set for those of its turns X, X2, X' that change it. The moves are the entry's own (of
//     the class representative with that twist): Cube3Phase1Moves::Deltas maps them to a
//     state's frame. Bits 28 and 29 refine the distance by the corners' permutation parity p
//     (0 even, 1 odd; Cube3Phase1EvenDistance): bit 28 + p is set when a state with these
//     coordinates and parity p needs d + 1 moves, not d, to reach G1's even half (the states of
//     G1 with an even corner parity, which of single moves holds the six half turns). It never
//     needs more: from G1's odd half a quarter turn of U reaches the even half, and no fewer
//     than d since the even half is in G1. The two bits are never both set: one of the states
//     reaches G1 in d moves, in one half or the other. Bits 30-31 are 0.
//
// A symmetric table holds one entry per state of a class representative, and the builder sets
// every entry of a representative's stabiliser images at once (see cube3_symmetry.h): a lookup
// canonicalises by the state's sym, which may land on any of them.
//
// Thread-safety: immutable after Build.
#ifndef PUZZLES_CUBE3_CUBE3_PRUNING_H_
#define PUZZLES_CUBE3_CUBE3_PRUNING_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "puzzle/nibble_array.h"
#include "puzzles/cube3/cube3_coordinates.h"
#include "puzzles/cube3/cube3_flipslice_sorted.h"
#include "puzzles/cube3/cube3_symmetry.h"

namespace puzzle {

inline constexpr uint64_t kCube3Phase1Entries =
    static_cast<uint64_t>(kCube3FlipSliceClasses) * kCube3Twists;
inline constexpr uint64_t kCube3Phase2Entries =
    static_cast<uint64_t>(kCube3CornerClasses) * kCube3UDEdgePerms;
inline constexpr uint64_t kCube3CornersSliceEntries =
    static_cast<uint64_t>(kCube3CornerPerms) * kCube3SlicePerms;
inline constexpr uint64_t kCube3CornersEntries =
    static_cast<uint64_t>(kCube3CornerClasses) * kCube3Twists;

// A phase1_moves word's distance to G1.
inline int Cube3Phase1Distance(uint32_t word) { return static_cast<int>(word & 15); }
// The distance to G1's even half (the states of G1 with an even corner permutation) of a state
// with the word's coordinates and corner parity `parity` (0 even, 1 odd): the distance to G1 or
// one more.
inline int Cube3Phase1EvenDistance(uint32_t word, int parity) {
  return static_cast<int>((word & 15) + (word >> (28 + parity) & 1));
}

// The large table's layout: kCube3LargeEntries entries of 4 bits, two to a byte
// (puzzle/nibble_array.h).
inline constexpr uint64_t kCube3LargeBytes = NibbleArrayBytes(kCube3LargeEntries);
// Entry `index` of the large table `large` (kCube3LargeBytes bytes).
inline int Cube3LargeDistance(const uint8_t* large, uint64_t index) {
  return NibbleAt(large, index);
}
// The byte that holds entry `index` (to prefetch it).
inline const uint8_t* Cube3LargeByte(const uint8_t* large, uint64_t index) {
  return NibbleByte(large, index);
}
// Packs `distances` (one an entry, each at most 15) into that layout, in place: entry i to the
// low (i even) or high (i odd) four bits of byte i / 2, and the vector cut to (size + 1) / 2
// bytes. No second copy is made of a 6.7 GB table: the capacity is kept, and the whole pages
// past the packed bytes are given back to the system (MADV_DONTNEED), so that the file's
// encoding, 3.33 GB more, does not come on top of 6.7 GB.
void PackCube3LargeDistances(std::vector<uint8_t>* distances);

// Where a state's entry is in each table (`sym` is Cube3SymmetryTables::Get(), passed in by
// the hot loops).
inline uint64_t Cube3Phase1Index(int flip, int slice_combination, int twist,
                                 const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get()) {
  const int flipslice = 2048 * slice_combination + flip;
  return static_cast<uint64_t>(sym.flipslice_class[flipslice]) * kCube3Twists +
         sym.twist_conjugate[twist * kCube3Symmetries + sym.flipslice_sym[flipslice]];
}
inline uint64_t Cube3Phase2Index(int corners, int ud_edges,
                                 const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get()) {
  return static_cast<uint64_t>(sym.corner_class[corners]) * kCube3UDEdgePerms +
         sym.ud_edges_conjugate[ud_edges * kCube3Symmetries + sym.corner_sym[corners]];
}

inline uint64_t Cube3CornersIndex(int corners, int twist,
                                  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get()) {
  return static_cast<uint64_t>(sym.corner_class[corners]) * kCube3Twists +
         sym.twist_conjugate[twist * kCube3Symmetries + sym.corner_sym[corners]];
}

// The tables as the searches probe them: in memory (Cube3PruningData) or in a mapped table file
// (cube3_table.h). REQUIRES: the bytes outlive the view.
struct Cube3PruningTables {
  const uint8_t* phase2 = nullptr;         // kCube3Phase2Entries
  const uint8_t* corners_slice = nullptr;  // kCube3CornersSliceEntries
  const uint8_t* corners = nullptr;        // kCube3CornersEntries
  const uint32_t* phase1_moves = nullptr;  // kCube3Phase1Entries
  // The large tier, or both null when it is not loaded: its table (kCube3LargeBytes, read with
  // Cube3LargeDistance) and the classes it is indexed by.
  const uint8_t* large = nullptr;
  const Cube3FlipSliceSorted* flipslice_sorted = nullptr;
};

// The tables as built, owned.
struct Cube3PruningData {
  std::vector<uint8_t> phase2, corners_slice, corners;
  std::vector<uint32_t> phase1_moves;

  // Builds them on `threads` threads (phase 1's distances first, a byte an entry, then the
  // words from them); `progress` (may be empty) gets a line a depth. The bytes do not depend on
  // `threads`.
  static Cube3PruningData Build(int threads,
                                const std::function<void(const std::string&)>& progress);

  Cube3PruningTables View() const {
    Cube3PruningTables view;
    view.phase2 = phase2.data();
    view.corners_slice = corners_slice.data();
    view.corners = corners.data();
    view.phase1_moves = phase1_moves.data();
    return view;
  }
};

// The large tier's table on `threads` threads, by breadth-first search over `classes` (a byte an
// entry, 6.7 GB, while it runs), packed (PackCube3LargeDistances): 3.33 GB; `progress` as for
// Cube3PruningData::Build. The bytes do not depend on `threads`.
std::vector<uint8_t> BuildCube3LargeTable(const Cube3FlipSliceSorted& classes, int threads,
                                          const std::function<void(const std::string&)>& progress);

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_PRUNING_H_
