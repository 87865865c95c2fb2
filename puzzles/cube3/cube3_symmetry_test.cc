#include "puzzles/cube3/cube3_symmetry.h"

#include <set>

#include "gtest/gtest.h"
#include "puzzle/seeded_random.h"
#include "puzzles/cube3/cube3_coordinates.h"
#include "puzzles/cube3/cube3_random_walk.h"

namespace puzzle {
namespace {

TEST(Cube3SymmetryTest, SixteenDistinctSymmetriesFormAGroup) {
  const auto& states = Cube3SymmetryStates();
  auto find = [&](const Cube3State& x) {
    for (int s = 0; s < kCube3Symmetries; ++s) {
      if (states[s] == x) return s;
    }
    return -1;
  };
  for (int s = 0; s < kCube3Symmetries; ++s) {
    for (int t = 0; t < kCube3Symmetries; ++t) {
      if (s != t) {
        EXPECT_NE(states[s], states[t]);
      }
      EXPECT_GE(find(Cube3SymmetryMultiply(states[s], states[t])), 0) << s << " " << t;
    }
    EXPECT_EQ(Cube3SymmetryMultiply(states[s], states[Cube3SymmetryInverse(s)]), Cube3Solved());
  }
  EXPECT_EQ(find(Cube3Solved()), 0);
}

TEST(Cube3SymmetryTest, EachSymmetryMapsFaceTurnsToFaceTurnsAndKeepsTheUDAxis) {
  for (int s = 0; s < kCube3Symmetries; ++s) {
    std::set<int> images;
    for (int m = 0; m < kCube3Moves; ++m) {
      const Cube3State x = Cube3Conjugate(Cube3MoveState(m), s);
      int image = -1;
      for (int n = 0; n < kCube3Moves; ++n) {
        if (Cube3MoveState(n) == x) image = n;
      }
      ASSERT_GE(image, 0) << "symmetry " << s << " move " << m;
      images.insert(image);
      // U and D turns stay U and D turns (possibly exchanged).
      EXPECT_EQ(Cube3MoveFace(m) % 3 == 0, Cube3MoveFace(image) % 3 == 0) << s << " " << m;
    }
    EXPECT_EQ(images.size(), static_cast<size_t>(kCube3Moves));
  }
}

TEST(Cube3SymmetryTest, ClassCountsAreKociembas) {
  const Cube3SymmetryTables& t = Cube3SymmetryTables::Get();
  EXPECT_EQ(t.flipslice_representative.size(), static_cast<size_t>(kCube3FlipSliceClasses));
  EXPECT_EQ(t.corner_representative.size(), static_cast<size_t>(kCube3CornerClasses));
}

// For random states: conjugating by the recorded sym gives the class representative, and the
// conjugated twist and UD edges are what the tables say.
TEST(Cube3SymmetryTest, RecordedSymsTakeEveryValueToItsRepresentative) {
  const Cube3SymmetryTables& t = Cube3SymmetryTables::Get();
  SeededRandom random(5);
  for (int trial = 0; trial < 5000; ++trial) {
    const bool g1 = trial % 2 == 1;
    const Cube3State y = Cube3RandomWalk(Cube3Solved(), 30, g1, random);
    const int flipslice = 2048 * (Cube3Quartet(y, kCube3SliceQuartet) / 24) + Cube3Flip(y);
    const int s = t.flipslice_sym[flipslice];
    const Cube3State z = Cube3Conjugate(y, s);
    EXPECT_EQ(2048 * (Cube3Quartet(z, kCube3SliceQuartet) / 24) + Cube3Flip(z),
              static_cast<int>(t.flipslice_representative[t.flipslice_class[flipslice]]));
    EXPECT_EQ(Cube3Twist(z), t.twist_conjugate[Cube3Twist(y) * kCube3Symmetries + s]);
    const int corners = Cube3Corners(y);
    const int cs = t.corner_sym[corners];
    const Cube3State w = Cube3Conjugate(y, cs);
    EXPECT_EQ(Cube3Corners(w), t.corner_representative[t.corner_class[corners]]);
    if (g1) {
      EXPECT_EQ(Cube3UDEdges(w), t.ud_edges_conjugate[Cube3UDEdges(y) * kCube3Symmetries + cs]);
    }
  }
}

TEST(Cube3SymmetryTest, StabilisersFixTheirRepresentatives) {
  const Cube3SymmetryTables& t = Cube3SymmetryTables::Get();
  int nontrivial = 0;
  for (int cls = 0; cls < kCube3CornerClasses; ++cls) {
    Cube3State c = Cube3Solved();
    Cube3SetCorners(&c, t.corner_representative[cls]);
    ASSERT_EQ(t.corner_stabiliser[cls] & 1, 1);
    for (int s = 0; s < kCube3Symmetries; ++s) {
      EXPECT_EQ(Cube3Corners(Cube3Conjugate(c, s)) == t.corner_representative[cls],
                (t.corner_stabiliser[cls] >> s & 1) == 1)
          << cls << " " << s;
    }
    nontrivial += t.corner_stabiliser[cls] != 1;
  }
  EXPECT_GT(nontrivial, 0);
}

}  // namespace
}  // namespace puzzle
