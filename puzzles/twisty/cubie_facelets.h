// From stickers to cubies, for every cube of the family: which piece sits at each corner and edge
// position of a painted cube, and how it is twisted or flipped there, with a precise message for
// a painting that is no cube. The 2x2x2 (corners only) and the 3x3x3 (corners and edges) share
// it; each gives its own sticker layout.
//
// Conventions (Kociemba's): a corner's facelets are listed U or D facelet first, then clockwise;
// its twist is the slot (0, 1 or 2) where the piece's U or D sticker is. An edge's facelets are
// listed U or D facelet first (F or B for the four middle-layer edges); its flip is 1 when the
// piece's first sticker is in the second slot. Colours are faces 0..5 (face_turns.h).
//
// Errors are InvalidArgument "<field>: <what>", checked in this order:
//   "5 stickers of colour U (each colour covers 4)"
//   "the corner at UFL has colours U, R, U: no corner has two U stickers"
//   "the corner at UFL has colours U, D, F: no corner has both U and D (opposite faces)"
//   "the corner at UFL has colours U, F, R: no corner has these colours in this clockwise order
//    (it would be the mirror image of a real corner)"
//   "the corners at URF and UBR are both the URF piece: a corner appears twice"
//   "the edge at UF has colours U, U: no edge has two U stickers"
//   "the edge at UF has colours U, D: no edge has both U and D (opposite faces)"
//   "the edges at UR and UF are both the UR piece: an edge appears twice"
//   "corner twist is 1 (mod 3): one corner is twisted in place"
//   "edge flip is odd: one edge is flipped in place"
//
// Thread-safety: pure functions.

#ifndef PUZZLES_TWISTY_CUBIE_FACELETS_H_
#define PUZZLES_TWISTY_CUBIE_FACELETS_H_

#include <array>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace puzzle {

// Where a cube's pieces' stickers are in its sticker string (faces in URFDLB order, each
// facelets_per_face long).
struct CubeLayout {
  int facelets_per_face = 0;                                // 4 (2x2x2) or 9 (3x3x3)
  absl::Span<const std::array<int, 3>> corner_facelets;     // per corner position
  absl::Span<const char* const> corner_names;               // e.g. "URF"
  absl::Span<const std::array<int, 2>> edge_facelets = {};  // per edge position; none on a 2x2x2
  absl::Span<const char* const> edge_names = {};            // e.g. "UR"
};

// What a painting says: the piece at each position and its twist (corners) or flip (edges).
struct CubiePlacement {
  std::vector<int> cp, co;  // corners
  std::vector<int> ep, eo;  // edges (empty without edges)
};

// A move's sticker permutation as cycles (MoveInfo::cycles): `to[f]` is where the sticker at
// facelet f goes; each cycle lists facelets in the order the stickers travel, fixed points left
// out, cycles in order of their smallest facelet.
std::vector<std::vector<int>> StickerPermutationCycles(const std::vector<int>& to);

// "U1", "R9": face letter and the facelet's number within its face.
std::string FaceletName(int facelet, int facelets_per_face);

// The face (colour) of each letter of `stickers`, or InvalidArgument
// "<field>: sticker 6 (R2) is 'x'; expected one of U R F D L B".
// REQUIRES: stickers.size() is six faces of facelets_per_face.
absl::StatusOr<std::vector<int>> StickerColours(absl::string_view stickers, int facelets_per_face,
                                                absl::string_view field);

// Every corner and edge of a painting, or the first error of the list above. `colours` holds one
// face per facelet (StickerColours).
absl::StatusOr<CubiePlacement> IdentifyCubies(absl::Span<const int> colours,
                                              const CubeLayout& layout, absl::string_view field);

}  // namespace puzzle

#endif  // PUZZLES_TWISTY_CUBIE_FACELETS_H_
