#include "puzzle/eight_solver.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

namespace puzzle {

absl::StatusOr<EightAnswer> EightSolver::SolveRelabeled(const RelabeledQuery& query) const {
  EightAnswer answer;
  if (!query.solvable) return answer;
  const EightState seed = EightState::Seed(query.seed);
  EightState state = query.goal;
  uint32_t rank = RankEvenTileOrder(state.tiles);
  int length = 0;
  while (state != seed) {
    if (length == kEightMaxDistance) {
      return absl::DataLossError(absl::StrCat("table walk from seed ", query.seed,
                                              " exceeded ", kEightMaxDistance,
                                              " steps; the table is inconsistent"));
    }
    const Move last = table_->LastMove(query.seed, state.blank * kEvenTileOrders + rank);
    const Move back = OppositeMove(last);
    if (!CanMove(state, back)) {
      return absl::DataLossError(absl::StrCat("table entry for seed ", query.seed, " names move '",
                                              std::string(1, MoveChar(last)),
                                              "', which cannot end with the blank at cell ",
                                              state.blank, "; the table is inconsistent"));
    }
    answer.move_chars[length++] = MoveChar(last);
    state = ApplyMove(state, back);
    // Horizontal moves keep the tile order, hence the rank.
    if (IsVertical(last)) rank = RankEvenTileOrder(state.tiles);
  }
  std::reverse(answer.move_chars.begin(), answer.move_chars.begin() + length);
  answer.solvable = true;
  answer.distance = length;
  return answer;
}

absl::StatusOr<EightAnswer> EightSolver::Solve(const EightBoard& start,
                                               const EightBoard& goal) const {
  return SolveRelabeled(Relabel(start, goal));
}

absl::StatusOr<EightAnswer> EightSolver::SolveText(absl::string_view start,
                                                   absl::string_view goal) const {
  absl::StatusOr<EightBoard> start_board = ParseEightBoard(start, "start");
  if (!start_board.ok()) return start_board.status();
  EightBoard goal_board = StandardEightGoal();
  if (!absl::StripAsciiWhitespace(goal).empty()) {
    absl::StatusOr<EightBoard> parsed = ParseEightBoard(goal, "goal");
    if (!parsed.ok()) return parsed.status();
    goal_board = *parsed;
  }
  return Solve(*start_board, goal_board);
}

}  // namespace puzzle
