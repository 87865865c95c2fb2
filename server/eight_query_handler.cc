#include "server/eight_query_handler.h"

#include <vector>

#include "absl/strings/str_cat.h"

namespace server {

EightQueryHandler::EightQueryHandler(const puzzle::EightTable* table,
                                     api::TableDescription description, int max_batch_size,
                                     int max_message_size)
    : solver_(table),
      description_(std::move(description)),
      max_batch_size_(max_batch_size),
      max_message_size_(max_message_size) {}

namespace {

void SetAnswer(const puzzle::EightAnswer& answer, api::SolveResponse* response) {
  response->set_solvable(answer.solvable);
  response->set_distance(answer.distance);
  const absl::string_view moves = answer.moves();
  response->set_moves(moves.data(), moves.size());
}

void SetItemError(const absl::Status& status, api::SolveItemResult* result) {
  result->clear_answer();
  result->set_code(static_cast<int>(status.code()));
  result->set_error(std::string(status.message()));
}

}  // namespace

absl::Status EightQueryHandler::Solve(const api::SolveRequest& request,
                                      api::SolveResponse* response) const {
  absl::StatusOr<puzzle::EightAnswer> answer = solver_.SolveText(request.start(), request.goal());
  if (!answer.ok()) return answer.status();
  SetAnswer(*answer, response);
  return absl::OkStatus();
}

absl::Status EightQueryHandler::CheckBatchSize(int items) const {
  if (items <= max_batch_size_) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("batch has ", items,
                                                 " items; the server's limit is ",
                                                 max_batch_size_, " (--max_batch_size)"));
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

void EightQueryHandler::DescribeTables(api::GetTableInfoResponse* response) const {
  *response->add_tables() = description_;
  response->set_max_batch_size(static_cast<uint32_t>(max_batch_size_));
  response->set_max_message_size(static_cast<uint32_t>(max_message_size_));
}

}  // namespace server
