#include "puzzles/cube2/cube2_verifier.h"

#include <array>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace puzzle {
namespace {

using Vec = std::array<int, 3>;
using Pattern = std::array<uint8_t, 24>;  // a colour (face 0..5, URFDLB) per sticker

constexpr int kStates = 3674160;

Vec Add(Vec a, Vec b, int k = 1) { return {a[0] + k * b[0], a[1] + k * b[1], a[2] + k * b[2]}; }
int Dot(Vec a, Vec b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Vec Cross(Vec a, Vec b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// Each face as drawn in the net: its outward normal, then the directions of "right" and "down"
// on the drawn face (x right, y up, z front).
struct FaceFrame {
  Vec normal, right, down;
};
constexpr FaceFrame kFaces[6] = {
    {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}},     // U, seen from above with B at the top
    {{1, 0, 0}, {0, 0, -1}, {0, -1, 0}},   // R
    {{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},    // F
    {{0, -1, 0}, {1, 0, 0}, {0, 0, -1}},   // D, seen from below with F at the top
    {{-1, 0, 0}, {0, 0, 1}, {0, -1, 0}},   // L
    {{0, 0, -1}, {-1, 0, 0}, {0, -1, 0}},  // B
};

// Sticker f's centre, coordinates doubled: 2 along the normal, +-1 across.
Vec Centre(int f) {
  const FaceFrame& face = kFaces[f / 4];
  const int row = (f % 4) / 2, col = f % 2;
  return Add(Add(Add(Vec{0, 0, 0}, face.normal, 2), face.right, 2 * col - 1), face.down,
             2 * row - 1);
}

int StickerAt(Vec p) {
  for (int f = 0; f < 24; ++f) {
    if (Centre(f) == p) return f;
  }
  return -1;
}

// A clockwise quarter turn of a face: each sticker of its layer turns -90 degrees about the
// normal n (p -> (p.n) n - n x p). to[f] is where sticker f goes.
std::array<int, 24> QuarterTurn(int face) {
  const Vec n = kFaces[face].normal;
  std::array<int, 24> to;
  for (int f = 0; f < 24; ++f) {
    const Vec p = Centre(f);
    to[f] = Dot(p, n) > 0 ? StickerAt(Add(Add(Vec{0, 0, 0}, n, Dot(p, n)), Cross(n, p), -1)) : f;
  }
  return to;
}

struct Move {
  std::array<int, 24> to;
};

// The metric's moves in lexicographic order: U U2 U' R R2 R' F F2 F' (or without the halves).
std::vector<Move> Moves(bool half_turn_metric) {
  std::vector<Move> moves;
  for (int face : {0, 1, 2}) {  // U R F
    const std::array<int, 24> quarter = QuarterTurn(face);
    for (int turns : {1, 2, 3}) {
      if (!half_turn_metric && turns == 2) continue;
      Move m;
      for (int f = 0; f < 24; ++f) {
        int g = f;
        for (int k = 0; k < turns; ++k) g = quarter[g];
        m.to[f] = g;
      }
      moves.push_back(m);
    }
  }
  return moves;
}

Pattern Apply(const Pattern& p, const Move& m) {
  Pattern out;
  for (int f = 0; f < 24; ++f) out[m.to[f]] = p[f];
  return out;
}

// Corners in the documented numbering, as points; a corner's stickers are the three whose
// centres lie in its octant, the U or D sticker first, then the order in which the normals have
// determinant -1 (clockwise seen from outside).
constexpr Vec kCorners[8] = {{1, 1, 1},  {-1, 1, 1},  {-1, 1, -1},  {1, 1, -1},
                             {1, -1, 1}, {-1, -1, 1}, {-1, -1, -1}, {1, -1, -1}};

std::array<std::array<int, 3>, 8> CornerStickers() {
  std::array<std::array<int, 3>, 8> out;
  for (int c = 0; c < 8; ++c) {
    std::vector<int> found;
    for (int f = 0; f < 24; ++f) {
      const Vec p = Centre(f);
      bool inside = true;
      for (int k = 0; k < 3; ++k) inside &= p[k] * kCorners[c][k] > 0;
      if (inside) found.push_back(f);
    }
    int ud = 0;
    while (kFaces[found[ud] / 4].normal[1] == 0) ++ud;
    std::swap(found[0], found[ud]);
    const Vec a = kFaces[found[0] / 4].normal, b = kFaces[found[1] / 4].normal,
              d = kFaces[found[2] / 4].normal;
    if (Dot(a, Cross(b, d)) != -1) std::swap(found[1], found[2]);
    out[c] = {found[0], found[1], found[2]};
  }
  return out;
}

// The pattern of table entry `index` (the documented numbering).
Pattern Decode(uint32_t index, const std::array<std::array<int, 3>, 8>& corner) {
  constexpr int kRanked[7] = {0, 1, 2, 3, 4, 5, 7};  // URF UFL ULB UBR DFR DLF DRB
  constexpr int kFactorial[7] = {1, 1, 2, 6, 24, 120, 720};
  uint32_t perm = index / 729, twist = index % 729;
  std::array<int, 8> piece, twist_of;
  std::vector<int> left(kRanked, kRanked + 7);
  for (int i = 0; i < 7; ++i) {
    const int digit = static_cast<int>(perm / kFactorial[6 - i]);
    perm %= kFactorial[6 - i];
    piece[kRanked[i]] = left[digit];
    left.erase(left.begin() + digit);
  }
  int sum = 0;
  for (int i = 5; i >= 0; --i) {
    twist_of[kRanked[i]] = static_cast<int>(twist % 3);
    sum += static_cast<int>(twist % 3);
    twist /= 3;
  }
  twist_of[7] = (3 - sum % 3) % 3;
  piece[6] = 6;
  twist_of[6] = 0;
  Pattern p;
  for (int c = 0; c < 8; ++c) {
    for (int k = 0; k < 3; ++k) p[corner[c][(k + twist_of[c]) % 3]] = corner[piece[c]][k] / 4;
  }
  return p;
}

// 21 stickers of 3 bits (the DBL stickers never move): 63 bits.
uint64_t Pack(const Pattern& p, const std::array<bool, 24>& fixed) {
  uint64_t key = 0;
  for (int f = 0; f < 24; ++f) {
    if (!fixed[f]) key = key << 3 | p[f];
  }
  return key;
}

}  // namespace

absl::StatusOr<Cube2DepthCounts> ParseCube2Depths(absl::string_view text) {
  Cube2DepthCounts out;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || absl::StartsWith(line, "#")) continue;
    std::vector<absl::string_view> fields = absl::StrSplit(line, ' ', absl::SkipEmpty());
    std::vector<uint64_t>* counts =
        fields[0] == "htm" ? &out.htm : (fields[0] == "qtm" ? &out.qtm : nullptr);
    if (counts == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("line ", line_number, ": '", fields[0], "'; expected htm or qtm"));
    }
    for (size_t i = 1; i < fields.size(); ++i) {
      uint64_t n;
      if (!absl::SimpleAtoi(fields[i], &n)) {
        return absl::InvalidArgumentError(absl::StrCat("line ", line_number, ": field ", i + 1,
                                                       " is '", fields[i], "'; expected a count"));
      }
      counts->push_back(n);
    }
  }
  if (out.htm.empty() || out.qtm.empty()) {
    return absl::InvalidArgumentError("expected an htm line and a qtm line");
  }
  return out;
}

