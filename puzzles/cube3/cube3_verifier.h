// Checks every entry of the 3x3x3's four distance tables (phase 1's, in the low bits of the
// phase1_moves words, and the three byte tables) without the breadth-first search that built
// them: a table is the exact distance from solved exactly when the solved entries hold 0 and every
// other entry d has a neighbour (one move away) at d - 1 and none below it. The rest of each
// phase1_moves word is checked against its neighbours' words in the same pass: each move's
// change of the distance, and the corner parity bits (the distances to G1's even half) the same
// way as a table of their own. The
// check walks each table's graph as its own definition (cube3_pruning.h's layouts, through the
// coordinate and symmetry tables, which cube3_coordinates_test and cube3_symmetry_test hold to
// the cubie model, and cube3_two_phase_test to an IDDFS brute force).
//
// Thread-safety: a pure function.
#ifndef PUZZLES_CUBE3_CUBE3_VERIFIER_H_
#define PUZZLES_CUBE3_CUBE3_VERIFIER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/cube3/cube3_flipslice_sorted.h"
#include "puzzles/cube3/cube3_pruning.h"

namespace puzzle {

struct Cube3VerifyReport {
  std::vector<std::string> failures;  // at most 20
  // By table (phase1, phase2, corners_slice, corners): the number of entries at each distance.
  std::vector<std::vector<uint64_t>> depth_counts;
  uint64_t entries_checked = 0;
};

Cube3VerifyReport VerifyCube3Tables(const Cube3PruningTables& tables, int threads);

// The large tier's table (kCube3LargeEntries entries of 4 bits: Cube3LargeDistance) checked the
// same way, its graph walked through `classes` (which cube3_flipslice_sorted_test holds to the
// cubie model). One depth_counts entry.
Cube3VerifyReport VerifyCube3LargeTable(const uint8_t* large, const Cube3FlipSliceSorted& classes,
                                        int threads);

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_VERIFIER_H_
