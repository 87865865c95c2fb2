#include "puzzles/cube2/cube2_brute_force.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"

namespace puzzle {

namespace {

// Any cube state (the DBL piece anywhere) as a key: 8 x (3 + 2) bits.
uint64_t Key(const Cube2State& c) {
  uint64_t key = 0;
  for (int i = 0; i < kCube2Corners; ++i) key = key << 5 | c.cp[i] << 2 | c.co[i];
  return key;
}

}  // namespace

std::vector<int> Cube2BruteForceSolve(const Cube2State& start, const Cube2State& goal,
                                      const std::vector<Cube2Turn>& turns) {
  const Cube2State& state = start;
  std::vector<Cube2State> forward_moves, backward_moves;
  for (const Cube2Turn& turn : turns) {
    forward_moves.push_back(Cube2FaceTurn(turn.face, turn.quarter_turns));
    backward_moves.push_back(Cube2Inverse(forward_moves.back()));
  }
  // Forward: state -> (parent, move), layers in lex order of their paths.
  absl::flat_hash_map<uint64_t, std::pair<uint64_t, int>> parent;
  std::vector<std::vector<Cube2State>> layers = {{state}};
  parent[Key(state)] = {0, -1};
  // Backward: exact distances to solved.
  absl::flat_hash_map<uint64_t, int> to_solved;
  std::vector<Cube2State> backward_layer;
  for (const Cube2State& r : Cube2Rotations()) {
    // U, R and F never move the piece at DBL: only a rotation of the goal with the start's DBL
    // piece there, twisted alike, can be reached (one of the 24).
    const Cube2State target = Cube2Multiply(goal, r);
    if (target.cp[kCube2FixedCorner] != start.cp[kCube2FixedCorner] ||
        target.co[kCube2FixedCorner] != start.co[kCube2FixedCorner]) {
      continue;
    }
    if (to_solved.emplace(Key(target), 0).second) backward_layer.push_back(target);
  }
  int backward_depth = 0;

  for (int d = 0;; ++d) {
    const int a = (d + 1) / 2, b = d - a;
    while (static_cast<int>(layers.size()) <= a) {
      std::vector<Cube2State> next;
      for (const Cube2State& s : layers.back()) {
        for (size_t m = 0; m < forward_moves.size(); ++m) {
          const Cube2State t = Cube2Multiply(s, forward_moves[m]);
          if (parent.emplace(Key(t), std::make_pair(Key(s), static_cast<int>(m))).second) {
            next.push_back(t);
          }
        }
      }
      layers.push_back(std::move(next));
    }
    while (backward_depth < b) {
      std::vector<Cube2State> next;
      for (const Cube2State& s : backward_layer) {
        for (const Cube2State& inverse : backward_moves) {
          const Cube2State t = Cube2Multiply(s, inverse);
          if (to_solved.emplace(Key(t), backward_depth + 1).second) next.push_back(t);
        }
      }
      backward_layer = std::move(next);
      ++backward_depth;
    }
    for (const Cube2State& meet : layers[a]) {
      auto it = to_solved.find(Key(meet));
      if (it == to_solved.end() || it->second != b) continue;
      std::vector<int> path;
      for (uint64_t key = Key(meet); parent.at(key).second >= 0; key = parent.at(key).first) {
        path.push_back(parent.at(key).second);
      }
      std::reverse(path.begin(), path.end());
      Cube2State s = meet;
      for (int left = b; left > 0; --left) {
        for (size_t m = 0; m < forward_moves.size(); ++m) {
          const Cube2State t = Cube2Multiply(s, forward_moves[m]);
          auto next = to_solved.find(Key(t));
          if (next != to_solved.end() && next->second == left - 1) {
            path.push_back(static_cast<int>(m));
            s = t;
            break;
          }
        }
      }
      return path;
    }
  }
}

}  // namespace puzzle
