#include "puzzles/rotation/rotation_ida_star.h"

#include <algorithm>

namespace puzzle {
namespace {

constexpr int kLines[8][7] = {{0, 2, 6, 11, 15, 20, 22},    {1, 3, 8, 12, 17, 21, 23},
                              {10, 9, 8, 7, 6, 5, 4},       {19, 18, 17, 16, 15, 14, 13},
                              {23, 21, 17, 12, 8, 3, 1},    {22, 20, 15, 11, 6, 2, 0},
                              {13, 14, 15, 16, 17, 18, 19}, {4, 5, 6, 7, 8, 9, 10}};
constexpr int kReverse[9] = {5, 4, 7, 6, 1, 0, 3, 2, -1};
constexpr int kCentre[8] = {6, 7, 8, 11, 12, 15, 16, 17};

}  // namespace

void RotationIdaStar::Pull(std::array<int, 24>& board, int op) {
  const int first = board[kLines[op][0]];
  for (int i = 0; i < 6; ++i) board[kLines[op][i]] = board[kLines[op][i + 1]];
  board[kLines[op][6]] = first;
}

int RotationIdaStar::H() const {
  int count[4] = {0, 0, 0, 0};
  int most = 0;
  for (int c : kCentre) most = std::max(most, ++count[map_[c]]);
  return 8 - most;
}

void RotationIdaStar::Search(int depth, int last, int limit) {
  if (found_) return;
  if (H() == 0) {
    found_ = true;
    route_.resize(depth);
    return;
  }
  if (depth + H() > limit) return;
  for (int op = 0; op < 8 && !found_; ++op) {
    if (op == kReverse[last]) continue;
    Pull(map_, op);
    if (static_cast<int>(route_.size()) <= depth) route_.resize(depth + 1);
    route_[depth] = static_cast<char>('A' + op);
    Search(depth + 1, op, limit);
    Pull(map_, kReverse[op]);
  }
}

RotationIdaStar::Answer RotationIdaStar::Solve(const std::array<int, 24>& board) {
  map_ = board;
  route_.clear();
  found_ = false;
  if (H() == 0) return {"", map_[kCentre[0]]};
  for (int limit = 1; !found_; ++limit) Search(0, 8, limit);
  std::array<int, 24> after = board;
  for (char c : route_) Pull(after, c - 'A');
  return {route_, after[kCentre[0]]};
}

}  // namespace puzzle
