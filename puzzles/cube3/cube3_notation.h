// Reading and writing the 3x3x3's notations: the 54-facelet string and WCA move sequences.
//
// A board is either
//   - 54 letters of URFDLB with no spaces, the facelets U1-U9 R1-R9 F1-F9 D1-D9 L1-L9 B1-B9
//     (cube3_cube.h), each the letter of the face whose centre has the sticker's colour (so the
//     centres read U R F D L B: a 3x3x3 is painted in its own orientation); or
//   - a scramble in WCA notation applied to the solved cube ("R U2 F' R2"; face_turns.h).
//
// Errors are InvalidArgument naming the field, the sticker or cubie, and what was expected, in
// this order:
//   "start: expected 54 stickers (...) or a scramble such as \"R U2 F'\" (...); got 53 characters"
//   "start: sticker 6 (U6) is 'x'; expected one of U R F D L B"
//   "start: the centre R5 is 'U'; expected R (the centres name the faces, and turns do not move
//    them)"
//   then the colour counts, a corner's or an edge's colours, a cubie that appears twice, the
//   corner twist and the edge flip (puzzles/twisty/cubie_facelets.h), and last
//   "start: the corner and edge permutations have different parities: two pieces are swapped".
//
// Thread-safety: pure functions.

#ifndef PUZZLES_CUBE3_CUBE3_NOTATION_H_
#define PUZZLES_CUBE3_CUBE3_NOTATION_H_

#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzles/cube3/cube3_cube.h"
#include "puzzles/twisty/face_turns.h"

namespace puzzle {

// The 54 stickers, checked as above.
absl::StatusOr<Cube3State> ParseCube3Facelets(absl::string_view text, absl::string_view field);

// A board in either notation (stickers or scramble); empty text is an error.
absl::StatusOr<Cube3State> ParseCube3Board(absl::string_view text, absl::string_view field);

// The state after `turns` from `start`.
Cube3State ApplyCube3Turns(Cube3State start, const std::vector<FaceTurn>& turns);

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_NOTATION_H_
