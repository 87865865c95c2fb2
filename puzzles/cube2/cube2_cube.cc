#include "puzzles/cube2/cube2_cube.h"

#include <vector>

namespace puzzle {
namespace {

enum Corner { URF, UFL, ULB, UBR, DFR, DLF, DBL, DRB };

// Quarter turns clockwise of U R F D L B, as cubie states (Kociemba's basic moves).
constexpr std::array<Cube2State, 6> kQuarterTurns = {{
    {{UBR, URF, UFL, ULB, DFR, DLF, DBL, DRB}, {0, 0, 0, 0, 0, 0, 0, 0}},  // U
    {{DFR, UFL, ULB, URF, DRB, DLF, DBL, UBR}, {2, 0, 0, 1, 1, 0, 0, 2}},  // R
    {{UFL, DLF, ULB, UBR, URF, DFR, DBL, DRB}, {1, 2, 0, 0, 2, 1, 0, 0}},  // F
    {{URF, UFL, ULB, UBR, DLF, DBL, DRB, DFR}, {0, 0, 0, 0, 0, 0, 0, 0}},  // D
    {{URF, ULB, DBL, UBR, DFR, UFL, DLF, DRB}, {0, 1, 2, 0, 0, 2, 1, 0}},  // L
    {{URF, UFL, UBR, DRB, DFR, DLF, ULB, DBL}, {0, 0, 1, 2, 0, 0, 2, 1}},  // B
}};

constexpr int kFactorial[] = {1, 1, 2, 6, 24, 120, 720, 5040};
// The 7 positions whose pieces are ranked, in rank order (DBL is left out).
constexpr int kRankedPositions[7] = {URF, UFL, ULB, UBR, DFR, DLF, DRB};
// Piece number -> its place among the 7 ranked pieces, and back.
constexpr int kPieceSlot[8] = {0, 1, 2, 3, 4, 5, -1, 6};

}  // namespace

const std::array<const char*, kCube2Corners> kCube2CornerNames = {"URF", "UFL", "ULB", "UBR",
                                                                  "DFR", "DLF", "DBL", "DRB"};

// Facelet numbers: U 0-3, R 4-7, F 8-11, D 12-15, L 16-19, B 20-23 (1-4 within a face).
const std::array<std::array<int, 3>, kCube2Corners> kCube2CornerFacelets = {{
    {3, 4, 9},     // URF: U4 R1 F2
    {2, 8, 17},    // UFL: U3 F1 L2
    {0, 16, 21},   // ULB: U1 L1 B2
    {1, 20, 5},    // UBR: U2 B1 R2
    {13, 11, 6},   // DFR: D2 F4 R3
    {12, 19, 10},  // DLF: D1 L4 F3
    {14, 23, 18},  // DBL: D3 B4 L3
    {15, 7, 22},   // DRB: D4 R4 B3
}};

std::string Cube2FaceletName(int facelet) {
  return std::string(1, kCube2FaceLetters[facelet / 4]) + static_cast<char>('1' + facelet % 4);
}

Cube2State Cube2Solved() {
  Cube2State c;
  for (int i = 0; i < kCube2Corners; ++i) {
    c.cp[i] = static_cast<uint8_t>(i);
    c.co[i] = 0;
  }
  return c;
}

Cube2State Cube2Multiply(const Cube2State& a, const Cube2State& b) {
  Cube2State c;
  for (int i = 0; i < kCube2Corners; ++i) {
    c.cp[i] = a.cp[b.cp[i]];
    c.co[i] = static_cast<uint8_t>((a.co[b.cp[i]] + b.co[i]) % 3);
  }
  return c;
}

Cube2State Cube2Inverse(const Cube2State& a) {
  Cube2State c;
  for (int i = 0; i < kCube2Corners; ++i) {
    c.cp[a.cp[i]] = static_cast<uint8_t>(i);
    c.co[a.cp[i]] = static_cast<uint8_t>((3 - a.co[i]) % 3);
  }
  return c;
}

Cube2State Cube2FaceTurn(int face, int quarter_turns) {
  Cube2State c = Cube2Solved();
  for (int k = 0; k < quarter_turns; ++k) c = Cube2Multiply(c, kQuarterTurns[face]);
  return c;
}

const std::array<Cube2State, 24>& Cube2Rotations() {
  static const std::array<Cube2State, 24>* const rotations = [] {
    // y turns the whole cube as U does (U with D'), x as R does (R with L').
    const Cube2State y = Cube2Multiply(Cube2FaceTurn(0, 1), Cube2FaceTurn(3, 3));
    const Cube2State x = Cube2Multiply(Cube2FaceTurn(1, 1), Cube2FaceTurn(4, 3));
    std::vector<Cube2State> found = {Cube2Solved()};
    for (size_t next = 0; next < found.size(); ++next) {
      for (const Cube2State& g : {x, y}) {
        const Cube2State r = Cube2Multiply(found[next], g);
        bool seen = false;
        for (const Cube2State& f : found) seen |= f == r;
        if (!seen) found.push_back(r);
      }
    }
    auto* out = new std::array<Cube2State, 24>();
    for (size_t i = 0; i < out->size() && i < found.size(); ++i) (*out)[i] = found[i];
    return out;
  }();
  return *rotations;
}

uint32_t Cube2Index(const Cube2State& c) {
  // Lehmer code: for each ranked position, how many of the pieces not yet placed are smaller
  // (a bit mask of the pieces seen so far counts them).
  uint32_t perm = 0;
  uint32_t seen = 0;
  for (int i = 0; i < 7; ++i) {
    const int piece = kPieceSlot[c.cp[kRankedPositions[i]]];
    int smaller_earlier = 0;
    for (uint32_t below = seen & ((1u << piece) - 1); below != 0; below &= below - 1) {
      ++smaller_earlier;
    }
    perm += static_cast<uint32_t>((piece - smaller_earlier) * kFactorial[6 - i]);
    seen |= 1u << piece;
  }
  uint32_t twist = 0;
  for (int i = 0; i < 6; ++i) twist = twist * 3 + c.co[kRankedPositions[i]];
  return perm * kCube2TwistCount + twist;
}

Cube2State Cube2FromIndex(uint32_t index) {
  constexpr int kSlotPiece[7] = {URF, UFL, ULB, UBR, DFR, DLF, DRB};
  Cube2State c;
  uint32_t perm = index / kCube2TwistCount;
  uint32_t twist = index % kCube2TwistCount;
  bool used[7] = {};
  for (int i = 0; i < 7; ++i) {
    int smaller_later = static_cast<int>(perm / kFactorial[6 - i]);
    perm %= kFactorial[6 - i];
    int slot = 0;
    while (used[slot] || smaller_later > 0) {
      if (!used[slot]) --smaller_later;
      ++slot;
    }
    used[slot] = true;
    c.cp[kRankedPositions[i]] = static_cast<uint8_t>(kSlotPiece[slot]);
  }
  int sum = 0;
  for (int i = 5; i >= 0; --i) {
    c.co[kRankedPositions[i]] = static_cast<uint8_t>(twist % 3);
    sum += twist % 3;
    twist /= 3;
  }
  c.co[DRB] = static_cast<uint8_t>((3 - sum % 3) % 3);
  c.cp[DBL] = DBL;
  c.co[DBL] = 0;
  return c;
}

std::string Cube2Facelets(const Cube2State& c) {
  std::string out(kCube2Facelets, '?');
  for (int i = 0; i < kCube2Corners; ++i) {
    for (int k = 0; k < 3; ++k) {
      const int home = kCube2CornerFacelets[c.cp[i]][k];
      out[kCube2CornerFacelets[i][(k + c.co[i]) % 3]] = kCube2FaceLetters[home / 4];
    }
  }
  return out;
}

}  // namespace puzzle
