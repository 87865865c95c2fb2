#include "puzzles/cube3/cube3_cube.h"

#include "puzzles/twisty/face_turns.h"

namespace puzzle {
namespace {

// The face turns' cubie permutations, a clockwise quarter turn each (Kociemba's basic moves): the
// piece that each position receives, and the twist or flip it gains.
enum Corner { URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB };
enum Edge { UR, UF, UL, UB, DR, DF, DL, DB, FR, FL, BL, BR };

constexpr std::array<Cube3State, 6> kQuarterTurns = {{
    // U
    {{UBR, URF, UFL, ULB, DFR, DLF, DBL, DRB},
     {0, 0, 0, 0, 0, 0, 0, 0},
     {UB, UR, UF, UL, DR, DF, DL, DB, FR, FL, BL, BR},
     {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    // R
    {{DFR, UFL, ULB, URF, DRB, DLF, DBL, UBR},
     {2, 0, 0, 1, 1, 0, 0, 2},
     {FR, UF, UL, UB, BR, DF, DL, DB, DR, FL, BL, UR},
     {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    // F
    {{UFL, DLF, ULB, UBR, URF, DFR, DBL, DRB},
     {1, 2, 0, 0, 2, 1, 0, 0},
     {UR, FL, UL, UB, DR, FR, DL, DB, UF, DF, BL, BR},
     {0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0}},
    // D
    {{URF, UFL, ULB, UBR, DLF, DBL, DRB, DFR},
     {0, 0, 0, 0, 0, 0, 0, 0},
     {UR, UF, UL, UB, DF, DL, DB, DR, FR, FL, BL, BR},
     {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    // L
    {{URF, ULB, DBL, UBR, DFR, UFL, DLF, DRB},
     {0, 1, 2, 0, 0, 2, 1, 0},
     {UR, UF, BL, UB, DR, DF, FL, DB, FR, UL, DL, BR},
     {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    // B
    {{URF, UFL, UBR, DRB, DFR, DLF, ULB, DBL},
     {0, 0, 1, 2, 0, 0, 2, 1},
     {UR, UF, UL, BR, DR, DF, DL, BL, FR, FL, UB, DB},
     {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1}},
}};

template <size_t N>
bool IsOddPermutation(const std::array<uint8_t, N>& p) {
  int inversions = 0;
  for (size_t i = 0; i < N; ++i) {
    for (size_t j = i + 1; j < N; ++j) inversions += p[i] > p[j];
  }
  return inversions % 2 == 1;
}

}  // namespace

const std::array<const char*, kCube3Corners> kCube3CornerNames = {"URF", "UFL", "ULB", "UBR",
                                                                  "DFR", "DLF", "DBL", "DRB"};
const std::array<const char*, kCube3Edges> kCube3EdgeNames = {"UR", "UF", "UL", "UB", "DR", "DF",
                                                              "DL", "DB", "FR", "FL", "BL", "BR"};

// U1 is facelet 0, R1 9, F1 18, D1 27, L1 36, B1 45.
const std::array<std::array<int, 3>, kCube3Corners> kCube3CornerFacelets = {{
    {8, 9, 20},    // URF: U9 R1 F3
    {6, 18, 38},   // UFL: U7 F1 L3
    {0, 36, 47},   // ULB: U1 L1 B3
    {2, 45, 11},   // UBR: U3 B1 R3
    {29, 26, 15},  // DFR: D3 F9 R7
    {27, 44, 24},  // DLF: D1 L9 F7
    {33, 53, 42},  // DBL: D7 B9 L7
    {35, 17, 51},  // DRB: D9 R9 B7
}};
const std::array<std::array<int, 2>, kCube3Edges> kCube3EdgeFacelets = {{
    {5, 10},   // UR: U6 R2
    {7, 19},   // UF: U8 F2
    {3, 37},   // UL: U4 L2
    {1, 46},   // UB: U2 B2
    {32, 16},  // DR: D6 R8
    {28, 25},  // DF: D2 F8
    {30, 43},  // DL: D4 L8
    {34, 52},  // DB: D8 B8
    {23, 12},  // FR: F6 R4
    {21, 41},  // FL: F4 L6
    {50, 39},  // BL: B6 L4
    {48, 14},  // BR: B4 R6
}};

const CubeLayout& Cube3Layout() {
  static const CubeLayout* const layout = [] {
    auto* l = new CubeLayout();
    l->facelets_per_face = 9;
    l->corner_facelets = kCube3CornerFacelets;
    l->corner_names = kCube3CornerNames;
    l->edge_facelets = kCube3EdgeFacelets;
    l->edge_names = kCube3EdgeNames;
    return l;
  }();
  return *layout;
}

Cube3State Cube3Solved() {
  Cube3State c;
  for (int i = 0; i < kCube3Corners; ++i) c.cp[i] = static_cast<uint8_t>(i), c.co[i] = 0;
  for (int i = 0; i < kCube3Edges; ++i) c.ep[i] = static_cast<uint8_t>(i), c.eo[i] = 0;
  return c;
}

Cube3State Cube3Multiply(const Cube3State& a, const Cube3State& b) {
  Cube3State c;
  for (int i = 0; i < kCube3Corners; ++i) {
    c.cp[i] = a.cp[b.cp[i]];
    c.co[i] = static_cast<uint8_t>((a.co[b.cp[i]] + b.co[i]) % 3);
  }
  for (int i = 0; i < kCube3Edges; ++i) {
    c.ep[i] = a.ep[b.ep[i]];
    c.eo[i] = static_cast<uint8_t>((a.eo[b.ep[i]] + b.eo[i]) % 2);
  }
  return c;
}

Cube3State Cube3Inverse(const Cube3State& a) {
  Cube3State c;
  for (int i = 0; i < kCube3Corners; ++i) {
    c.cp[a.cp[i]] = static_cast<uint8_t>(i);
    c.co[a.cp[i]] = static_cast<uint8_t>((3 - a.co[i]) % 3);
  }
  for (int i = 0; i < kCube3Edges; ++i) {
    c.ep[a.ep[i]] = static_cast<uint8_t>(i);
    c.eo[a.ep[i]] = a.eo[i];
  }
  return c;
}

Cube3State Cube3FaceTurn(int face, int quarter_turns) {
  Cube3State c = Cube3Solved();
  for (int k = 0; k < quarter_turns; ++k) c = Cube3Multiply(c, kQuarterTurns[face]);
  return c;
}

std::string Cube3Facelets(const Cube3State& c) {
  std::string out(kCube3SolvedFacelets);  // the centres stay
  for (int i = 0; i < kCube3Corners; ++i) {
    for (int k = 0; k < 3; ++k) {
      out[kCube3CornerFacelets[i][(k + c.co[i]) % 3]] =
          kFaceLetters[kCube3CornerFacelets[c.cp[i]][k] / 9];
    }
  }
  for (int i = 0; i < kCube3Edges; ++i) {
    for (int k = 0; k < 2; ++k) {
      out[kCube3EdgeFacelets[i][(k + c.eo[i]) % 2]] =
          kFaceLetters[kCube3EdgeFacelets[c.ep[i]][k] / 9];
    }
  }
  return out;
}

bool Cube3PermutationParitiesAgree(const Cube3State& c) {
  return IsOddPermutation(c.cp) == IsOddPermutation(c.ep);
}

int Cube3CornerParity(const Cube3State& c) { return IsOddPermutation(c.cp) ? 1 : 0; }

}  // namespace puzzle
