#include "puzzles/cube3/cube3_symmetry.h"

#include "puzzles/cube3/cube3_coordinates.h"

namespace puzzle {
namespace {

// The generators (positions and pieces numbered as in cube3_cube.h).
constexpr Cube3State kF2 = {{5, 4, 7, 6, 1, 0, 3, 2},
                            {0, 0, 0, 0, 0, 0, 0, 0},
                            {6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10},
                            {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}};
constexpr Cube3State kU4 = {{3, 0, 1, 2, 7, 4, 5, 6},
                            {0, 0, 0, 0, 0, 0, 0, 0},
                            {3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10},
                            {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1}};
constexpr Cube3State kLR2 = {{1, 0, 3, 2, 5, 4, 7, 6},
                             {3, 3, 3, 3, 3, 3, 3, 3},
                             {2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10},
                             {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}};

struct Symmetries {
  std::array<Cube3State, kCube3Symmetries> states;
  std::array<int, kCube3Symmetries> inverse;

  Symmetries() {
    Cube3State c = Cube3Solved();
    for (int f2 = 0; f2 < 2; ++f2) {
      for (int u4 = 0; u4 < 4; ++u4) {
        for (int lr2 = 0; lr2 < 2; ++lr2) {
          states[8 * f2 + 2 * u4 + lr2] = c;
          c = Cube3SymmetryMultiply(c, kLR2);
        }
        c = Cube3SymmetryMultiply(c, kU4);
      }
      c = Cube3SymmetryMultiply(c, kF2);
    }
    for (int s = 0; s < kCube3Symmetries; ++s) {
      for (int t = 0; t < kCube3Symmetries; ++t) {
        if (Cube3SymmetryMultiply(states[s], states[t]) == Cube3Solved()) inverse[s] = t;
      }
    }
  }
};

const Symmetries& GetSymmetries() {
  static const Symmetries* const symmetries = new Symmetries();
  return *symmetries;
}

// S_s^-1 x S_s: the state whose conjugate by s is x.
Cube3State Unconjugate(const Cube3State& x, int s) {
  const Symmetries& sym = GetSymmetries();
  return Cube3SymmetryMultiply(Cube3SymmetryMultiply(sym.states[sym.inverse[s]], x), sym.states[s]);
}

}  // namespace

Cube3State Cube3SymmetryMultiply(const Cube3State& a, const Cube3State& b) {
  Cube3State c;
  for (int i = 0; i < kCube3Corners; ++i) {
    c.cp[i] = a.cp[b.cp[i]];
    const int oa = a.co[b.cp[i]];
    const int ob = b.co[i];
    int o;
    if (oa < 3 && ob < 3) {
      o = (oa + ob) % 3;
    } else if (oa < 3) {  // b mirrored
      o = oa + ob;
      if (o >= 6) o -= 3;
    } else if (ob < 3) {  // a mirrored
      o = oa - ob;
      if (o < 3) o += 3;
    } else {  // both: the product is not
      o = oa - ob;
      if (o < 0) o += 3;
    }
    c.co[i] = static_cast<uint8_t>(o);
  }
  for (int i = 0; i < kCube3Edges; ++i) {
    c.ep[i] = a.ep[b.ep[i]];
    c.eo[i] = static_cast<uint8_t>((a.eo[b.ep[i]] + b.eo[i]) % 2);
  }
  return c;
}

const std::array<Cube3State, kCube3Symmetries>& Cube3SymmetryStates() {
  return GetSymmetries().states;
}

int Cube3SymmetryInverse(int s) { return GetSymmetries().inverse[s]; }

Cube3State Cube3Conjugate(const Cube3State& x, int s) {
  const Symmetries& sym = GetSymmetries();
  return Cube3SymmetryMultiply(Cube3SymmetryMultiply(sym.states[s], x), sym.states[sym.inverse[s]]);
}

const Cube3SymmetryTables& Cube3SymmetryTables::Get() {
  static const Cube3SymmetryTables* const tables = new Cube3SymmetryTables();
  return *tables;
}

Cube3SymmetryTables::Cube3SymmetryTables()
    : flipslice_class(kCube3FlipSlices, UINT16_MAX),
      flipslice_sym(kCube3FlipSlices),
      twist_conjugate(kCube3Twists * kCube3Symmetries),
      corner_class(kCube3CornerPerms, UINT16_MAX),
      corner_sym(kCube3CornerPerms),
      ud_edges_conjugate(kCube3UDEdgePerms * kCube3Symmetries) {
  // Classes: the first value met of each is its representative; every conjugate of it
  // (S^-1 R S for each s) joins the class with sym s, as S (S^-1 R S) S^-1 = R.
  for (int slice = 0; slice < kCube3SliceCombinations; ++slice) {
    Cube3State c = Cube3Solved();
    Cube3SetQuartet(&c, kCube3SliceQuartet, 24 * slice);
    for (int flip = 0; flip < kCube3Flips; ++flip) {
      const uint32_t value = 2048 * slice + flip;
      if (flipslice_class[value] != UINT16_MAX) continue;
      const uint16_t cls = static_cast<uint16_t>(flipslice_representative.size());
      flipslice_representative.push_back(value);
      flipslice_stabiliser.push_back(0);
      Cube3SetFlip(&c, flip);
      for (int s = 0; s < kCube3Symmetries; ++s) {
        const Cube3State y = Unconjugate(c, s);
        const uint32_t y_value = 2048 * (Cube3Quartet(y, kCube3SliceQuartet) / 24) + Cube3Flip(y);
        if (y_value == value) flipslice_stabiliser[cls] |= 1 << s;
        if (flipslice_class[y_value] != UINT16_MAX) continue;
        flipslice_class[y_value] = cls;
        flipslice_sym[y_value] = static_cast<uint8_t>(s);
      }
    }
  }
  for (int corners = 0; corners < kCube3CornerPerms; ++corners) {
    if (corner_class[corners] != UINT16_MAX) continue;
    const uint16_t cls = static_cast<uint16_t>(corner_representative.size());
    corner_representative.push_back(static_cast<uint16_t>(corners));
    corner_stabiliser.push_back(0);
    Cube3State c = Cube3Solved();
    Cube3SetCorners(&c, corners);
    for (int s = 0; s < kCube3Symmetries; ++s) {
      const int y = Cube3Corners(Unconjugate(c, s));
      if (y == corners) corner_stabiliser[cls] |= 1 << s;
      if (corner_class[y] != UINT16_MAX) continue;
      corner_class[y] = cls;
      corner_sym[y] = static_cast<uint8_t>(s);
    }
  }
  for (int twist = 0; twist < kCube3Twists; ++twist) {
    Cube3State c = Cube3Solved();
    Cube3SetTwist(&c, twist);
    for (int s = 0; s < kCube3Symmetries; ++s) {
      twist_conjugate[twist * kCube3Symmetries + s] =
          static_cast<uint16_t>(Cube3Twist(Cube3Conjugate(c, s)));
    }
  }
  for (int ud = 0; ud < kCube3UDEdgePerms; ++ud) {
    Cube3State c = Cube3Solved();
    Cube3SetUDEdges(&c, ud);
    for (int s = 0; s < kCube3Symmetries; ++s) {
      ud_edges_conjugate[ud * kCube3Symmetries + s] =
          static_cast<uint16_t>(Cube3UDEdges(Cube3Conjugate(c, s)));
    }
  }
}

}  // namespace puzzle
