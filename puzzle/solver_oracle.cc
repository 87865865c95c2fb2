#include "puzzle/solver_oracle.h"

namespace puzzle {

absl::StatusOr<std::vector<OracleResult>> SolverOracle::SolveMany(
    const std::vector<QueryText>& queries) {
  std::vector<Query> views;
  views.reserve(queries.size());
  for (const QueryText& q : queries)
    views.push_back(Query{q.start, q.goal, q.metric, q.mode, q.max_length, q.time_budget});
  std::vector<absl::Status> statuses(queries.size());
  std::vector<Answer> answers(queries.size());
  SolveControl control;
  control.set_batch_threads(batch_threads_);
  solver_->SolveBatch(views, control, absl::MakeSpan(statuses), absl::MakeSpan(answers));
  std::vector<OracleResult> results(queries.size());
  for (size_t i = 0; i < queries.size(); ++i) {
    results[i].status = std::move(statuses[i]);
    results[i].answer = std::move(answers[i]);
  }
  return results;
}

}  // namespace puzzle
