// The 2x2x2 cube (Pocket Cube) as corner cubies: which piece sits at each of the 8 corner
// positions and how it is twisted there. This is the model every other cube2 file builds on:
// moves and whole-cube rotations as cubie permutations, the 3,674,160 positions with the DBL
// corner held fixed and their dense index, and the 24 facelets of the sticker notation.
//
// Conventions (Kociemba's, as in his two-phase solver and cubing libraries):
//   - corner positions 0..7 are URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB;
//   - facelets 0..23 are U1-U4 R1-R4 F1-F4 D1-D4 L1-L4 B1-B4, each face read in rows from the
//     top-left as the face is seen in the unfolded net (README, "The 2x2x2 cube");
//   - a corner's three facelets are listed U or D facelet first, then clockwise; its twist is the
//     slot (0, 1 or 2) where the piece's U or D sticker is;
//   - a cube state C says, for each position i, the piece C.cp[i] there and its twist C.co[i];
//     applying B after A is Multiply(A, B): (A*B).cp[i] = A.cp[B.cp[i]],
//     (A*B).co[i] = A.co[B.cp[i]] + B.co[i] (mod 3).
//
// The positions reachable by U, R and F turns keep the DBL piece at DBL untwisted: the other 7
// pieces in any order (7! = 5,040) with any twists summing to 0 mod 3 (3^6 = 729). Cube2Index
// numbers them densely: Lehmer rank of the 7 pieces at positions URF..DLF, DRB times 729, plus
// the twists of URF..DLF in base 3 (URF most significant). The table format (cube2_table.h)
// depends on this numbering.
//
// Thread-safety: everything here is a pure function or an immutable static table.

#ifndef PUZZLES_CUBE2_CUBE2_CUBE_H_
#define PUZZLES_CUBE2_CUBE2_CUBE_H_

#include <array>
#include <cstdint>
#include <string>

namespace puzzle {

inline constexpr int kCube2Corners = 8;
inline constexpr int kCube2Facelets = 24;
inline constexpr int kCube2FixedCorner = 6;  // DBL
inline constexpr uint32_t kCube2PermCount = 5040;
inline constexpr uint32_t kCube2TwistCount = 729;
inline constexpr uint32_t kCube2States = kCube2PermCount * kCube2TwistCount;  // 3,674,160

// The faces, in the notation's order; a facelet's letter is the face whose colour it has.
inline constexpr char kCube2FaceLetters[] = "URFDLB";
// The corner positions' names, e.g. "UFL".
extern const std::array<const char*, kCube2Corners> kCube2CornerNames;
// The facelets of each corner position, U/D facelet first, then clockwise.
extern const std::array<std::array<int, 3>, kCube2Corners> kCube2CornerFacelets;
// "U1".."B4".
std::string Cube2FaceletName(int facelet);

struct Cube2State {
  std::array<uint8_t, kCube2Corners> cp;  // piece at each position
  std::array<uint8_t, kCube2Corners> co;  // its twist, 0..2

  friend bool operator==(const Cube2State& a, const Cube2State& b) {
    return a.cp == b.cp && a.co == b.co;
  }
  friend bool operator!=(const Cube2State& a, const Cube2State& b) { return !(a == b); }
};

Cube2State Cube2Solved();
Cube2State Cube2Multiply(const Cube2State& a, const Cube2State& b);
Cube2State Cube2Inverse(const Cube2State& a);

// Face turns. Face f (0..5 in URFDLB order) turned k quarter turns clockwise (k = 1, 2, 3).
Cube2State Cube2FaceTurn(int face, int quarter_turns);

// The 24 whole-cube rotations (the identity first), as cube states: a rotation moves every
// piece, so a rotated solved cube is one of these.
const std::array<Cube2State, 24>& Cube2Rotations();

// True when DBL holds the DBL piece untwisted (the state is in the indexed set).
inline bool Cube2KeepsFixedCorner(const Cube2State& c) {
  return c.cp[kCube2FixedCorner] == kCube2FixedCorner && c.co[kCube2FixedCorner] == 0;
}

// REQUIRES: Cube2KeepsFixedCorner(c) and the twists sum to 0 mod 3.
uint32_t Cube2Index(const Cube2State& c);
// REQUIRES: index < kCube2States.
Cube2State Cube2FromIndex(uint32_t index);

// The sticker string of `c`, 24 letters of URFDLB (the solved cube is UUUURRRRFFFFDDDDLLLLBBBB).
std::string Cube2Facelets(const Cube2State& c);

}  // namespace puzzle

#endif  // PUZZLES_CUBE2_CUBE2_CUBE_H_
