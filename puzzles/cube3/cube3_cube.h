// The 3x3x3 cube (Rubik's Cube) as cubies: which piece sits at each of the 8 corner and 12 edge
// positions and how it is twisted or flipped there. The model every other cube3 file builds on:
// face turns as cubie permutations, products and inverses, and the 54 facelets of the sticker
// notation. The centres do not move (the notation fixes them), so they are not part of a state.
//
// Conventions (Kociemba's, as in his two-phase solver and ../shared/testdata/cube3_*.txt):
//   - corner positions 0..7: URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB;
//   - edge positions 0..11: UR, UF, UL, UB, DR, DF, DL, DB, FR, FL, BL, BR;
//   - facelets 0..53: U1-U9 R1-R9 F1-F9 D1-D9 L1-L9 B1-B9, each face read in rows 1 2 3 / 4 5 6 /
//     7 8 9 as it is seen (U from above with B at the top, D from below with F at the top, the
//     others from outside with U at the top); the solved cube is U x9, R x9, F x9, D x9, L x9,
//     B x9;
//   - a corner's facelets are listed U or D facelet first, then clockwise; an edge's U or D
//     facelet first (F or B for FR, FL, BL, BR); twist and flip as in puzzles/twisty/
//     cubie_facelets.h;
//   - a state C says, for each position i, the piece there (C.cp[i], C.ep[i]) and its twist
//     C.co[i] (0..2) or flip C.eo[i] (0..1); applying B after A is Multiply(A, B):
//     (A*B).cp[i] = A.cp[B.cp[i]], (A*B).co[i] = A.co[B.cp[i]] + B.co[i] (mod 3), and likewise
//     for edges mod 2.
//
// Thread-safety: everything here is a pure function or an immutable static table.

#ifndef PUZZLES_CUBE3_CUBE3_CUBE_H_
#define PUZZLES_CUBE3_CUBE3_CUBE_H_

#include <array>
#include <cstdint>
#include <string>

#include "puzzles/twisty/cubie_facelets.h"

namespace puzzle {

inline constexpr int kCube3Corners = 8;
inline constexpr int kCube3Edges = 12;
inline constexpr int kCube3Facelets = 54;
inline constexpr char kCube3SolvedFacelets[] =
    "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

extern const std::array<const char*, kCube3Corners> kCube3CornerNames;
extern const std::array<const char*, kCube3Edges> kCube3EdgeNames;
// The facelets of each position, in the conventions' order.
extern const std::array<std::array<int, 3>, kCube3Corners> kCube3CornerFacelets;
extern const std::array<std::array<int, 2>, kCube3Edges> kCube3EdgeFacelets;
// The sticker layout for IdentifyCubies.
const CubeLayout& Cube3Layout();

struct Cube3State {
  std::array<uint8_t, kCube3Corners> cp;  // corner piece at each position
  std::array<uint8_t, kCube3Corners> co;  // its twist, 0..2
  std::array<uint8_t, kCube3Edges> ep;    // edge piece at each position
  std::array<uint8_t, kCube3Edges> eo;    // its flip, 0..1

  friend bool operator==(const Cube3State& a, const Cube3State& b) {
    return a.cp == b.cp && a.co == b.co && a.ep == b.ep && a.eo == b.eo;
  }
  friend bool operator!=(const Cube3State& a, const Cube3State& b) { return !(a == b); }
};

Cube3State Cube3Solved();
Cube3State Cube3Multiply(const Cube3State& a, const Cube3State& b);
Cube3State Cube3Inverse(const Cube3State& a);

// Face f (0..5 in URFDLB order) turned k quarter turns clockwise (k = 1, 2, 3).
Cube3State Cube3FaceTurn(int face, int quarter_turns);

// The sticker string of `c`, 54 letters of URFDLB.
std::string Cube3Facelets(const Cube3State& c);

// True when the corner and the edge permutations have the same parity (every state that turns
// reach has; with a twist sum of 0 mod 3 and an even flip sum, exactly those states).
bool Cube3PermutationParitiesAgree(const Cube3State& c);

// The corners' permutation parity: 1 when odd (a quarter turn changes it, a half turn does not).
int Cube3CornerParity(const Cube3State& c);

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_CUBE_H_
