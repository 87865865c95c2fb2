// Cube3CornersBounds against a brute force that shares none of its tables: the cubie model's
// own turns (Cube3State), a breadth-first search of the corner permutations under G1's moves keyed
// by the permutation itself, and the sequences of up to four moves from each sampled state.
#include "puzzles/cube3/cube3_corners_bounds.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "puzzle/seeded_random.h"
#include "puzzles/cube3/cube3_coordinates.h"
#include "puzzles/cube3/cube3_cube.h"
#include "puzzles/cube3/cube3_pruning.h"
#include "puzzles/cube3/cube3_random_walk.h"

namespace puzzle {
namespace {

using CornerPerm = std::array<uint8_t, kCube3Corners>;

// Each corner permutation's distance from solved under G1's moves, by the cubie model.
std::map<CornerPerm, int> Phase2CornersDistanceByBruteForce() {
  std::map<CornerPerm, int> distance = {{Cube3Solved().cp, 0}};
  std::vector<Cube3State> frontier = {Cube3Solved()};
  for (int depth = 1; !frontier.empty(); ++depth) {
    std::vector<Cube3State> next;
    for (const Cube3State& x : frontier) {
      for (int m : kCube3Phase2Moves) {
        const Cube3State y = Cube3Multiply(x, Cube3MoveState(m));
        if (distance.emplace(y.cp, depth).second) next.push_back(y);
      }
    }
    frontier = std::move(next);
  }
  return distance;
}

// The least phase-2 corners distance of a state with no twist within `moves` moves of x
// (Cube3CornersBounds::kNone when none is), trying every sequence that turns no face twice in a
// row (one that does reaches what a shorter sequence reaches). `last_face`: -1 at the start.
int LeastPhase2AfterByBruteForce(const Cube3State& x, int moves, int last_face,
                                 const std::map<CornerPerm, int>& phase2) {
  int least = Cube3CornersBounds::kNone;
  const bool untwisted =
      std::all_of(x.co.begin(), x.co.end(), [](uint8_t twist) { return twist == 0; });
  if (untwisted) least = phase2.at(x.cp);
  if (moves == 0) return least;
  for (int m = 0; m < kCube3Moves; ++m) {
    if (m / 3 == last_face) continue;
    least = std::min(least, LeastPhase2AfterByBruteForce(Cube3Multiply(x, Cube3MoveState(m)),
                                                         moves - 1, m / 3, phase2));
  }
  return least;
}

TEST(Cube3CornersBoundsTest, EntriesMatchABruteForceOfTheMovesToG1) {
  const Cube3CornersBounds bounds;
  const std::map<CornerPerm, int> phase2 = Phase2CornersDistanceByBruteForce();
  ASSERT_EQ(phase2.size(), static_cast<size_t>(kCube3CornerPerms));

  SeededRandom random(20261207);
  int tight = 0;  // samples with a bound below kNone for the most moves
  for (int sample = 0; sample < 200; ++sample) {
    // Half are random states; half are a random G1 state (no twist) turned 1 to 4 moves out of
    // G1, whose entries are not kNone.
    const bool near_g1 = sample % 2 == 1;
    const Cube3State x = near_g1 ? Cube3RandomWalk(Cube3RandomWalk(Cube3Solved(), 30, true, random),
                                                   1 + sample / 2 % 4, false, random)
                                 : Cube3RandomWalk(Cube3Solved(), 30, false, random);
    const uint8_t entry = bounds.entry(Cube3CornersIndex(Cube3Corners(x), Cube3Twist(x)));
    // K(4) exactly, and K(3) and K(2) through their differences, each capped at 3.
    int expected = LeastPhase2AfterByBruteForce(x, 4, -1, phase2);
    EXPECT_EQ(Cube3CornersBounds::Phase2CornersAfter(entry, 4), expected) << "sample " << sample;
    for (int t = 3; t >= 2; --t) {
      const int exact = LeastPhase2AfterByBruteForce(x, t, -1, phase2);
      expected += std::min(exact - expected, 3);
      EXPECT_EQ(Cube3CornersBounds::Phase2CornersAfter(entry, t), expected)
          << "sample " << sample << ", " << t << " moves";
      // What the search relies on: never above the least phase-2 distance within t moves.
      EXPECT_LE(Cube3CornersBounds::Phase2CornersAfter(entry, t), exact) << "sample " << sample;
    }
    tight += Cube3CornersBounds::Phase2CornersAfter(entry, Cube3CornersBounds::kMaxMovesToG1) !=
             Cube3CornersBounds::kNone;
  }
  EXPECT_GE(tight, 100);  // every state near G1 has one, so the checks above are not vacuous

  // Symmetric states by hand: solved, R (twisted) and R2 are each within one move of solved, so
  // their bound is 0 for every t.
  const auto bound = [&](const Cube3State& x, int t) {
    return Cube3CornersBounds::Phase2CornersAfter(
        bounds.entry(Cube3CornersIndex(Cube3Corners(x), Cube3Twist(x))), t);
  };
  const int r = 3, r2 = 4;  // move numbers (cube3_coordinates.h): U U2 U' R R2 R' ...
  for (int t = Cube3CornersBounds::kMinMovesToG1; t <= Cube3CornersBounds::kMaxMovesToG1; ++t) {
    EXPECT_EQ(bound(Cube3Solved(), t), 0);
    EXPECT_EQ(bound(Cube3MoveState(r), t), 0);
    EXPECT_EQ(bound(Cube3MoveState(r2), t), 0);
  }
}

}  // namespace
}  // namespace puzzle
