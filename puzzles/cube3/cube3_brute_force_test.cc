// The brute force itself, where the answers are known by hand: its radius's distances, the
// smallest of tied sequences, and a goal other than solved.
#include "puzzles/cube3/cube3_brute_force.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "puzzles/cube3/cube3_sticker_turns.h"

namespace puzzle {
namespace {

constexpr char kSolved[] = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
constexpr int kU = 0, kU2 = 1, kUi = 2, kR = 3, kRi = 5, kF = 6, kD = 9, kDi = 11;

std::string After(const std::string& from, const std::vector<int>& moves) {
  std::vector<FaceTurn> turns;
  for (int m : moves) turns.push_back(Cube3BruteForce::Turn(m));
  return ApplyCube3StickerTurns(from, turns);
}

TEST(Cube3BruteForceTest, UndoesShortScramblesByTheSmallestSequence) {
  const Cube3BruteForce brute(kSolved, 2);
  EXPECT_EQ(brute.Solve(kSolved), std::vector<int>{});
  EXPECT_EQ(brute.Solve(After(kSolved, {kU})), std::vector<int>{kUi});
  EXPECT_EQ(brute.Solve(After(kSolved, {kU2})), std::vector<int>{kU2});
  // U and D commute: "U D'" and "D' U" both undo "D U'"; U comes first in the order.
  EXPECT_EQ(brute.Solve(After(kSolved, {kD, kUi})), (std::vector<int>{kU, kDi}));
  // Beyond the radius the deepening still finds the answer: 4 moves, radius 2.
  EXPECT_EQ(brute.Solve(After(kSolved, {kR, kU, kRi, kF})), (std::vector<int>{8, kR, kUi, kRi}));
}

TEST(Cube3BruteForceTest, SolvesToAnyGoal) {
  const std::string goal = After(kSolved, {kR, kU, kF});
  const Cube3BruteForce brute(goal, 1);
  EXPECT_EQ(brute.Solve(goal), std::vector<int>{});
  EXPECT_EQ(brute.Solve(After(goal, {kD})), std::vector<int>{kDi});
  EXPECT_EQ(brute.Solve(kSolved), (std::vector<int>{kR, kU, kF}));
}

}  // namespace
}  // namespace puzzle
