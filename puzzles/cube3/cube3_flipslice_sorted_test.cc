#include "puzzles/cube3/cube3_flipslice_sorted.h"

#include <memory>

#include "gtest/gtest.h"
#include "puzzle/seeded_random.h"
#include "puzzles/cube3/cube3_phase1_moves.h"

namespace puzzle {
namespace {

const Cube3FlipSliceSorted& Tables() {
  static const Cube3FlipSliceSorted* const tables = Cube3FlipSliceSorted::Create().release();
  return *tables;
}

// Kociemba's count of flip-slice-sorted classes, and the classes cover every raw value once:
// a class of stabiliser size k holds 16 / k values.
TEST(Cube3FlipSliceSortedTest, ClassesPartitionTheRawValuesInKociembasCount) {
  const Cube3FlipSliceSorted& t = Tables();
  uint64_t covered = 0;
  for (int cls = 0; cls < kCube3FlipSliceSortedClasses; ++cls) {
    ASSERT_EQ(t.Stabiliser(cls) & 1, 1) << cls;
    covered += kCube3Symmetries / __builtin_popcount(t.Stabiliser(cls));
    if (cls > 0) {
      ASSERT_LT(t.Representative(cls - 1), t.Representative(cls)) << cls;
    }
  }
  EXPECT_EQ(covered, static_cast<uint64_t>(kCube3FlipSliceSorted));
  EXPECT_EQ(t.Representative(0), 0u);  // solved's class is class 0
}

TEST(Cube3FlipSliceSortedTest, StabilisersFixTheirRepresentatives) {
  const Cube3FlipSliceSorted& t = Tables();
  int nontrivial = 0;
  for (int cls = 0; cls < kCube3FlipSliceSortedClasses; cls += 97) {
    Cube3State c = Cube3Solved();
    Cube3SetQuartet(&c, kCube3SliceQuartet, static_cast<int>(t.Representative(cls) / 2048));
    Cube3SetFlip(&c, static_cast<int>(t.Representative(cls) % 2048));
    for (int s = 0; s < kCube3Symmetries; ++s) {
      EXPECT_EQ(Cube3FlipSliceSortedValue(Cube3Conjugate(c, s)) ==
                    static_cast<int>(t.Representative(cls)),
                (t.Stabiliser(cls) >> s & 1) == 1)
          << cls << " " << s;
    }
    nontrivial += t.Stabiliser(cls) != 1;
  }
  EXPECT_GT(nontrivial, 0);
}

// Random walks, stepped through the move table as the searches step (class, twist in the
// representative's frame, sym), checked at every step against the cubie state itself:
// conjugating it by the kept sym gives the kept class's representative and the kept twist.
// Classify and ClassOf agree on the class.
TEST(Cube3FlipSliceSortedTest, SteppingByClassTracksTheCubieState) {
  const Cube3FlipSliceSorted& t = Tables();
  const Cube3SymmetryTables& sym = Cube3SymmetryTables::Get();
  const Cube3MoveTables& moves = Cube3MoveTables::Get();
  const Cube3Phase1Moves& phase1 = Cube3Phase1Moves::Get();
  SeededRandom random(11);
  for (int walk = 0; walk < 200; ++walk) {
    Cube3State x = Cube3Solved();
    Cube3FlipSliceSorted::ClassAndSym kept = t.Classify(x);
    int twist = 0;
    ASSERT_EQ(kept.cls, 0);
    for (int step = 0; step < 40; ++step) {
      const int m = static_cast<int>(random.Below(kCube3Moves));
      x = Cube3Multiply(x, Cube3MoveState(m));
      const int conjugated = phase1.Conjugated(kept.sym, m);
      const Cube3FlipSliceSorted::ClassAndSym moved = t.Move(kept.cls, conjugated);
      twist = sym.twist_conjugate[moves.twist[twist * kCube3Moves + conjugated] * kCube3Symmetries +
                                  moved.sym];
      kept = {moved.cls, phase1.Product(moved.sym, kept.sym)};
      const Cube3State z = Cube3Conjugate(x, kept.sym);
      ASSERT_EQ(Cube3FlipSliceSortedValue(z), static_cast<int>(t.Representative(kept.cls)))
          << "walk " << walk << " step " << step;
      ASSERT_EQ(Cube3Twist(z), twist) << "walk " << walk << " step " << step;
      const Cube3FlipSliceSorted::ClassAndSym classified = t.Classify(x);
      ASSERT_EQ(classified.cls, kept.cls);
      EXPECT_EQ(Cube3FlipSliceSortedValue(Cube3Conjugate(x, classified.sym)),
                static_cast<int>(t.Representative(kept.cls)));
      const Cube3FlipSliceSorted::ClassAndSym looked_up = t.ClassOf(Cube3FlipSliceSortedValue(x));
      ASSERT_EQ(looked_up.cls, kept.cls);
      EXPECT_EQ(Cube3FlipSliceSortedValue(Cube3Conjugate(x, looked_up.sym)),
                static_cast<int>(t.Representative(kept.cls)));
    }
  }
}

}  // namespace
}  // namespace puzzle
