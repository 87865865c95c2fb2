#include "puzzles/cube3/cube3_brute_force.h"

#include <utility>

#include "puzzles/cube3/cube3_sticker_turns.h"

namespace puzzle {

namespace {
constexpr int kMoves = 18;
}  // namespace

Cube3BruteForce::Cube3BruteForce(std::string goal, int radius)
    : goal_(std::move(goal)), radius_(radius) {
  std::vector<std::string> frontier = {goal_};
  distance_[goal_] = 0;
  for (int d = 1; d <= radius_; ++d) {
    std::vector<std::string> next;
    for (const std::string& s : frontier) {
      for (int m = 0; m < kMoves; ++m) {
        std::string t = ApplyCube3StickerTurns(s, {Turn(m)});
        if (distance_.try_emplace(t, d).second) next.push_back(std::move(t));
      }
    }
    frontier = std::move(next);
  }
}

std::vector<int> Cube3BruteForce::Solve(const std::string& start) const {
  for (int bound = 0;; ++bound) {
    std::vector<int> path;
    if (Search(start, bound, -1, &path)) return path;
  }
}

bool Cube3BruteForce::Search(const std::string& position, int togo, int last_face,
                             std::vector<int>* path) const {
  const auto it = distance_.find(position);
  if (it != distance_.end() ? it->second > togo : togo <= radius_) return false;  // too far
  if (togo == 0) return position == goal_;
  for (int m = 0; m < kMoves; ++m) {
    if (m / 3 == last_face) continue;
    path->push_back(m);
    if (Search(ApplyCube3StickerTurns(position, {Turn(m)}), togo - 1, m / 3, path)) return true;
    path->pop_back();
  }
  return false;
}

}  // namespace puzzle