Cube2VerifyReport VerifyCube2Solutions(const uint8_t* solutions, bool half_turn_metric,
                                       const std::vector<uint64_t>& expected_depths) {
  Cube2VerifyReport report;
  auto fail = [&report](std::string what) {
    if (report.failures.size() < 20) report.failures.push_back(std::move(what));
  };
  const std::vector<Move> moves = Moves(half_turn_metric);
  const std::array<std::array<int, 3>, 8> corner = CornerStickers();
  std::array<bool, 24> fixed = {};
  for (int f : corner[6]) fixed[f] = true;

  // BFS from solved over sticker patterns.
  Pattern solved;
  for (int f = 0; f < 24; ++f) solved[f] = static_cast<uint8_t>(f / 4);
  absl::flat_hash_map<uint64_t, uint8_t> distance;
  distance.reserve(kStates);
  std::vector<Pattern> frontier = {solved};
  distance[Pack(solved, fixed)] = 0;
  for (int depth = 1; !frontier.empty(); ++depth) {
    std::vector<Pattern> next;
    for (const Pattern& p : frontier) {
      for (const Move& m : moves) {
        const Pattern q = Apply(p, m);
        if (distance.emplace(Pack(q, fixed), static_cast<uint8_t>(depth)).second) {
          next.push_back(q);
        }
      }
    }
    frontier = std::move(next);
  }
  if (distance.size() != static_cast<size_t>(kStates)) {
    fail(
        absl::StrCat("the sticker BFS reached ", distance.size(), " patterns; expected ", kStates));
    return report;
  }

  for (uint32_t index = 0; index < static_cast<uint32_t>(kStates); ++index) {
    ++report.states_checked;
    const Pattern p = Decode(index, corner);
    auto it = distance.find(Pack(p, fixed));
    if (it == distance.end()) {
      fail(absl::StrCat("entry ", index, " decodes to a pattern the BFS never reached"));
      continue;
    }
    const int d = solutions[index] >> 4, first = solutions[index] & 15;
    if (d >= static_cast<int>(report.depth_counts.size())) report.depth_counts.resize(d + 1);
    ++report.depth_counts[d];
    if (d != it->second) {
      fail(absl::StrCat("entry ", index, ": distance ", d, "; the BFS says ", it->second));
      continue;
    }
    int expected_first = 15;
    for (size_t m = 0; d > 0 && m < moves.size(); ++m) {
      if (distance.at(Pack(Apply(p, moves[m]), fixed)) == d - 1) {
        expected_first = static_cast<int>(m);
        break;
      }
    }
    if (first != expected_first) {
      fail(absl::StrCat("entry ", index, " (distance ", d, "): first move ", first,
                        "; the smallest move one step closer is ", expected_first));
    }
  }
  if (report.depth_counts != expected_depths) {
    fail(absl::StrCat("depth counts ", absl::StrJoin(report.depth_counts, " "),
                      "; the published counts are ", absl::StrJoin(expected_depths, " ")));
  }
  return report;
}

}  // namespace puzzle
