#include "puzzles/cube3/cube3_coordinates.h"

#include "gtest/gtest.h"
#include "puzzle/seeded_random.h"
#include "puzzles/cube3/cube3_random_walk.h"

namespace puzzle {
namespace {

TEST(Cube3CoordinatesTest, SolvedIsZeroForEveryCoordinate) {
  const Cube3State solved = Cube3Solved();
  EXPECT_EQ(Cube3Twist(solved), 0);
  EXPECT_EQ(Cube3Flip(solved), 0);
  EXPECT_EQ(Cube3Quartet(solved, kCube3SliceQuartet), 0);
  EXPECT_EQ(Cube3Corners(solved), 0);
  EXPECT_EQ(Cube3UDEdges(solved), 0);
}

TEST(Cube3CoordinatesTest, EverySetValueReadsBack) {
  for (int x = 0; x < kCube3Twists; ++x) {
    Cube3State c = Cube3Solved();
    Cube3SetTwist(&c, x);
    ASSERT_EQ(Cube3Twist(c), x);
    int sum = 0;
    for (int o : c.co) sum += o;
    ASSERT_EQ(sum % 3, 0) << x;
  }
  for (int x = 0; x < kCube3Flips; ++x) {
    Cube3State c = Cube3Solved();
    Cube3SetFlip(&c, x);
    ASSERT_EQ(Cube3Flip(c), x);
  }
  for (int first : {kCube3UQuartet, kCube3DQuartet, kCube3SliceQuartet}) {
    for (int x = 0; x < kCube3Quartets; ++x) {
      Cube3State c = Cube3Solved();
      Cube3SetQuartet(&c, first, x);
      ASSERT_EQ(Cube3Quartet(c, first), x) << first;
      std::array<bool, kCube3Edges> seen{};
      for (int e : c.ep) seen[e] = true;
      for (bool s : seen) ASSERT_TRUE(s) << "not a permutation: quartet " << x;
    }
  }
  for (int x = 0; x < kCube3CornerPerms; ++x) {
    Cube3State c = Cube3Solved();
    Cube3SetCorners(&c, x);
    ASSERT_EQ(Cube3Corners(c), x);
    Cube3SetUDEdges(&c, x);
    ASSERT_EQ(Cube3UDEdges(c), x);
  }
}

TEST(Cube3CoordinatesTest, SolvedSliceQuartetMeansTheSliceEdgesAreInTheSlice) {
  for (int x = 0; x < 24; ++x) {
    Cube3State c = Cube3Solved();
    Cube3SetQuartet(&c, kCube3SliceQuartet, x);
    for (int j = 8; j < kCube3Edges; ++j) EXPECT_GE(c.ep[j], 8) << x;
  }
}

TEST(Cube3CoordinatesTest, MoveTablesAgreeWithTheCubieModel) {
  const Cube3MoveTables& t = Cube3MoveTables::Get();
  SeededRandom random(21);
  for (int trial = 0; trial < 3000; ++trial) {
    const Cube3State c = Cube3RandomWalk(Cube3Solved(), 30, false, random);
    for (int m = 0; m < kCube3Moves; ++m) {
      const Cube3State d = Cube3Multiply(c, Cube3MoveState(m));
      ASSERT_EQ(t.twist[Cube3Twist(c) * kCube3Moves + m], Cube3Twist(d));
      ASSERT_EQ(t.flip[Cube3Flip(c) * kCube3Moves + m], Cube3Flip(d));
      ASSERT_EQ(t.corners[Cube3Corners(c) * kCube3Moves + m], Cube3Corners(d));
      for (int first : {kCube3UQuartet, kCube3DQuartet, kCube3SliceQuartet}) {
        ASSERT_EQ(t.quartet[Cube3Quartet(c, first) * kCube3Moves + m], Cube3Quartet(d, first));
      }
    }
    const Cube3State g1 = Cube3RandomWalk(Cube3Solved(), 30, true, random);
    ASSERT_EQ(t.ud_edges_from_quartets[Cube3Quartet(g1, kCube3UQuartet) * 24 +
                                       Cube3Quartet(g1, kCube3DQuartet) % 24],
              Cube3UDEdges(g1));
    for (int m : kCube3Phase2Moves) {
      ASSERT_EQ(t.ud_edges[Cube3UDEdges(g1) * kCube3Moves + m],
                Cube3UDEdges(Cube3Multiply(g1, Cube3MoveState(m))));
    }
  }
}

TEST(Cube3CoordinatesTest, PhaseTwoMovesAreThoseThatKeepG1) {
  int count = 0;
  for (int m = 0; m < kCube3Moves; ++m) {
    const Cube3State c = Cube3MoveState(m);
    const bool keeps =
        Cube3Twist(c) == 0 && Cube3Flip(c) == 0 && Cube3Quartet(c, kCube3SliceQuartet) < 24;
    EXPECT_EQ(IsCube3Phase2Move(m), keeps) << m;
    count += keeps;
  }
  EXPECT_EQ(count, kCube3Phase2MoveCount);
  for (int m : kCube3Phase2Moves) EXPECT_TRUE(IsCube3Phase2Move(m)) << m;
}

}  // namespace
}  // namespace puzzle
