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
  std::vector<puzzle::RelabeledQuery> parsed;
  std::vector<size_t> slots;
  for (size_t i = 0; i < queries.size(); ++i) {
    absl::StatusOr<puzzle::RelabeledQuery> query =
        puzzle::ParseEightQuery(queries[i].start, queries[i].goal);
    if (!query.ok()) {
      results[i].status = query.status();
      continue;
    }
    parsed.push_back(*query);
    slots.push_back(i);
  }
  std::vector<puzzle::EightAnswer> answers(parsed.size());
  const absl::Status status = solver_.SolveRelabeledBatch(parsed.data(), answers.data(), parsed.size());
  if (!status.ok()) return status;
  for (size_t k = 0; k < slots.size(); ++k) {
    EightResult& result = results[slots[k]];
    result.solvable = answers[k].solvable;
    result.distance = answers[k].distance;
    result.moves = std::string(answers[k].moves());
  }
  return results;
}

}  // namespace client
