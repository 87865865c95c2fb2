#include "puzzles/cube2/cube2_notation.h"

#include <array>
#include <cstring>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace puzzle {
namespace {

constexpr char kExpectedBoard[] =
    "expected 24 stickers (letters U R F D L B in the order U1-U4 R1-R4 F1-F4 D1-D4 L1-L4 "
    "B1-B4) or a scramble such as \"R U2 F'\" (moves separated by spaces)";

int FaceOf(char letter) {
  const char* at = std::strchr(kCube2FaceLetters, letter);
  return (letter != '\0' && at != nullptr) ? static_cast<int>(at - kCube2FaceLetters) : -1;
}

char Letter(int face) { return kCube2FaceLetters[face]; }

// The face opposite `face` (U-D, R-L, F-B).
int Opposite(int face) { return (face + 3) % 6; }

// The colours of each piece when solved, U/D colour first, then clockwise.
std::array<int, 3> HomeColours(int piece) {
  std::array<int, 3> colours;
  for (int k = 0; k < 3; ++k) colours[k] = kCube2CornerFacelets[piece][k] / 4;
  return colours;
}

std::string ColourList(const std::array<int, 3>& colours) {
  return absl::StrCat(std::string(1, Letter(colours[0])), ", ", std::string(1, Letter(colours[1])),
                      ", ", std::string(1, Letter(colours[2])));
}

absl::Status Invalid(absl::string_view field, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(field, ": ", what));
}

bool IsSingleToken(absl::string_view text) {
  return !text.empty() && text.size() <= 3 && FaceOf(text[0]) >= 0 &&
         (text.size() == 1 || text.substr(1) == "2" || text.substr(1) == "'" ||
          text.substr(1) == "2'");
}

}  // namespace

std::string Cube2TurnToken(const Cube2Turn& turn) {
  std::string token(1, Letter(turn.face));
  if (turn.quarter_turns == 2) token += '2';
  if (turn.quarter_turns == 3) token += '\'';
  return token;
}

