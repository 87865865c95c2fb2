#include "puzzles/cube3/cube3_notation.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "puzzles/twisty/cubie_facelets.h"

namespace puzzle {
namespace {

constexpr char kExpectedBoard[] =
    "expected 54 stickers (letters U R F D L B in the order U1-U9 R1-R9 F1-F9 D1-D9 L1-L9 "
    "B1-B9) or a scramble such as \"R U2 F'\" (moves separated by spaces)";

absl::Status Invalid(absl::string_view field, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(field, ": ", what));
}

}  // namespace

absl::StatusOr<Cube3State> ParseCube3Facelets(absl::string_view text, absl::string_view field) {
  if (text.size() != kCube3Facelets) {
    return Invalid(field, absl::StrCat(kExpectedBoard, "; got ", text.size(), " characters"));
  }
  absl::StatusOr<std::vector<int>> colours = StickerColours(text, 9, field);
  if (!colours.ok()) return colours.status();
  for (int face = 0; face < kFaces; ++face) {
    const int centre = 9 * face + 4;
    if ((*colours)[centre] != face) {
      return Invalid(field, absl::StrCat("the centre ", FaceletName(centre, 9), " is '",
                                         std::string(1, text[centre]), "'; expected ",
                                         std::string(1, kFaceLetters[face]),
                                         " (the centres name the faces, and turns do not move "
                                         "them)"));
    }
  }
  absl::StatusOr<CubiePlacement> placement = IdentifyCubies(*colours, Cube3Layout(), field);
  if (!placement.ok()) return placement.status();
  Cube3State state;
  for (int i = 0; i < kCube3Corners; ++i) {
    state.cp[i] = static_cast<uint8_t>(placement->cp[i]);
    state.co[i] = static_cast<uint8_t>(placement->co[i]);
  }
  for (int i = 0; i < kCube3Edges; ++i) {
    state.ep[i] = static_cast<uint8_t>(placement->ep[i]);
    state.eo[i] = static_cast<uint8_t>(placement->eo[i]);
  }
  if (!Cube3PermutationParitiesAgree(state)) {
    return Invalid(field,
                   "the corner and edge permutations have different parities: two pieces are "
                   "swapped");
  }
  return state;
}

absl::StatusOr<Cube3State> ParseCube3Board(absl::string_view text, absl::string_view field) {
  const absl::string_view trimmed = absl::StripAsciiWhitespace(text);
  if (trimmed.empty()) return Invalid(field, absl::StrCat("empty board; ", kExpectedBoard));
  if (IsStickerBoard(trimmed)) return ParseCube3Facelets(trimmed, field);
  absl::StatusOr<std::vector<FaceTurn>> turns = ParseFaceTurns(trimmed, field);
  if (!turns.ok()) return turns.status();
  return ApplyCube3Turns(Cube3Solved(), *turns);
}

Cube3State ApplyCube3Turns(Cube3State start, const std::vector<FaceTurn>& turns) {
  for (const FaceTurn& turn : turns) {
    start = Cube3Multiply(start, Cube3FaceTurn(turn.face, turn.quarter_turns));
  }
  return start;
}

}  // namespace puzzle
