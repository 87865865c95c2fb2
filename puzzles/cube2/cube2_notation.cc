#include "puzzles/cube2/cube2_notation.h"

#include <array>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "puzzles/twisty/cubie_facelets.h"

namespace puzzle {
namespace {

constexpr char kExpectedBoard[] =
    "expected 24 stickers (letters U R F D L B in the order U1-U4 R1-R4 F1-F4 D1-D4 L1-L4 "
    "B1-B4) or a scramble such as \"R U2 F'\" (moves separated by spaces)";

absl::Status Invalid(absl::string_view field, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(field, ": ", what));
}

const CubeLayout& Cube2Layout() {
  static const CubeLayout* const layout = [] {
    auto* l = new CubeLayout();
    l->facelets_per_face = 4;
    l->corner_facelets = kCube2CornerFacelets;
    l->corner_names = kCube2CornerNames;
    return l;
  }();
  return *layout;
}

// The colours of each piece when solved, U/D colour first, then clockwise.
std::array<int, 3> HomeColours(int piece) {
  std::array<int, 3> colours;
  for (int k = 0; k < 3; ++k) colours[k] = kCube2CornerFacelets[piece][k] / 4;
  return colours;
}

// The slow path: the precise message for what is wrong (or the state, when nothing is).
absl::StatusOr<Cube2State> DiagnoseFacelets(absl::string_view text, absl::string_view field) {
  if (text.size() != kCube2Facelets) {
    return Invalid(field, absl::StrCat(kExpectedBoard, "; got ", text.size(), " characters"));
  }
  absl::StatusOr<std::vector<int>> colours = StickerColours(text, 4, field);
  if (!colours.ok()) return colours.status();
  absl::StatusOr<CubiePlacement> placement = IdentifyCubies(*colours, Cube2Layout(), field);
  if (!placement.ok()) return placement.status();
  Cube2State state;
  for (int i = 0; i < kCube2Corners; ++i) {
    state.cp[i] = static_cast<uint8_t>(placement->cp[i]);
    state.co[i] = static_cast<uint8_t>(placement->co[i]);
  }
  return state;
}

// The fast path's tables: a letter's face, and for each (U/D-first) colour triple read clockwise
// the piece and its twist, or -1 for no piece.
struct FaceletTables {
  std::array<int8_t, 256> face;
  std::array<int8_t, 216> piece;  // [c0 * 36 + c1 * 6 + c2]
  std::array<int8_t, 216> twist;

  FaceletTables() {
    face.fill(-1);
    for (int f = 0; f < 6; ++f) face[static_cast<uint8_t>(kCube2FaceLetters[f])] = f;
    piece.fill(-1);
    twist.fill(0);
    for (int j = 0; j < kCube2Corners; ++j) {
      const std::array<int, 3> home = HomeColours(j);
      for (int t = 0; t < 3; ++t) {
        // Twist t puts the piece's colour k in slot (k + t) % 3.
        std::array<int, 3> seen;
        for (int k = 0; k < 3; ++k) seen[(k + t) % 3] = home[k];
        const int key = seen[0] * 36 + seen[1] * 6 + seen[2];
        piece[key] = static_cast<int8_t>(j);
        twist[key] = static_cast<int8_t>(t);
      }
    }
  }
};

const FaceletTables& Tables() {
  static const FaceletTables* const tables = new FaceletTables();
  return *tables;
}

// Decodes a valid 24-sticker board with table lookups and no allocation; nullopt for anything
// else (which the callers explain). (Colour counts need not be checked here: 8 distinct real
// pieces cover each colour 4 times.)
std::optional<Cube2State> DecodeFacelets(absl::string_view text) {
  const FaceletTables& tables = Tables();
  if (text.size() != kCube2Facelets) return std::nullopt;
  Cube2State state;
  uint32_t pieces_seen = 0;
  int twist_sum = 0;
  for (int i = 0; i < kCube2Corners; ++i) {
    int key = 0;
    for (int k = 0; k < 3; ++k) {
      const int colour = tables.face[static_cast<uint8_t>(text[kCube2CornerFacelets[i][k]])];
      if (colour < 0) return std::nullopt;
      key = key * 6 + colour;
    }
    const int piece = tables.piece[key];
    if (piece < 0 || (pieces_seen >> piece & 1u)) return std::nullopt;
    pieces_seen |= 1u << piece;
    state.cp[i] = static_cast<uint8_t>(piece);
    state.co[i] = static_cast<uint8_t>(tables.twist[key]);
    twist_sum += tables.twist[key];
  }
  if (twist_sum % 3 != 0) return std::nullopt;
  return state;
}

}  // namespace

// Anything DecodeFacelets refuses goes to DiagnoseFacelets for its message.
absl::StatusOr<Cube2State> ParseCube2Facelets(absl::string_view text, absl::string_view field) {
  const std::optional<Cube2State> state = DecodeFacelets(text);
  if (state.has_value()) return *state;
  return DiagnoseFacelets(text, field);
}

absl::StatusOr<std::vector<Cube2Turn>> ParseCube2Turns(absl::string_view text,
                                                       absl::string_view field) {
  return ParseFaceTurns(text, field);
}

absl::StatusOr<Cube2State> ParseCube2Board(absl::string_view text, absl::string_view field) {
  // The usual query first: a valid sticker board, as it is (24 face letters have no whitespace
  // to trim and are no scramble).
  const std::optional<Cube2State> board = DecodeFacelets(text);
  if (board.has_value()) return *board;
  const absl::string_view trimmed = absl::StripAsciiWhitespace(text);
  if (trimmed.empty()) return Invalid(field, absl::StrCat("empty board; ", kExpectedBoard));
  if (IsStickerBoard(trimmed)) return ParseCube2Facelets(trimmed, field);
  absl::StatusOr<std::vector<Cube2Turn>> turns = ParseCube2Turns(trimmed, field);
  if (!turns.ok()) return turns.status();
  return ApplyCube2Turns(Cube2Solved(), *turns);
}

Cube2State ApplyCube2Turns(Cube2State start, const std::vector<Cube2Turn>& turns) {
  for (const Cube2Turn& turn : turns) {
    start = Cube2Multiply(start, Cube2FaceTurn(turn.face, turn.quarter_turns));
  }
  return start;
}

}  // namespace puzzle
