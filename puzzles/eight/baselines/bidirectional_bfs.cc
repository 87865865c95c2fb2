#include "puzzles/eight/baselines/bidirectional_bfs.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "puzzles/eight/baselines/board_checks.h"

namespace baselines {
namespace {

constexpr int kCells = 9;
constexpr uint32_t kBoards = 362880;                 // 9!
constexpr uint32_t kMaxGeneration = (1u << 26) - 1;  // 32 bits minus side and depth
constexpr int kDelta[4] = {3, -1, 1, -3};            // d, l, r, u
constexpr uint32_t kFactorial[kCells] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};

// Lehmer rank of a permutation of 0..8, in [0, 9!).
uint32_t Rank(const std::array<uint8_t, kCells>& cells) {
  uint32_t seen = 0;
  uint32_t rank = 0;
  for (int i = 0; i < kCells; ++i) {
    const uint32_t value = cells[i];
    const uint32_t smaller_unseen =
        value - static_cast<uint32_t>(__builtin_popcount(seen & ((1u << value) - 1)));
    rank += smaller_unseen * kFactorial[kCells - 1 - i];
    seen |= 1u << value;
  }
  return rank;
}

}  // namespace

BidirectionalBfs::BidirectionalBfs() : marks_(kBoards, 0) {
  for (std::vector<Node>& f : frontier_) f.reserve(1 << 14);
  next_.reserve(1 << 14);
}

void BidirectionalBfs::NextGeneration() {
  if (generation_ == kMaxGeneration) {
    std::fill(marks_.begin(), marks_.end(), 0);
    generation_ = 0;
  }
  ++generation_;
}

absl::StatusOr<int> BidirectionalBfs::Distance(const puzzle::EightBoard& start,
                                               const puzzle::EightBoard& goal) {
  absl::Status status = CheckBoard(start, "start");
  if (!status.ok()) return status;
  status = CheckBoard(goal, "goal");
  if (!status.ok()) return status;
  if (!SameTileParity(start, goal)) return -1;
  if (start == goal) return 0;

  NextGeneration();
  const uint32_t stamp = generation_ << 6;
  int depth[2] = {0, 0};
  const puzzle::EightBoard* ends[2] = {&start, &goal};
  for (int side = 0; side < 2; ++side) {
    Node node{ends[side]->cells, static_cast<uint8_t>(ends[side]->BlankCell())};
    frontier_[side].assign(1, node);
    marks_[Rank(node.cells)] = stamp | static_cast<uint32_t>(side) << 5;
  }
  while (!frontier_[0].empty() && !frontier_[1].empty()) {
    const int side = frontier_[0].size() <= frontier_[1].size() ? 0 : 1;
    const uint32_t child_mark =
        stamp | static_cast<uint32_t>(side) << 5 | static_cast<uint32_t>(depth[side] + 1);
    next_.clear();
    for (const Node& node : frontier_[side]) {
      for (int move = 0; move < 4; ++move) {
        if (!LegalMove(node.blank, move)) continue;
        Node child = node;
        const int to = node.blank + kDelta[move];
        child.cells[node.blank] = node.cells[to];
        child.cells[to] = 0;
        child.blank = static_cast<uint8_t>(to);
        uint32_t& mark = marks_[Rank(child.cells)];
        if ((mark >> 6) == generation_) {
          const int mark_side = static_cast<int>(mark >> 5) & 1;
          if (mark_side != side) return depth[side] + 1 + static_cast<int>(mark & 31);
          continue;  // already reached from this side, at most as deep
        }
        mark = child_mark;
        next_.push_back(child);
      }
    }
    std::swap(frontier_[side], next_);
    ++depth[side];
  }
  // Equal parity means the searches meet before either side runs out; kept for safety.
  return -1;
}

}  // namespace baselines
