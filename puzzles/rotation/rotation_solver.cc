#include "puzzles/rotation/rotation_solver.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace puzzle {

absl::StatusOr<RotationAnswer> RotationSolver::Solve(const RotationBoard& board) const {
  uint32_t sets[kRotationSymbols + 1];
  int distances[kRotationSymbols + 1];
  int best = kRotationMaxStoredDistance + 1;
  for (int symbol = 1; symbol <= kRotationSymbols; ++symbol) {
    sets[symbol] = board.CellSet(symbol);
    distances[symbol] = table_->Distance(RankCellSet(sets[symbol]));
    if (distances[symbol] < best) best = distances[symbol];
  }
  RotationAnswer answer;
  answer.distance = best;
  bool found = false;
  for (int symbol = 1; symbol <= kRotationSymbols; ++symbol) {
    if (distances[symbol] != best) continue;
    std::string moves;
    uint32_t set = sets[symbol];
    for (int remaining = best; remaining > 0; --remaining) {
      int op = 0;
      uint32_t next = 0;
      for (; op < kRotationOps; ++op) {
        next = ApplyRotationOpToMask(set, op);
        if (table_->Distance(RankCellSet(next)) == remaining - 1) break;
      }
      if (op == kRotationOps) {
        return absl::DataLossError(absl::StrCat("rotation table: no op brings the set of symbol ",
                                                symbol, " from distance ", remaining, " to ",
                                                remaining - 1, "; the table is inconsistent"));
      }
      moves.push_back(RotationOpChar(op));
      set = next;
    }
    if (set != kRotationCentreMask) {
      return absl::DataLossError(
          "rotation table: a walk to distance 0 did not fill the centre; "
          "the table is inconsistent");
    }
    if (!found || moves < answer.moves) {
      answer.moves = std::move(moves);
      answer.centre = symbol;
      found = true;
    }
  }
  return answer;
}

absl::StatusOr<RotationAnswer> RotationSolver::SolveText(absl::string_view text) const {
  absl::StatusOr<RotationBoard> board = ParseRotationBoard(text, "board");
  if (!board.ok()) return board.status();
  return Solve(*board);
}

}  // namespace puzzle
