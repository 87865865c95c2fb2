#include "puzzle/puzzle.h"

#include <utility>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace puzzle {

void Solver::SolveBatch(absl::Span<const Query> queries, SolveControl& control,
                        absl::Span<absl::Status> statuses, absl::Span<Answer> answers) const {
  for (size_t i = 0; i < queries.size(); ++i) {
    statuses[i] = Solve(queries[i], control, &answers[i]);
    if (control.ShouldStop()) {
      // What is left was not started: it gets the reason the batch stopped.
      for (size_t j = i + 1; j < queries.size(); ++j) statuses[j] = control.NotStartedStatus();
      return;
    }
  }
}

SolveExample MakeSolveExample(std::string start, std::string goal, int distance,
                              std::string moves) {
  SolveExample e;
  e.start = std::move(start);
  e.goal = std::move(goal);
  e.answer.solvable = distance >= 0;
  e.answer.distance = distance;
  e.answer.moves = std::move(moves);
  return e;
}

namespace {

// The index of `value` in `choices` (0 when empty), or InvalidArgument naming `field`.
absl::StatusOr<int> ChoiceIndex(absl::string_view field, absl::Span<const std::string> choices,
                                absl::string_view value) {
  if (value.empty()) return 0;
  for (size_t i = 0; i < choices.size(); ++i) {
    if (choices[i] == value) return static_cast<int>(i);
  }
  const std::string shown = absl::CHexEscape(value.substr(0, 16));
  if (choices.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        field, ": '", shown, "'; this puzzle has a single ", field, ": leave it empty"));
  }
  return absl::InvalidArgumentError(
      absl::StrCat(field, ": '", shown, "'; expected one of ", absl::StrJoin(choices, ", ")));
}

}  // namespace

absl::StatusOr<int> MetricIndex(absl::Span<const std::string> metrics, absl::string_view metric) {
  return ChoiceIndex("metric", metrics, metric);
}

absl::StatusOr<int> ModeIndex(absl::Span<const std::string> modes, absl::string_view mode) {
  return ChoiceIndex("mode", modes, mode);
}

absl::Status CheckNoAnswerLimits(const Query& query) {
  if (query.max_length != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "max_length: ", query.max_length, "; this puzzle's answers are the shortest: leave it 0"));
  }
  if (query.time_budget != absl::ZeroDuration()) {
    return absl::InvalidArgumentError(
        absl::StrCat("time_budget_ms: ", absl::ToInt64Milliseconds(query.time_budget),
                     "; this puzzle's answers are the shortest: leave it 0"));
  }
  return absl::OkStatus();
}

namespace {

// CheckAnswerShape with the answer's moves already counted.
absl::Status CheckShape(const Answer& answer, bool solvable, size_t move_count) {
  if (answer.solvable != solvable) {
    return absl::InternalError(
        absl::StrCat("solvable is ", answer.solvable, "; the boards' parities say ", solvable));
  }
  if (!answer.solvable) {
    if (answer.distance == -1 && answer.moves.empty()) return absl::OkStatus();
    return absl::InternalError("an unsolvable answer must have distance -1 and no moves");
  }
  if (move_count != static_cast<size_t>(answer.distance)) {
    return absl::InternalError(
        absl::StrCat("distance ", answer.distance, " but ", move_count, " moves"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckAnswerShape(const Answer& answer, bool solvable) {
  return CheckShape(answer, solvable, answer.moves.size());
}

absl::Status CheckAnswerShape(const Answer& answer, bool solvable, const PuzzleInfo& info) {
  return CheckShape(answer, solvable, CountMoves(info, answer.moves));
}

std::vector<std::string> SplitMoves(const PuzzleInfo& info, absl::string_view moves) {
  std::vector<std::string> out;
  if (info.move_separator.empty()) {
    for (char c : moves) out.emplace_back(1, c);
    return out;
  }
  for (absl::string_view token : absl::StrSplit(moves, info.move_separator, absl::SkipEmpty())) {
    out.emplace_back(token);
  }
  return out;
}

size_t CountMoves(const PuzzleInfo& info, absl::string_view moves) {
  if (info.move_separator.empty()) return moves.size();
  return SplitMoves(info, moves).size();
}

void TableSet::Add(const std::string& table_name, const TableFile* file) {
  tables_.emplace_back(table_name, file);
}

const TableFile* TableSet::Find(absl::string_view table_name) const {
  for (const auto& [name, file] : tables_) {
    if (name == table_name) return file;
  }
  return nullptr;
}

absl::StatusOr<const TableFile*> TableSet::Get(absl::string_view puzzle,
                                               absl::string_view table_name) const {
  const TableFile* file = Find(table_name);
  if (file == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat(puzzle, ": table '", table_name, "' is not loaded"));
  }
  return file;
}

}  // namespace puzzle
