// The brute force the 3x3x3's optimal answers are held to in tests, on sticker strings only (the
// sticker model of cube3_sticker_turns.h; no coordinates, tables, symmetry or opposite-face
// rule): the lexicographically smallest shortest sequence from a position to a goal, in the move
// order U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B' (move m is face m / 3 turned m % 3 + 1
// quarter turns).
//
// How: a breadth-first search from the goal gives every position within `radius` moves of it
// with its exact distance (moves are undone by moves, so the distance to the goal is the distance
// from it); then an iterative deepening over all 18 moves in order, which never turns one face
// twice in a row and cuts a position whose known distance exceeds the moves left, or that is
// not within the radius when at most `radius` moves are left. Its cost grows as 15^(length -
// radius): meant for answers of up to about radius + 5 moves.
//
// Thread-safety: Solve may be called from several threads at once.
#ifndef PUZZLES_CUBE3_CUBE3_BRUTE_FORCE_H_
#define PUZZLES_CUBE3_CUBE3_BRUTE_FORCE_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "puzzles/twisty/face_turns.h"

namespace puzzle {

class Cube3BruteForce {
 public:
  // `goal`: a 54-letter sticker string (as Cube3Facelets writes). REQUIRES: 0 <= radius <= 6
  // (radius 5 holds about 620,000 positions).
  Cube3BruteForce(std::string goal, int radius);

  // The lexicographically smallest shortest sequence (move numbers) from `start` to the goal.
  // REQUIRES: `start` is a sticker string of a position the goal can be reached from.
  std::vector<int> Solve(const std::string& start) const;

  // Move m as a face turn.
  static FaceTurn Turn(int move) { return FaceTurn{move / 3, move % 3 + 1}; }

 private:
  bool Search(const std::string& position, int togo, int last_face, std::vector<int>* path) const;

  std::string goal_;
  int radius_;
  absl::flat_hash_map<std::string, int> distance_;  // within radius_ of goal_
};

}  // namespace puzzle

#endif  // PUZZLES_CUBE3_CUBE3_BRUTE_FORCE_H_
