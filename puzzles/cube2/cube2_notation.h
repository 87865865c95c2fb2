// Reading and writing the 2x2x2's notations: the 24-sticker string and WCA move sequences.
//
// A board is either
//   - 24 letters of URFDLB with no spaces, the facelets U1-U4 R1-R4 F1-F4 D1-D4 L1-L4 B1-B4
//     (cube2_cube.h); each letter names the face whose colour the sticker has when solved; or
//   - a scramble in WCA notation applied to the solved cube: face turns U R F D L B, each followed
//     by nothing (a clockwise quarter turn), 2 (a half turn) or ' (anticlockwise), separated by
//     spaces ("R U2 F' R2"). A single move may stand alone ("R").
// A board painted in any orientation is accepted: the result is the cube state as painted (the
// DBL piece may be anywhere); Cube2Normalize (cube2_query.h) compares states up to rotation.
//
// Errors are InvalidArgument naming the field, the sticker or corner, and what was expected:
//   "start: sticker 5 (R1) is 'x'; expected one of U R F D L B"
//   "start: 5 stickers of colour U (each colour covers 4)"
//   "start: the corner at UFL has colours U, R, U: no corner has two U stickers"
//   "start: corner twist is 1 (mod 3): one corner is twisted in place"
//
// Thread-safety: pure functions.

#ifndef PUZZLES_CUBE2_CUBE2_NOTATION_H_
#define PUZZLES_CUBE2_CUBE2_NOTATION_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "puzzles/cube2/cube2_cube.h"
#include "puzzles/twisty/face_turns.h"

namespace puzzle {

// One face turn: face 0..5 (URFDLB), 1..3 clockwise quarter turns (puzzles/twisty/face_turns.h,
// shared with the 3x3x3).
using Cube2Turn = FaceTurn;

// "U", "U2", "U'".
inline std::string Cube2TurnToken(const Cube2Turn& turn) { return FaceTurnToken(turn); }

// The 24 stickers: any orientation, checked for colours, corners and twist (the errors above).
absl::StatusOr<Cube2State> ParseCube2Facelets(absl::string_view text, absl::string_view field);

// A move sequence in WCA notation over all six faces (ParseFaceTurns); empty text is no moves.
// Errors: "<field>: move 3 is 'Q'; expected a face U R F D L B, then ', 2 or nothing".
absl::StatusOr<std::vector<Cube2Turn>> ParseCube2Turns(absl::string_view text,
                                                       absl::string_view field);

// A board in either notation (stickers or scramble); empty text is an error.
absl::StatusOr<Cube2State> ParseCube2Board(absl::string_view text, absl::string_view field);

// The state after `turns` from `start`.
Cube2State ApplyCube2Turns(Cube2State start, const std::vector<Cube2Turn>& turns);

}  // namespace puzzle

#endif  // PUZZLES_CUBE2_CUBE2_NOTATION_H_
