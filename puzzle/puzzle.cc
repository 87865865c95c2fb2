#include "puzzle/puzzle.h"

#include <utility>

#include "absl/strings/str_cat.h"

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

absl::Status CheckAnswerShape(const Answer& answer, bool solvable) {
  if (answer.solvable != solvable) {
    return absl::InternalError(
        absl::StrCat("solvable is ", answer.solvable, "; the boards' parities say ", solvable));
  }
  if (!answer.solvable) {
    if (answer.distance == -1 && answer.moves.empty()) return absl::OkStatus();
    return absl::InternalError("an unsolvable answer must have distance -1 and no moves");
  }
  if (answer.moves.size() != static_cast<size_t>(answer.distance)) {
    return absl::InternalError(
        absl::StrCat("distance ", answer.distance, " but ", answer.moves.size(), " moves"));
  }
  return absl::OkStatus();
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
