#include "client/eight_oracle.h"

namespace client {

absl::StatusOr<std::unique_ptr<LocalEightOracle>> LocalEightOracle::Open(
    const std::string& table_path) {
  absl::StatusOr<puzzle::EightTable> table = puzzle::EightTable::Load(table_path);
  if (!table.ok()) return table.status();
  return std::unique_ptr<LocalEightOracle>(new LocalEightOracle(*std::move(table)));
}

absl::StatusOr<std::vector<EightResult>> LocalEightOracle::SolveMany(
    const std::vector<EightQuery>& queries) {
  std::vector<EightResult> results(queries.size());
  for (size_t i = 0; i < queries.size(); ++i) {
    absl::StatusOr<puzzle::EightAnswer> answer =
        solver_.SolveText(queries[i].start, queries[i].goal);
    if (!answer.ok()) {
      results[i].status = answer.status();
      continue;
    }
    results[i].solvable = answer->solvable;
    results[i].distance = answer->distance;
    results[i].moves = std::string(answer->moves());
  }
  return results;
}

}  // namespace client
