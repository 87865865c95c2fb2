#include "puzzles/cube3/cube3_phase1_moves.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace puzzle {
namespace {

// The 120-degree rotation about the URF-DBL diagonal (Kociemba's S_URF3).
constexpr Cube3State kUrf3 = {{0, 4, 5, 1, 3, 7, 6, 2},
                              {1, 2, 1, 2, 2, 1, 2, 1},
                              {1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2},
                              {1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1}};

// move[k][m]: R^-k m R^k, for k = 0, 1, 2.
struct UnrotatedMoves {
  int move[3][kCube3Moves];
  UnrotatedMoves() {
    const Cube3State inverse = Cube3Inverse(kUrf3);
    for (int k = 0; k < 3; ++k) {
      for (int m = 0; m < kCube3Moves; ++m) {
        Cube3State x = Cube3MoveState(m);
        for (int i = 0; i < k; ++i) x = Cube3Multiply(Cube3Multiply(inverse, x), kUrf3);
        for (int n = 0; n < kCube3Moves; ++n) {
          if (Cube3MoveState(n) == x) move[k][m] = n;
        }
      }
    }
  }
};

const UnrotatedMoves& Unrotated() {
  static const UnrotatedMoves* const moves = new UnrotatedMoves();
  return *moves;
}

}  // namespace

Cube3State Cube3RotateUrf(Cube3State x, int k) {
  const Cube3State inverse = Cube3Inverse(kUrf3);
  for (int i = 0; i < k; ++i) x = Cube3Multiply(Cube3Multiply(kUrf3, x), inverse);
  return x;
}

int Cube3UnrotatedMove(int k, int m) { return Unrotated().move[k][m]; }
int Cube3RotatedMove(int k, int m) { return Unrotated().move[(3 - k) % 3][m]; }  // R^3 = 1

const Cube3Phase1Moves& Cube3Phase1Moves::Get() {
  static const Cube3Phase1Moves* const tables = new Cube3Phase1Moves();
  return *tables;
}

Cube3Phase1Moves::Cube3Phase1Moves() : flipslice_move_(kCube3FlipSliceClasses, Row{}) {
  FillSymmetryTables();
  FillFlipSliceMoves();
}

void Cube3Phase1Moves::FillSymmetryTables() {
  const std::array<Cube3State, kCube3Symmetries>& states = Cube3SymmetryStates();
  for (int s = 0; s < kCube3Symmetries; ++s) {
    for (int m = 0; m < kCube3Moves; ++m) {
      const Cube3State conjugate = Cube3Conjugate(Cube3MoveState(m), s);
      for (int n = 0; n < kCube3Moves; ++n) {
        if (Cube3MoveState(n) == conjugate) conjugated_move_[s * kCube3Moves + m] = n;
      }
    }
  }
  // Deltas: the word's turn j = 3 f + t of the representative is the cube's move m with
  // Conjugated(s, Cube3RotatedMove(axis, m)) = j.
  for (int axis = 0; axis < 3; ++axis) {
    for (int s = 0; s < kCube3Symmetries; ++s) {
      for (int m = 0; m < kCube3Moves; ++m) {
        const int j = conjugated_move_[s * kCube3Moves + Cube3RotatedMove(axis, m)];
        const int f = Cube3MoveFace(j), t = j % 3;
        for (int code = 0; code < 16; ++code) {
          if (!(code >> (1 + t) & 1)) continue;
          deltas_[((axis * kCube3Symmetries + s) * 6 + f) * 16 + code] |=
              (code & 1 ? uint64_t{1} << 32 : uint64_t{1}) << m;
        }
      }
    }
  }
  for (int s = 0; s < kCube3Symmetries; ++s) {
    for (int u = 0; u < kCube3Symmetries; ++u) {
      const Cube3State product = Cube3SymmetryMultiply(states[u], states[s]);
      for (int w = 0; w < kCube3Symmetries; ++w) {
        if (states[w] == product) product_[u * kCube3Symmetries + s] = w;
      }
    }
  }
}

void Cube3Phase1Moves::FillFlipSliceMoves() {
  const Cube3MoveTables& moves = Cube3MoveTables::Get();
  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get();
  for (int cls = 0; cls < kCube3FlipSliceClasses; ++cls) {
    const uint32_t flipslice = sym.flipslice_representative[cls];
    const int flip = flipslice % 2048, combination = flipslice / 2048;
    for (int m = 0; m < kCube3Moves; ++m) {
      const int flip1 = moves.flip[flip * kCube3Moves + m];
      const int combination1 = moves.quartet[combination * 24 * kCube3Moves + m] / 24;
      const int flipslice1 = 2048 * combination1 + flip1;
      const uint32_t cls1 = sym.flipslice_class[flipslice1];
      const uint32_t entry = cls1 | uint32_t{sym.flipslice_sym[flipslice1]} << 16;
      // Written as FlipSliceMove reads it: OR-ed into the 4 bytes from the entry's first byte.
      uint8_t* const at = flipslice_move_[cls].bytes + kEntryBits * m / 8;
      uint32_t word;
      std::memcpy(&word, at, sizeof word);
      word |= entry << (kEntryBits * m % 8);
      std::memcpy(at, &word, sizeof word);
    }
  }
}

}  // namespace puzzle
