#include "puzzles/twisty/cubie_facelets.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "puzzles/twisty/face_turns.h"

namespace puzzle {
namespace {

std::string Letter(int face) { return std::string(1, kFaceLetters[face]); }

absl::Status Invalid(absl::string_view field, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(field, ": ", what));
}

template <size_t N>
std::string ColourList(const std::array<int, N>& colours) {
  std::string out;
  for (size_t k = 0; k < N; ++k) absl::StrAppend(&out, k > 0 ? ", " : "", Letter(colours[k]));
  return out;
}

// The first pair of a piece's colours that no real piece has (the same colour twice, or two
// opposite faces), as "<where>: no <kind> has ...", or OK.
template <size_t N>
absl::Status CheckColourPairs(const std::array<int, N>& seen, const std::string& where,
                              absl::string_view kind, absl::string_view field) {
  for (size_t a = 0; a < N; ++a) {
    for (size_t b = a + 1; b < N; ++b) {
      if (seen[a] == seen[b]) {
        return Invalid(
            field, absl::StrCat(where, ": no ", kind, " has two ", Letter(seen[a]), " stickers"));
      }
      if (seen[a] == OppositeFace(seen[b])) {
        return Invalid(
            field,
            absl::StrCat(where, ": no ", kind, " has both ", Letter(std::min(seen[a], seen[b])),
                         " and ", Letter(std::max(seen[a], seen[b])), " (opposite faces)"));
      }
    }
  }
  return absl::OkStatus();
}

// The colours of each piece when solved, in its facelets' order.
template <size_t N>
std::array<int, N> HomeColours(const std::array<int, N>& facelets, int facelets_per_face) {
  std::array<int, N> colours;
  for (size_t k = 0; k < N; ++k) colours[k] = facelets[k] / facelets_per_face;
  return colours;
}

}  // namespace

std::string FaceletName(int facelet, int facelets_per_face) {
  return absl::StrCat(Letter(facelet / facelets_per_face), facelet % facelets_per_face + 1);
}

absl::StatusOr<std::vector<int>> StickerColours(absl::string_view stickers, int facelets_per_face,
                                                absl::string_view field) {
  std::vector<int> colours(stickers.size());
  for (size_t f = 0; f < stickers.size(); ++f) {
    colours[f] = FaceOfLetter(stickers[f]);
    if (colours[f] < 0) {
      const std::string shown =
          absl::ascii_isprint(static_cast<unsigned char>(stickers[f]))
              ? std::string(1, stickers[f])
              : absl::StrCat("\\x", absl::Hex(static_cast<uint8_t>(stickers[f]), absl::kZeroPad2));
      return Invalid(field, absl::StrCat("sticker ", f + 1, " (",
                                         FaceletName(static_cast<int>(f), facelets_per_face),
                                         ") is '", shown, "'; expected one of U R F D L B"));
    }
  }
  return colours;
}

absl::StatusOr<CubiePlacement> IdentifyCubies(absl::Span<const int> colours,
                                              const CubeLayout& layout, absl::string_view field) {
  std::array<int, kFaces> count = {};
  for (int c : colours) ++count[c];
  for (int face = 0; face < kFaces; ++face) {
    if (count[face] != layout.facelets_per_face) {
      return Invalid(field, absl::StrCat(count[face], " stickers of colour ", Letter(face),
                                         " (each colour covers ", layout.facelets_per_face, ")"));
    }
  }
  CubiePlacement placement;
  const int corners = static_cast<int>(layout.corner_facelets.size());
  std::vector<int> position_of_piece(corners, -1);
  int twist_sum = 0;
  for (int i = 0; i < corners; ++i) {
    std::array<int, 3> seen;
    for (int k = 0; k < 3; ++k) seen[k] = colours[layout.corner_facelets[i][k]];
    const std::string where =
        absl::StrCat("the corner at ", layout.corner_names[i], " has colours ", ColourList(seen));
    const absl::Status pairs = CheckColourPairs(seen, where, "corner", field);
    if (!pairs.ok()) return pairs;
    // Three colours, one from each pair of opposite faces: exactly one is U or D.
    int twist = 0;
    while (seen[twist] != 0 && seen[twist] != 3) ++twist;
    const std::array<int, 3> piece_colours = {seen[twist], seen[(twist + 1) % 3],
                                              seen[(twist + 2) % 3]};
    int piece = -1;
    for (int j = 0; j < corners; ++j) {
      if (HomeColours(layout.corner_facelets[j], layout.facelets_per_face) == piece_colours) {
        piece = j;
      }
    }
    if (piece < 0) {
      return Invalid(field, absl::StrCat(where,
                                         ": no corner has these colours in this clockwise order "
                                         "(it would be the mirror image of a real corner)"));
    }
    if (position_of_piece[piece] >= 0) {
      return Invalid(field,
                     absl::StrCat("the corners at ", layout.corner_names[position_of_piece[piece]],
                                  " and ", layout.corner_names[i], " are both the ",
                                  layout.corner_names[piece], " piece: a corner appears twice"));
    }
    position_of_piece[piece] = i;
    placement.cp.push_back(piece);
    placement.co.push_back(twist);
    twist_sum += twist;
  }
  const int edges = static_cast<int>(layout.edge_facelets.size());
  position_of_piece.assign(edges, -1);
  int flip_sum = 0;
  for (int i = 0; i < edges; ++i) {
    std::array<int, 2> seen;
    for (int k = 0; k < 2; ++k) seen[k] = colours[layout.edge_facelets[i][k]];
    const std::string where =
        absl::StrCat("the edge at ", layout.edge_names[i], " has colours ", ColourList(seen));
    const absl::Status pairs = CheckColourPairs(seen, where, "edge", field);
    if (!pairs.ok()) return pairs;
    // Two colours of adjacent faces: every such pair is one of the 12 edges, one way round.
    int piece = -1, flip = 0;
    for (int j = 0; j < edges; ++j) {
      const std::array<int, 2> home =
          HomeColours(layout.edge_facelets[j], layout.facelets_per_face);
      if (home == seen) piece = j, flip = 0;
      if (home[0] == seen[1] && home[1] == seen[0]) piece = j, flip = 1;
    }
    if (piece < 0) {  // only for a layout that lacks some edge
      return Invalid(field, absl::StrCat(where, ": no edge has these colours"));
    }
    if (position_of_piece[piece] >= 0) {
      return Invalid(
          field, absl::StrCat("the edges at ", layout.edge_names[position_of_piece[piece]], " and ",
                              layout.edge_names[i], " are both the ", layout.edge_names[piece],
                              " piece: an edge appears twice"));
    }
    position_of_piece[piece] = i;
    placement.ep.push_back(piece);
    placement.eo.push_back(flip);
    flip_sum += flip;
  }
  if (twist_sum % 3 != 0) {
    return Invalid(field, absl::StrCat("corner twist is ", twist_sum % 3,
                                       " (mod 3): one corner is twisted in place"));
  }
  if (flip_sum % 2 != 0) return Invalid(field, "edge flip is odd: one edge is flipped in place");
  return placement;
}

std::vector<std::vector<int>> StickerPermutationCycles(const std::vector<int>& to) {
  std::vector<std::vector<int>> cycles;
  std::vector<bool> seen(to.size());
  for (int start = 0; start < static_cast<int>(to.size()); ++start) {
    if (seen[start] || to[start] == start) continue;
    std::vector<int> cycle;
    for (int f = start; !seen[f]; f = to[f]) {
      seen[f] = true;
      cycle.push_back(f);
    }
    cycles.push_back(std::move(cycle));
  }
  return cycles;
}

}  // namespace puzzle
