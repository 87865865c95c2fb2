#include "puzzles/cube3/cube3_sticker_turns.h"

#include <cstdlib>

namespace puzzle {
namespace {

using Vec = std::array<int, 3>;  // x to the right (R), y up (U), z to the front (F)

struct Sticker {
  Vec position;  // the cubie's centre, each coordinate -1, 0 or 1
  Vec normal;    // the face it shows
};

// Facelet f (face f / 9, row r, column c, as the face is seen): where it is.
Sticker StickerAt(int f) {
  const int face = f / 9, r = f % 9 / 3, c = f % 3;
  switch (face) {
    case 0:
      return {{c - 1, 1, r - 1}, {0, 1, 0}};  // U, from above, B at the top
    case 1:
      return {{1, 1 - r, 1 - c}, {1, 0, 0}};  // R, from the right, F on the left
    case 2:
      return {{c - 1, 1 - r, 1}, {0, 0, 1}};  // F, from the front
    case 3:
      return {{c - 1, -1, 1 - r}, {0, -1, 0}};  // D, from below, F at the top
    case 4:
      return {{-1, 1 - r, c - 1}, {-1, 0, 0}};  // L, from the left, B on the left
    default:
      return {{1 - c, 1 - r, -1}, {0, 0, -1}};  // B, from the back, R on the left
  }
}

int Dot(const Vec& a, const Vec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

Vec Cross(const Vec& a, const Vec& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// v rotated a quarter turn clockwise as seen from the tip of the unit axis n:
// v' = n (n.v) - n x v (the rotation by -90 degrees).
Vec Clockwise(const Vec& n, const Vec& v) {
  const Vec cross = Cross(n, v);
  const int d = Dot(n, v);
  return {n[0] * d - cross[0], n[1] * d - cross[1], n[2] * d - cross[2]};
}

}  // namespace

std::array<int, 54> Cube3StickerQuarterTurn(int face) {
  const Vec axis = StickerAt(9 * face + 4).normal;
  std::array<int, 54> to;
  for (int f = 0; f < 54; ++f) {
    Sticker s = StickerAt(f);
    if (Dot(s.position, axis) == 1) s = {Clockwise(axis, s.position), Clockwise(axis, s.normal)};
    to[f] = -1;
    for (int g = 0; g < 54; ++g) {
      const Sticker t = StickerAt(g);
      if (t.position == s.position && t.normal == s.normal) to[f] = g;
    }
    if (to[f] < 0) std::abort();  // the geometry above is inconsistent
  }
  return to;
}

std::string ApplyCube3StickerTurns(std::string facelets, const std::vector<FaceTurn>& turns) {
  for (const FaceTurn& turn : turns) {
    const std::array<int, 54> to = Cube3StickerQuarterTurn(turn.face);
    for (int k = 0; k < turn.quarter_turns; ++k) {
      std::string next(facelets.size(), '?');
      for (int f = 0; f < 54; ++f) next[to[f]] = facelets[f];
      facelets = next;
    }
  }
  return facelets;
}

}  // namespace puzzle
