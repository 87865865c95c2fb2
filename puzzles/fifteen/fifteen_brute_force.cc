#include "puzzles/fifteen/fifteen_brute_force.h"

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"

namespace puzzle {
namespace {

using Packed = uint64_t;
using DistanceMap = absl::flat_hash_map<Packed, int>;

Packed Pack(const FifteenBoard& board) {
  Packed p = 0;
  for (int c = 0; c < 16; ++c) p |= Packed{board.cells[c]} << (4 * c);
  return p;
}

int Blank(Packed p) {
  for (int c = 0; c < 16; ++c) {
    if (((p >> (4 * c)) & 15) == 0) return c;
  }
  return -1;
}

// The blank's four directions in the order d, l, r, u; -1 where the board ends.
int Neighbour(int cell, int direction) {
  const int row = cell >> 2;
  const int col = cell & 3;
  switch (direction) {
    case 0:
      return row < 3 ? cell + 4 : -1;
    case 1:
      return col > 0 ? cell - 1 : -1;
    case 2:
      return col < 3 ? cell + 1 : -1;
    default:
      return row > 0 ? cell - 4 : -1;
  }
}

// The state after the blank (on `blank`) swaps with the symbol on `target`.
Packed Swap(Packed p, int blank, int target) {
  const Packed symbol = (p >> (4 * target)) & 15;
  p &= ~(Packed{15} << (4 * target));
  return p | (symbol << (4 * blank));
}

// Expands one whole layer (the states of `side` at distance `depth`) into `side`, returning the
// new layer.
std::vector<Packed> ExpandLayer(const std::vector<Packed>& layer, int depth, DistanceMap& side) {
  std::vector<Packed> next;
  for (Packed p : layer) {
    const int blank = Blank(p);
    for (int direction = 0; direction < 4; ++direction) {
      const int target = Neighbour(blank, direction);
      if (target < 0) continue;
      const Packed q = Swap(p, blank, target);
      if (side.emplace(q, depth + 1).second) next.push_back(q);
    }
  }
  return next;
}

int Distance(Packed start, Packed goal, int max_distance) {
  if (start == goal) return 0;
  DistanceMap forward{{start, 0}};
  DistanceMap backward{{goal, 0}};
  std::vector<Packed> forward_layer{start};
  std::vector<Packed> backward_layer{goal};
  int forward_depth = 0;
  int backward_depth = 0;
  while (forward_depth + backward_depth < max_distance) {
    // Grow the smaller frontier by one layer. The first layer that meets the other side gives
    // the distance: before it, the two balls were disjoint, so the distance exceeds the sum of
    // the radii, and every meeting costs at most one more than that sum.
    const bool grow_forward = forward_layer.size() <= backward_layer.size();
    std::vector<Packed>& layer = grow_forward ? forward_layer : backward_layer;
    DistanceMap& side = grow_forward ? forward : backward;
    const DistanceMap& other = grow_forward ? backward : forward;
    int& depth = grow_forward ? forward_depth : backward_depth;
    layer = ExpandLayer(layer, depth, side);
    ++depth;
    if (layer.empty()) return -1;
    for (Packed q : layer) {
      if (other.contains(q)) return forward_depth + backward_depth;
    }
  }
  return -1;
}

}  // namespace

int BruteForceFifteenDistance(const FifteenBoard& start, const FifteenBoard& goal,
                              int max_distance) {
  return Distance(Pack(start), Pack(goal), max_distance);
}

BruteForceFifteenAnswer BruteForceFifteenSolve(const FifteenBoard& start, const FifteenBoard& goal,
                                               int max_distance) {
  BruteForceFifteenAnswer answer;
  const Packed target = Pack(goal);
  Packed p = Pack(start);
  answer.distance = Distance(p, target, max_distance);
  if (answer.distance <= 0) return answer;

  // The goal's ball of radius R: dist(x, goal) <= t for a state x iff some state y within
  // t - R moves of x lies in the ball with depth(x, y) + ball[y] <= t (take y on a shortest
  // path, R moves before the goal), so every test below is exact.
  const int radius = (answer.distance + 1) / 2;
  DistanceMap ball{{target, 0}};
  std::vector<Packed> layer{target};
  for (int depth = 0; depth < radius; ++depth) layer = ExpandLayer(layer, depth, ball);

  auto within = [&](Packed x, int t) {
    DistanceMap seen{{x, 0}};
    std::vector<Packed> frontier{x};
    for (int depth = 0;; ++depth) {
      for (Packed y : frontier) {
        auto it = ball.find(y);
        if (it != ball.end() && depth + it->second <= t) return true;
      }
      if (depth >= t - radius) return false;
      frontier = ExpandLayer(frontier, depth, seen);
    }
  };

  for (int remaining = answer.distance; remaining > 0; --remaining) {
    const int blank = Blank(p);
    bool stepped = false;
    for (int direction = 0; direction < 4 && !stepped; ++direction) {
      const int cell = Neighbour(blank, direction);
      if (cell < 0) continue;
      const Packed q = Swap(p, blank, cell);
      if (within(q, remaining - 1)) {
        answer.moves.push_back("dlru"[direction]);
        p = q;
        stepped = true;
      }
    }
    if (!stepped) {  // cannot happen when the distance is right; make it visible if it does
      answer.moves.push_back('?');
      return answer;
    }
  }
  return answer;
}

}  // namespace puzzle
