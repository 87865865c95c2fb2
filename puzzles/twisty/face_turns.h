// Face turns of the Rubik's cube family in WCA notation, shared by every cube puzzle (the 2x2x2,
// the 3x3x3): the six faces U R F D L B, each turned a quarter turn clockwise ("R"), a half turn
// ("R2") or a quarter turn anticlockwise ("R'"), as seen facing that face. Move sequences
// separate their turns with whitespace ("R U2 F' R2").
//
// Thread-safety: pure functions.

#ifndef PUZZLES_TWISTY_FACE_TURNS_H_
#define PUZZLES_TWISTY_FACE_TURNS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace puzzle {

// The faces in the notation's order: face f is kFaceLetters[f]. Opposite faces are 3 apart.
inline constexpr char kFaceLetters[] = "URFDLB";
inline constexpr int kFaces = 6;

// One face turn: face 0..5 (URFDLB), 1..3 clockwise quarter turns.
struct FaceTurn {
  int face = 0;
  int quarter_turns = 1;
};

// The face a letter names (0..5), or -1.
int FaceOfLetter(char letter);
// The face opposite `face` (U-D, R-L, F-B).
inline int OppositeFace(int face) { return (face + 3) % kFaces; }

// "U", "U2", "U'".
std::string FaceTurnToken(const FaceTurn& turn);
// True when `text` is exactly one turn token ("R", "R2", "R'"; "R2'" is accepted as R2).
bool IsFaceTurnToken(absl::string_view text);

// True when a trimmed, non-empty board is a sticker string rather than a scramble: it has no
// whitespace and is not a single turn ("R").
bool IsStickerBoard(absl::string_view trimmed);

// A move sequence in WCA notation over all six faces; empty text is no moves. Errors:
// "<field>: move 3 is 'Q'; expected a face U R F D L B, then ', 2 or nothing".
absl::StatusOr<std::vector<FaceTurn>> ParseFaceTurns(absl::string_view text,
                                                     absl::string_view field);

}  // namespace puzzle

#endif  // PUZZLES_TWISTY_FACE_TURNS_H_
