#include "puzzles/eight/baselines/ida_star.h"

#include <algorithm>
#include <limits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "puzzles/eight/baselines/board_checks.h"

namespace baselines {
namespace {

constexpr int kCells = 9;
constexpr int kNoMove = 4;
// Moves in lexicographic order: where the blank goes, as a change of its cell index.
constexpr char kMoveChar[4] = {'d', 'l', 'r', 'u'};
constexpr int kDelta[4] = {3, -1, 1, -3};
// The move that undoes each move; kNoMove (at the root) undoes nothing.
constexpr int kUndo[5] = {3, 2, 1, 0, -1};

constexpr int CellDistance(int a, int b) {
  const int rows = a / 3 > b / 3 ? a / 3 - b / 3 : b / 3 - a / 3;
  const int cols = a % 3 > b % 3 ? a % 3 - b % 3 : b % 3 - a % 3;
  return rows + cols;
}

// One query's search: the board being searched, mutated in place along the current path.
class Search {
 public:
  Search(const puzzle::EightBoard& start, const puzzle::EightBoard& goal) {
    int goal_cell[kCells] = {};
    for (int i = 0; i < kCells; ++i) goal_cell[goal.cells[i]] = i;
    for (int tile = 0; tile < kCells; ++tile) {
      for (int cell = 0; cell < kCells; ++cell) {
        distance_[tile][cell] = tile == 0 ? 0 : CellDistance(cell, goal_cell[tile]);
      }
    }
    for (int i = 0; i < kCells; ++i) {
      cells_[i] = start.cells[i];
      if (cells_[i] == 0) blank_ = i;
    }
  }

  // Fills `answer` (distance, moves, nodes). REQUIRES: the goal is reachable.
  absl::Status Run(IdaStarAnswer* answer) {
    int h = 0;
    for (int i = 0; i < kCells; ++i) h += distance_[cells_[i]][i];
    bound_ = h;
    while (true) {
      next_bound_ = std::numeric_limits<int>::max();
      if (Dfs(0, h, kNoMove)) break;
      if (next_bound_ > kIdaStarMaxDistance) {
        return absl::InternalError(absl::StrCat("IDA*: no path within ", kIdaStarMaxDistance,
                                                " moves, though the boards have equal parity"));
      }
      bound_ = next_bound_;
    }
    answer->solvable = true;
    answer->distance = found_length_;
    answer->nodes = nodes_;
    std::copy(path_, path_ + found_length_, answer->move_chars.begin());
    return absl::OkStatus();
  }

 private:
  // Searches below the current board, reached in `g` moves, last move `previous`, heuristic `h`.
  // True when the goal is found (the board and path_ are then left at the goal).
  // REQUIRES: g + h <= bound_ <= kIdaStarMaxDistance.
  bool Dfs(int g, int h, int previous) {
    if (h == 0) {  // Manhattan distance 0: every tile is home, so the board is the goal
      found_length_ = g;
      return true;
    }
    for (int move = 0; move < 4; ++move) {
      if (move == kUndo[previous] || !LegalMove(blank_, move)) continue;
      const int from = blank_;
      const int to = from + kDelta[move];
      const int tile = cells_[to];
      const int child_h = h - distance_[tile][to] + distance_[tile][from];
      const int f = g + 1 + child_h;
      ++nodes_;
      if (f > bound_) {
        next_bound_ = std::min(next_bound_, f);
        continue;
      }
      cells_[from] = static_cast<uint8_t>(tile);
      cells_[to] = 0;
      blank_ = to;
      path_[g] = kMoveChar[move];
      if (Dfs(g + 1, child_h, move)) return true;
      cells_[to] = static_cast<uint8_t>(tile);
      cells_[from] = 0;
      blank_ = from;
    }
    return false;
  }

  uint8_t cells_[kCells];
  int blank_ = 0;
  int distance_[kCells][kCells];  // tile -> cell -> Manhattan distance to the tile's goal cell
  int bound_ = 0;
  int next_bound_ = 0;
  int found_length_ = 0;
  int64_t nodes_ = 0;
  char path_[kIdaStarMaxDistance];
};

}  // namespace

absl::StatusOr<IdaStarAnswer> IdaStarSolve(const puzzle::EightBoard& start,
                                           const puzzle::EightBoard& goal) {
  absl::Status status = CheckBoard(start, "start");
  if (!status.ok()) return status;
  status = CheckBoard(goal, "goal");
  if (!status.ok()) return status;
  IdaStarAnswer answer;
  if (!SameTileParity(start, goal)) return answer;
  Search search(start, goal);
  status = search.Run(&answer);
  if (!status.ok()) return status;
  return answer;
}

}  // namespace baselines
