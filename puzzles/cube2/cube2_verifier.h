// An independent check of a 2x2x2 table (cube2_table.h), sharing no code with its builder or with
// cube2_cube: the cube is modelled here again from geometry (sticker centres in 3D, a face turn
// as a rotation of the stickers in its layer), a BFS from solved runs over sticker patterns in a
// hash map, and every one of the 3,674,160 entries is decoded from the documented index
// (cube2_cube.h: Lehmer rank of the pieces at URF..DLF, DRB times 729 plus the twists of
// URF..DLF in base 3) and checked: its distance equals the BFS's, its first move is the smallest
// move one step closer (so following the entries walks to solved in the stored distance, along
// the lex-min shortest solution), and the depth counts equal the published ones.
//
// Thread-safety: pure functions.

#ifndef PUZZLES_CUBE2_CUBE2_VERIFIER_H_
#define PUZZLES_CUBE2_CUBE2_VERIFIER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace puzzle {

// cube2_depths.txt: the counts at each distance, both metrics.
struct Cube2DepthCounts {
  std::vector<uint64_t> htm;
  std::vector<uint64_t> qtm;
};
// InvalidArgument naming the line for anything but "# ..." comments and the htm and qtm lines.
absl::StatusOr<Cube2DepthCounts> ParseCube2Depths(absl::string_view text);

struct Cube2VerifyReport {
  uint64_t states_checked = 0;
  std::vector<uint64_t> depth_counts;  // from the table's own distances
  std::vector<std::string> failures;   // at most 20; empty when the table is correct
};

// REQUIRES: `solutions` holds 3,674,160 bytes.
Cube2VerifyReport VerifyCube2Solutions(const uint8_t* solutions, bool half_turn_metric,
                                       const std::vector<uint64_t>& expected_depths);

}  // namespace puzzle

#endif  // PUZZLES_CUBE2_CUBE2_VERIFIER_H_
