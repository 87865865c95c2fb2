#include "puzzles/fifteen/fifteen_search.h"

#include <algorithm>
#include <array>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace puzzle {
namespace {

constexpr uint64_t kPollMask = 1023;  // poll the control every 1024 nodes

// Move tables: the blank's target cell per (cell, move), -1 off the board, and the Manhattan
// distance between two cells.
struct MoveTable {
  std::array<std::array<int8_t, kFifteenMoves>, kFifteenCells> target;
  std::array<std::array<uint8_t, kFifteenCells>, kFifteenCells> manhattan;
  MoveTable() {
    for (int c = 0; c < kFifteenCells; ++c) {
      for (int m = 0; m < kFifteenMoves; ++m) {
        target[c][m] = static_cast<int8_t>(FifteenMoveTarget(c, m));
      }
      for (int d = 0; d < kFifteenCells; ++d) {
        manhattan[c][d] = static_cast<uint8_t>(FifteenManhattan(c, d));
      }
    }
  }
};

const MoveTable& Moves() {
  static const MoveTable* const table = new MoveTable();
  return *table;
}

class PdbSearch {
 public:
  PdbSearch(const FifteenGoalPlan& plan, const FifteenRelabeled& query, SolveControl& control)
      : plan_(plan), moves_(Moves()), blank_label_(query.goal_blank), control_(control) {
    for (int c = 0; c < kFifteenCells; ++c) {
      board_[c] = query.labels[c];
      position_[query.labels[c]] = static_cast<uint8_t>(c);
      if (query.labels[c] == blank_label_) {
        blank_ = c;
      } else {
        manhattan_ += FifteenManhattan(c, query.labels[c]);
      }
    }
    for (int p = 0; p < plan_.partition_count; ++p) {
      const FifteenPartitionLookup& partition = plan_.partitions[p];
      sum_[p] = 0;
      for (int g = 0; g < partition.group_count; ++g) {
        index_[p][g] = partition.groups[g].Index(position_);
        value_[p][g] =
            static_cast<uint8_t>(FifteenPdbEntry(partition.groups[g].table, index_[p][g]));
        sum_[p] += value_[p][g];
      }
    }
  }

  absl::StatusOr<FifteenAnswer> Run() {
    int best = 0;
    for (int p = 0; p < plan_.partition_count; ++p) best = std::max(best, sum_[p]);
    bound_ = manhattan_ + 2 * best;
    while (true) {
      if (bound_ > kFifteenMaxSearchDepth) {
        return absl::InternalError(absl::StrCat("search bound ", bound_, " exceeds ",
                                                kFifteenMaxSearchDepth,
                                                " moves; the heuristic cannot be admissible"));
      }
      control_.MaybeReportProgress(Progress());
      next_bound_ = kInfinity;
      if (Dfs(0, -1)) break;
      if (stopped_) return control_.StopStatus(bound_, nodes_);
      bound_ = next_bound_;
    }
    FifteenAnswer answer;
    answer.solvable = true;
    answer.distance = length_;  // equals bound_ (see the header), recorded rather than assumed
    for (int i = 0; i < length_; ++i) answer.moves.push_back(kFifteenMoveChars[path_[i]]);
    answer.nodes = nodes_;
    return answer;
  }

 private:
  static constexpr int kInfinity = 1 << 20;

  SearchProgress Progress() const {
    SearchProgress p;
    p.bound = bound_;
    p.nodes = nodes_;
    return p;
  }

  // One child of the node being expanded, with its partitions' section indices computed (and
  // their bytes prefetched) before any child is evaluated, so the cache misses overlap. Only the
  // moved tile's group changes index in each partition.
  struct Child {
    int move;
    int target;
    int tile;
    int manhattan;
    int budget;  // bound - g - manhattan: the room left for 2 * (largest partition sum)
    uint64_t index[kFifteenMaxPartitions];
  };