namespace {

// The slow path: the precise message for what is wrong (or the state, when nothing is).
absl::StatusOr<Cube2State> DiagnoseFacelets(absl::string_view text, absl::string_view field) {
  if (text.size() != kCube2Facelets) {
    return Invalid(field, absl::StrCat(kExpectedBoard, "; got ", text.size(), " characters"));
  }
  std::array<int, kCube2Facelets> colour;
  std::array<int, 6> count = {};
  for (int f = 0; f < kCube2Facelets; ++f) {
    colour[f] = FaceOf(text[f]);
    if (colour[f] < 0) {
      const std::string shown =
          absl::ascii_isprint(static_cast<unsigned char>(text[f]))
              ? std::string(1, text[f])
              : absl::StrCat("\\x", absl::Hex(static_cast<uint8_t>(text[f]), absl::kZeroPad2));
      return Invalid(field, absl::StrCat("sticker ", f + 1, " (", Cube2FaceletName(f), ") is '",
                                         shown, "'; expected one of U R F D L B"));
    }
    ++count[colour[f]];
  }
  for (int face = 0; face < 6; ++face) {
    if (count[face] != 4) {
      return Invalid(field, absl::StrCat(count[face], " stickers of colour ",
                                         std::string(1, Letter(face)), " (each colour covers 4)"));
    }
  }
  Cube2State state;
  std::array<int, kCube2Corners> position_of_piece;
  position_of_piece.fill(-1);
  int twist_sum = 0;
  for (int i = 0; i < kCube2Corners; ++i) {
    std::array<int, 3> seen;
    for (int k = 0; k < 3; ++k) seen[k] = colour[kCube2CornerFacelets[i][k]];
    const std::string where =
        absl::StrCat("the corner at ", kCube2CornerNames[i], " has colours ", ColourList(seen));
    for (int a = 0; a < 3; ++a) {
      for (int b = a + 1; b < 3; ++b) {
        if (seen[a] == seen[b]) {
          return Invalid(field, absl::StrCat(where, ": no corner has two ",
                                             std::string(1, Letter(seen[a])), " stickers"));
        }
        if (seen[a] == Opposite(seen[b])) {
          return Invalid(field,
                         absl::StrCat(where, ": no corner has both ",
                                      std::string(1, Letter(std::min(seen[a], seen[b]))), " and ",
                                      std::string(1, Letter(std::max(seen[a], seen[b]))),
                                      " (opposite faces)"));
        }
      }
    }
    // Three colours, one from each pair of opposite faces: exactly one is U or D.
    int twist = 0;
    while (seen[twist] != 0 && seen[twist] != 3) ++twist;
    const std::array<int, 3> piece_colours = {seen[twist], seen[(twist + 1) % 3],
                                              seen[(twist + 2) % 3]};
    int piece = -1;
    for (int j = 0; j < kCube2Corners; ++j) {
      if (HomeColours(j) == piece_colours) piece = j;
    }
    if (piece < 0) {
      return Invalid(field, absl::StrCat(where,
                                         ": no corner has these colours in this clockwise order "
                                         "(it would be the mirror image of a real corner)"));
    }
    if (position_of_piece[piece] >= 0) {
      return Invalid(field,
                     absl::StrCat("the corners at ", kCube2CornerNames[position_of_piece[piece]],
                                  " and ", kCube2CornerNames[i], " are both the ",
                                  kCube2CornerNames[piece], " piece: a corner appears twice"));
    }
    position_of_piece[piece] = i;
    state.cp[i] = static_cast<uint8_t>(piece);
    state.co[i] = static_cast<uint8_t>(twist);
    twist_sum += twist;
  }
  if (twist_sum % 3 != 0) {
    return Invalid(field, absl::StrCat("corner twist is ", twist_sum % 3,
                                       " (mod 3): one corner is twisted in place"));
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

}  // namespace

// Decodes with table lookups and no allocation; anything wrong goes to DiagnoseFacelets for its
// message. (Colour counts need not be checked here: 8 distinct real pieces cover each colour 4
// times.)
absl::StatusOr<Cube2State> ParseCube2Facelets(absl::string_view text, absl::string_view field) {
  const FaceletTables& tables = Tables();
  if (text.size() != kCube2Facelets) return DiagnoseFacelets(text, field);
  Cube2State state;
  uint32_t pieces_seen = 0;
  int twist_sum = 0;
  for (int i = 0; i < kCube2Corners; ++i) {
    int key = 0;
    for (int k = 0; k < 3; ++k) {
      const int colour = tables.face[static_cast<uint8_t>(text[kCube2CornerFacelets[i][k]])];
      if (colour < 0) return DiagnoseFacelets(text, field);
      key = key * 6 + colour;
    }
    const int piece = tables.piece[key];
    if (piece < 0 || (pieces_seen >> piece & 1u)) return DiagnoseFacelets(text, field);
    pieces_seen |= 1u << piece;
    state.cp[i] = static_cast<uint8_t>(piece);
    state.co[i] = static_cast<uint8_t>(tables.twist[key]);
    twist_sum += tables.twist[key];
  }
  if (twist_sum % 3 != 0) return DiagnoseFacelets(text, field);
  return state;
}

absl::StatusOr<std::vector<Cube2Turn>> ParseCube2Turns(absl::string_view text,
                                                       absl::string_view field) {
  std::vector<Cube2Turn> turns;
  size_t i = 0;
  int number = 0;
  while (true) {
    while (i < text.size() && absl::ascii_isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i == text.size()) return turns;
    size_t end = i;
    while (end < text.size() && !absl::ascii_isspace(static_cast<unsigned char>(text[end]))) ++end;
    const absl::string_view token = text.substr(i, end - i);
    ++number;
    if (!IsSingleToken(token)) {
      const absl::string_view shown = token.substr(0, 16);
      return Invalid(field, absl::StrCat("move ", number, " is '", absl::CHexEscape(shown),
                                         token.size() > shown.size() ? "...'" : "'",
                                         "; expected a face U R F D L B, then ', 2 or nothing"));
    }
    Cube2Turn turn;
    turn.face = FaceOf(token[0]);
    turn.quarter_turns = token.size() == 1 ? 1 : (token.substr(1, 1) == "2" ? 2 : 3);
    turns.push_back(turn);
    i = end;
  }
}

absl::StatusOr<Cube2State> ParseCube2Board(absl::string_view text, absl::string_view field) {
  const absl::string_view trimmed = absl::StripAsciiWhitespace(text);
  if (trimmed.empty()) return Invalid(field, absl::StrCat("empty board; ", kExpectedBoard));
  bool has_space = false;
  for (char c : trimmed) has_space |= absl::ascii_isspace(static_cast<unsigned char>(c));
  if (!has_space && !IsSingleToken(trimmed)) return ParseCube2Facelets(trimmed, field);
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
