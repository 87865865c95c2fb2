// Fuzz target: the board parser, puzzle::ParseEightBoard, and the query parser on top of it.
//
// The input is a board as a user would type it. Properties checked for every input:
//   - a parsed board is a permutation of 0..8, survives Format -> Parse unchanged, and relabels
//     against itself to its own seed (distance 0, solvable);
//   - a rejected board is InvalidArgument, its message starts with the field name and stays
//     short however long or binary the input is (the parser quotes at most a few characters);
//   - split at the first '\n' into start and goal, puzzle::ParseEightQuery accepts exactly when
//     both halves parse on their own (a blank goal meaning 12345678X).
#include <array>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "fuzz/fuzz_check.h"
#include "puzzles/eight/eight_board.h"
#include "puzzles/eight/eight_solver.h"

namespace {

// Longest message the parser may produce: the field, a quoted symbol of at most 12 escaped
// characters (4 bytes each), its length, and the fixed wording.
constexpr size_t kMaxMessage = 256;

void CheckRejection(const absl::Status& status, absl::string_view field) {
  FUZZ_CHECK(status.code() == absl::StatusCode::kInvalidArgument, status.ToString());
  FUZZ_CHECK(absl::StartsWith(status.message(), absl::StrCat(field, ": ")), status.ToString());
  FUZZ_CHECK(status.message().size() <= kMaxMessage, status.ToString());
}

void CheckBoard(const puzzle::EightBoard& board) {
  std::array<bool, puzzle::kEightCells> seen{};
  for (uint8_t cell : board.cells) {
    FUZZ_CHECK(cell < puzzle::kEightCells && !seen[cell], puzzle::FormatEightBoard(board));
    seen[cell] = true;
  }
  const std::string text = puzzle::FormatEightBoard(board);
  absl::StatusOr<puzzle::EightBoard> again = puzzle::ParseEightBoard(text, "start");
  FUZZ_CHECK(again.ok() && *again == board, text);
  const puzzle::RelabeledQuery self = puzzle::Relabel(board, board);
  FUZZ_CHECK(self.seed == board.BlankCell(), text);
  FUZZ_CHECK(self.solvable && self.goal == puzzle::EightState::Seed(self.seed), text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text = fuzz::AsText(data, size);

  absl::StatusOr<puzzle::EightBoard> board = puzzle::ParseEightBoard(text, "start");
  if (board.ok()) {
    CheckBoard(*board);
  } else {
    CheckRejection(board.status(), "start");
  }

  const size_t newline = text.find('\n');
  if (newline == absl::string_view::npos) return 0;
  const absl::string_view start = text.substr(0, newline);
  const absl::string_view goal = text.substr(newline + 1);
  absl::StatusOr<puzzle::EightBoard> start_board = puzzle::ParseEightBoard(start, "start");
  const bool goal_blank = absl::StripAsciiWhitespace(goal).empty();
  absl::StatusOr<puzzle::EightBoard> goal_board =
      goal_blank ? puzzle::StandardEightGoal() : puzzle::ParseEightBoard(goal, "goal");
  absl::StatusOr<puzzle::RelabeledQuery> query = puzzle::ParseEightQuery(start, goal);
  if (!start_board.ok()) {
    FUZZ_CHECK(!query.ok() && query.status() == start_board.status(), query.status().ToString());
  } else if (!goal_board.ok()) {
    FUZZ_CHECK(!query.ok() && query.status() == goal_board.status(), query.status().ToString());
    CheckRejection(query.status(), "goal");
  } else {
    FUZZ_CHECK(query.ok(), query.status().ToString());
    const puzzle::RelabeledQuery expected = puzzle::Relabel(*start_board, *goal_board);
    FUZZ_CHECK(query->seed == expected.seed && query->goal == expected.goal &&
                   query->solvable == expected.solvable,
               std::string(text));
    FUZZ_CHECK(
        query->seed == start_board->BlankCell() && query->goal.blank == goal_board->BlankCell(),
        std::string(text));
  }
  return 0;
}
