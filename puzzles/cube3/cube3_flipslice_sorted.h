// The large tier's coordinate: the edges' flip with the UD-slice edges' positions and order
// (flip-slice-sorted), reduced by the 16 UD symmetries, and its move table by class.
//
// The raw value is 2048 * slice quartet + flip (0..24,330,239; cube3_coordinates.h), so phase 1's
// flip-slice value is 2048 * (quartet / 24) + flip of the same state: this coordinate refines it
// by the slice edges' order. Conjugating by a UD symmetry maps it to itself: the symmetries take
// slice edges to slice edges, and the flip they add depends only on which edges are slice edges
// (cube3_symmetry.h's generators flip exactly the slice edges). So its classes are those of
// phase 1's flip-slice with the order added: 1,523,864 of them. The large tier's table
// (cube3_pruning.h) is indexed by (class, twist in the representative's frame, corner parity),
// 6,665,381,136 entries, each the exact distance from solved of that projection of the cube. (A
// conjugation keeps a permutation's parity, so the parity needs no symmetry.)
//
// Conventions as cube3_symmetry.h: a class's representative is the smallest raw value in it (the
// first met in increasing order), so representatives are increasing in the class number; for a
// raw value y, conjugating y by its sym gives its class's representative.
//
// The move table follows cube3_phase1_moves.h's scheme: a state kept as (class c, twist in c's
// representative's frame, sym s) steps by move M through the row of c and the conjugated move
// S_s M S_s^-1, which gives the class of the representative turned and the symmetry u that
// brings the result to its own representative.
//
// Thread-safety: Create builds everything (about 3 s); the object is immutable after.
#ifndef PUZZLES_CUBE3_CUBE3_FLIPSLICE_SORTED_H_
#define PUZZLES_CUBE3_CUBE3_FLIPSLICE_SORTED_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "puzzles/cube3/cube3_coordinates.h"
#include "puzzles/cube3/cube3_cube.h"
#include "puzzles/cube3/cube3_symmetry.h"

namespace puzzle {

inline constexpr int kCube3FlipSliceSorted = 2048 * kCube3Quartets;  // 24,330,240 raw values
inline constexpr int kCube3FlipSliceSortedClasses = 1523864;
// The large table's entries: (class, twist in the representative's frame, corner parity).
inline constexpr uint64_t kCube3LargeEntries =
    static_cast<uint64_t>(kCube3FlipSliceSortedClasses) * kCube3Twists * 2;

// The raw value of a state: 2048 * its slice quartet + its flip.
int Cube3FlipSliceSortedValue(const Cube3State& c);

class Cube3FlipSliceSorted {
 public:
  // Builds the classes, the class of every raw value and the move table (216 MB, about 2 s), the
  // last two on transparent huge pages (HugePageVector): the large tier's search reads them at
  // random, and on 4 KiB pages took 1.06-1.37x the time (sums over 6 and 8 cubes, alternated).
  static std::unique_ptr<const Cube3FlipSliceSorted> Create();

  struct ClassAndSym {
    int cls;
    int sym;
  };
  // The class of a state's raw value and the symmetry that takes it to the representative: 16
  // conjugations and a binary search (for a search's start, not its inner loop).
  ClassAndSym Classify(const Cube3State& c) const;

  // Class `cls`'s representative turned by move m (in its own frame), as ClassAndSym.
  ClassAndSym Move(int cls, int m) const {
    const uint32_t packed = move_[static_cast<size_t>(cls) * kCube3Moves + m];
    return {static_cast<int>(packed >> 4), static_cast<int>(packed & 0xF)};
  }
  // The class of a raw value and the symmetry that takes it to the representative: one read
  // (for a search's inner loop, which computes raw values of the inverse position).
  ClassAndSym ClassOf(int value) const {
    const uint32_t packed = class_of_[value];
    return {static_cast<int>(packed >> 4), static_cast<int>(packed & 0xF)};
  }
  void PrefetchClassOf(int value) const { __builtin_prefetch(&class_of_[value]); }

  void PrefetchRow(int cls) const {
    __builtin_prefetch(&move_[static_cast<size_t>(cls) * kCube3Moves]);
  }

  uint32_t Representative(int cls) const { return representative_[cls]; }
  // Bit s set: symmetry s maps the class's representative to itself.
  uint16_t Stabiliser(int cls) const { return stabiliser_[cls]; }

  // Where a state's entry is in the large table, given its class and sym and its corner
  // permutation's parity (0 even, 1 odd): the two parities' entries are neighbours, in one byte
  // of the 4-bit layout.
  static uint64_t Index(const ClassAndSym& c, int twist, int parity,
                        const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get()) {
    return Entry(c.cls, sym.twist_conjugate[twist * kCube3Symmetries + c.sym], parity);
  }
  // The same from the class, the twist already in the representative's frame, and the parity.
  static uint64_t Entry(uint32_t cls, int twist_in_frame, int parity) {
    return (static_cast<uint64_t>(cls) * kCube3Twists + twist_in_frame) * 2 + parity;
  }

 private:
  Cube3FlipSliceSorted() = default;

  std::vector<uint32_t> representative_;  // by class
  std::vector<uint16_t> stabiliser_;      // by class
  std::vector<uint32_t> move_;            // [cls * 18 + m]: class << 4 | sym
  std::vector<uint32_t> class_of_;        // by raw value (97 MB): class << 4 | sym
};

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_FLIPSLICE_SORTED_H_
