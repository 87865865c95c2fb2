#include "server/eight_query_handler.h"

#include <vector>

#include "server/status_conversion.h"

namespace server {

EightQueryHandler::EightQueryHandler(const puzzle::EightTable* table,
                                     api::GetTableInfoResponse table_info, RequestLimits limits)
    : solver_(table), table_info_(std::move(table_info)), limits_(limits) {}

namespace {

void SetAnswer(const puzzle::EightAnswer& answer, api::SolveResponse* response) {
  response->set_solvable(answer.solvable);
  response->set_distance(answer.distance);
  const absl::string_view moves = answer.moves();
  response->set_moves(moves.data(), moves.size());
}

}  // namespace

absl::Status EightQueryHandler::Solve(const api::SolveRequest& request,
                                      api::SolveResponse* response) const {
  absl::StatusOr<puzzle::EightAnswer> answer = solver_.SolveText(request.start(), request.goal());
  if (!answer.ok()) return answer.status();
  SetAnswer(*answer, response);
  return absl::OkStatus();
}

void EightQueryHandler::SolveItems(
    const google::protobuf::RepeatedPtrField<api::SolveItem>& items,
    google::protobuf::RepeatedPtrField<api::SolveItemResult>* results) const {
  // Parse every item first, then solve the well-formed ones in one interleaved batch.
  results->Reserve(items.size());
  std::vector<puzzle::RelabeledQuery> queries;
  std::vector<api::SolveItemResult*> slots;
  queries.reserve(items.size());
  slots.reserve(items.size());
  for (const api::SolveItem& item : items) {
    api::SolveItemResult* result = results->Add();
    result->set_id(item.id());
    absl::StatusOr<puzzle::RelabeledQuery> query = puzzle::ParseEightQuery(item.start(), item.goal());
    if (!query.ok()) {
      SetItemError(query.status(), result);
      continue;
    }
    queries.push_back(*query);
    slots.push_back(result);
  }
  std::vector<puzzle::EightAnswer> answers(queries.size());
  const absl::Status status = solver_.SolveRelabeledBatch(queries.data(), answers.data(), queries.size());
  for (size_t i = 0; i < slots.size(); ++i) {
    if (!status.ok()) {
      SetItemError(status, slots[i]);
    } else {
      SetAnswer(answers[i], slots[i]->mutable_answer());
    }
  }
}

}  // namespace server
