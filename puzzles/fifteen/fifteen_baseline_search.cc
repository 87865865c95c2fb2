#include "puzzles/fifteen/fifteen_baseline_search.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace puzzle {
namespace {

constexpr uint64_t kPollMask = 4095;  // poll the control every 4096 nodes
constexpr int kOutside = 4;           // line-table code of a cell whose tile belongs elsewhere

// Linear-conflict penalty of one line of four cells, indexed by sum code[i] * 5^i, where code[i]
// is the goal position (0..3) along the line of the tile on the line's i-th cell when that tile's
// goal is on this line, else kOutside. Penalty = 2 * (tiles of the line - longest increasing
// subsequence of their goal positions).
struct LineTable {
  std::array<uint8_t, 625> penalty;
  LineTable() {
    for (int key = 0; key < 625; ++key) {
      int codes[4];
      int k = key;
      for (int i = 0; i < 4; ++i, k /= 5) codes[i] = k % 5;
      int count = 0;
      int lis[4];  // lis[i] = longest increasing subsequence ending at i
      int longest = 0;
      for (int i = 0; i < 4; ++i) {
        if (codes[i] == kOutside) continue;
        ++count;
        lis[i] = 1;
        for (int j = 0; j < i; ++j) {
          if (codes[j] != kOutside && codes[j] < codes[i]) lis[i] = std::max(lis[i], lis[j] + 1);
        }
        longest = std::max(longest, lis[i]);
      }
      penalty[key] = static_cast<uint8_t>(2 * (count - longest));
    }
  }
};

const LineTable& Lines() {
  static const LineTable* const table = new LineTable();
  return *table;
}

int Manhattan(int cell, int label) {
  return std::abs(cell / 4 - label / 4) + std::abs(cell % 4 - label % 4);
}

class BaselineSearch {
 public:
  BaselineSearch(const FifteenRelabeled& query, SolveControl& control)
      : labels_(query.labels), blank_label_(query.goal_blank), control_(control) {
    for (int c = 0; c < kFifteenCells; ++c) {
      if (labels_[c] == blank_label_) {
        blank_ = c;
      } else {
        manhattan_ += Manhattan(c, labels_[c]);
      }
    }
    for (int line = 0; line < 4; ++line) {
      row_penalty_[line] = RowPenalty(line);
      column_penalty_[line] = ColumnPenalty(line);
    }
  }

  int H() const {
    int h = manhattan_;
    for (int line = 0; line < 4; ++line) h += row_penalty_[line] + column_penalty_[line];
    return h;
  }

  absl::StatusOr<FifteenAnswer> Run() {
    FifteenAnswer answer;
    answer.solvable = true;
    bound_ = H();
    while (true) {
      if (bound_ > kFifteenMaxSearchDepth) {
        return absl::InternalError(
            absl::StrCat("search bound ", bound_, " exceeds ", kFifteenMaxSearchDepth, " moves"));
      }
      next_bound_ = kInfinity;
      if (Dfs(0, -1)) break;
      if (stopped_) return control_.StopStatus(bound_, nodes_);
      bound_ = next_bound_;
      control_.MaybeReportProgress(Progress());
    }
    answer.distance = bound_;
    for (int i = 0; i < bound_; ++i) answer.moves.push_back(kFifteenMoveChars[path_[i]]);
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

  int RowPenalty(int row) const {
    int key = 0;
    for (int i = 3; i >= 0; --i) {
      const int label = labels_[row * 4 + i];
      const int code = label != blank_label_ && label / 4 == row ? label % 4 : kOutside;
      key = key * 5 + code;
    }
    return Lines().penalty[key];
  }

  int ColumnPenalty(int column) const {
    int key = 0;
    for (int i = 3; i >= 0; --i) {
      const int label = labels_[i * 4 + column];
      const int code = label != blank_label_ && label % 4 == column ? label / 4 : kOutside;
      key = key * 5 + code;
    }
    return Lines().penalty[key];
  }

  // Moves the tile on `target` into the blank at blank_ and updates the heuristic's parts.
  void Slide(int target, int move) {
    const int from = blank_;
    const int tile = labels_[target];
    manhattan_ += Manhattan(from, tile) - Manhattan(target, tile);
    labels_[from] = static_cast<uint8_t>(tile);
    labels_[target] = static_cast<uint8_t>(blank_label_);
    blank_ = target;
    if (move == 0 || move == 3) {  // vertical: the tile changes row, keeps its column order
      row_penalty_[from / 4] = RowPenalty(from / 4);
      row_penalty_[target / 4] = RowPenalty(target / 4);
    } else {
      column_penalty_[from % 4] = ColumnPenalty(from % 4);
      column_penalty_[target % 4] = ColumnPenalty(target % 4);
    }
  }

  bool Dfs(int g, int previous) {
    const int h = H();
    const int f = g + h;
    if (f > bound_) {
      next_bound_ = std::min(next_bound_, f);
      return false;
    }
    if (h == 0) return true;  // Manhattan 0: every tile, hence the blank, is home
    if ((++nodes_ & kPollMask) == 0) {
      if (control_.ShouldStop()) {
        stopped_ = true;
        return false;
      }
      control_.MaybeReportProgress(Progress());
    }
    for (int move = 0; move < kFifteenMoves; ++move) {
      if (previous >= 0 && move == FifteenInverseMove(previous)) continue;
      const int target = FifteenMoveTarget(blank_, move);
      if (target < 0) continue;
      const int from = blank_;
      Slide(target, move);
      path_[g] = static_cast<uint8_t>(move);
      if (Dfs(g + 1, move)) return true;
      Slide(from, FifteenInverseMove(move));
      if (stopped_) return false;
    }
    return false;
  }

  std::array<uint8_t, kFifteenCells> labels_;
  const int blank_label_;
  SolveControl& control_;
  int blank_ = 0;
  int manhattan_ = 0;
  std::array<int, 4> row_penalty_{};
  std::array<int, 4> column_penalty_{};
  int bound_ = 0;
  int next_bound_ = 0;
  uint64_t nodes_ = 0;
  bool stopped_ = false;
  std::array<uint8_t, kFifteenMaxSearchDepth + 1> path_{};
};

}  // namespace

absl::StatusOr<FifteenAnswer> SolveFifteenBaseline(const FifteenBoard& start,
                                                   const FifteenBoard& goal,
                                                   SolveControl& control) {
  const absl::Time began = absl::Now();
  if (!FifteenSolvable(start, goal)) {
    FifteenAnswer answer;
    answer.elapsed = absl::Now() - began;
    return answer;
  }
  BaselineSearch search(RelabelFifteen(start, goal), control);
  absl::StatusOr<FifteenAnswer> answer = search.Run();
  if (answer.ok()) answer->elapsed = absl::Now() - began;
  return answer;
}

int FifteenManhattanLinearConflict(const FifteenBoard& start, const FifteenBoard& goal) {
  SolveControl control;
  return BaselineSearch(RelabelFifteen(start, goal), control).H();
}

}  // namespace puzzle