  bool Dfs(int g, int previous) {
    if (manhattan_ == 0) {  // every tile home, so the blank too
      length_ = g;
      return true;
    }
    if ((++nodes_ & kPollMask) == 0) {
      if (control_.ShouldStop()) {
        stopped_ = true;
        return false;
      }
      control_.MaybeReportProgress(Progress());
    }
    const int child_g = g + 1;
    const int from = blank_;
    Child children[kFifteenMoves];
    int count = 0;
    for (int move = 0; move < kFifteenMoves; ++move) {
      if (move == FifteenInverseMove(previous)) continue;
      const int target = moves_.target[from][move];
      if (target < 0) continue;
      Child& child = children[count];
      child.move = move;
      child.target = target;
      child.tile = board_[target];
      child.manhattan =
          manhattan_ + moves_.manhattan[from][child.tile] - moves_.manhattan[target][child.tile];
      child.budget = bound_ - child_g - child.manhattan;
      if (child.budget < 0) {  // Manhattan distance alone prunes it
        next_bound_ = std::min(next_bound_, bound_ - child.budget);
        continue;
      }
      for (int p = 0; p < plan_.partition_count; ++p) {
        const FifteenPartitionLookup& partition = plan_.partitions[p];
        const int group = partition.group_of[child.tile];
        if (group < 0) continue;
        const FifteenGroupLookup& lookup = partition.groups[group];
        child.index[p] = lookup.IndexAfterMove(index_[p][group], board_, child.tile, target, from);
        __builtin_prefetch(lookup.table + (child.index[p] >> 1));
      }
      ++count;
    }
    for (int c = 0; c < count; ++c) {
      const Child& child = children[c];
      const int tile = child.tile;
      const int target = child.target;
      int new_sum[kFifteenMaxPartitions];
      int new_value[kFifteenMaxPartitions];
      bool pruned = false;
      for (int p = 0; p < plan_.partition_count; ++p) {
        const FifteenPartitionLookup& partition = plan_.partitions[p];
        const int group = partition.group_of[tile];
        if (group < 0) {
          new_sum[p] = sum_[p];
          new_value[p] = -1;
        } else {
          new_value[p] = FifteenPdbEntry(partition.groups[group].table, child.index[p]);
          new_sum[p] = sum_[p] - value_[p][group] + new_value[p];
        }
        if (2 * new_sum[p] > child.budget) {
          next_bound_ = std::min(next_bound_, bound_ - child.budget + 2 * new_sum[p]);
          pruned = true;
          break;
        }
      }
      if (pruned) continue;
      // Make the move.
      int old_value[kFifteenMaxPartitions];
      int old_sum[kFifteenMaxPartitions];
      uint64_t old_index[kFifteenMaxPartitions];
      for (int p = 0; p < plan_.partition_count; ++p) {
        old_sum[p] = sum_[p];
        sum_[p] = new_sum[p];
        if (new_value[p] >= 0) {
          const int group = plan_.partitions[p].group_of[tile];
          old_value[p] = value_[p][group];
          value_[p][group] = static_cast<uint8_t>(new_value[p]);
          old_index[p] = index_[p][group];
          index_[p][group] = child.index[p];
        }
      }
      const int old_manhattan = manhattan_;
      board_[from] = static_cast<uint8_t>(tile);
      board_[target] = static_cast<uint8_t>(blank_label_);
      position_[tile] = static_cast<uint8_t>(from);
      blank_ = target;
      manhattan_ = child.manhattan;
      path_[g] = static_cast<uint8_t>(child.move);
      if (Dfs(child_g, child.move)) return true;
      // Undo it.
      manhattan_ = old_manhattan;
      blank_ = from;
      board_[target] = static_cast<uint8_t>(tile);
      board_[from] = static_cast<uint8_t>(blank_label_);
      position_[tile] = static_cast<uint8_t>(target);
      for (int p = 0; p < plan_.partition_count; ++p) {
        sum_[p] = old_sum[p];
        if (new_value[p] >= 0) {
          const int group = plan_.partitions[p].group_of[tile];
          value_[p][group] = static_cast<uint8_t>(old_value[p]);
          index_[p][group] = old_index[p];
        }
      }
      if (stopped_) return false;
    }
    return false;
  }

  const FifteenGoalPlan& plan_;
  const MoveTable& moves_;
  const int blank_label_;
  SolveControl& control_;
  uint8_t board_[kFifteenCells] = {};     // label on each cell
  uint8_t position_[kFifteenCells] = {};  // cell of each label
  int blank_ = 0;
  int manhattan_ = 0;
  int sum_[kFifteenMaxPartitions] = {};
  uint8_t value_[kFifteenMaxPartitions][kFifteenMaxGroups] = {};
  // Each group's section index for the current board, kept up to date move by move
  // (FifteenGroupLookup::IndexAfterMove) instead of ranked afresh for every child.
  uint64_t index_[kFifteenMaxPartitions][kFifteenMaxGroups] = {};
  int bound_ = 0;
  int next_bound_ = 0;
  uint64_t nodes_ = 0;
  bool stopped_ = false;
  int length_ = 0;
  uint8_t path_[kFifteenMaxSearchDepth + 1] = {};
};

}  // namespace

absl::StatusOr<FifteenAnswer> SolveFifteen(const FifteenBoard& start, const FifteenBoard& goal,
                                           const FifteenHeuristic& heuristic,
                                           SolveControl& control) {
  const absl::Time began = absl::Now();
  if (!FifteenSolvable(start, goal)) {
    FifteenAnswer answer;
    answer.elapsed = absl::Now() - began;
    return answer;
  }
  const FifteenRelabeled query = RelabelFifteen(start, goal);
  PdbSearch search(heuristic.Plan(query.goal_blank), query, control);
  absl::StatusOr<FifteenAnswer> answer = search.Run();
  if (answer.ok()) answer->elapsed = absl::Now() - began;
  return answer;
}

}  // namespace puzzle
