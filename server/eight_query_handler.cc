#include "server/eight_query_handler.h"

#include "absl/strings/str_cat.h"

namespace server {

EightQueryHandler::EightQueryHandler(const puzzle::EightTable* table,
                                     api::TableDescription description, int max_batch_size,
                                     int max_message_size)
    : solver_(table),
      description_(std::move(description)),
      max_batch_size_(max_batch_size),
      max_message_size_(max_message_size) {}

absl::Status EightQueryHandler::SolveBoards(const std::string& start, const std::string& goal,
                                            api::SolveResponse* response) const {
  absl::StatusOr<puzzle::EightAnswer> answer = solver_.SolveText(start, goal);
  if (!answer.ok()) return answer.status();
  response->set_solvable(answer->solvable);
  response->set_distance(answer->distance);
  const absl::string_view moves = answer->moves();
  response->set_moves(moves.data(), moves.size());
  return absl::OkStatus();
}

absl::Status EightQueryHandler::Solve(const api::SolveRequest& request,
                                      api::SolveResponse* response) const {
  return SolveBoards(request.start(), request.goal(), response);
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
  results->Reserve(items.size());
  for (const api::SolveItem& item : items) {
    api::SolveItemResult* result = results->Add();
    result->set_id(item.id());
    const absl::Status status = SolveBoards(item.start(), item.goal(), result->mutable_answer());
    if (!status.ok()) {
      result->clear_answer();
      result->set_code(static_cast<int>(status.code()));
      result->set_error(std::string(status.message()));
    }
  }
}

void EightQueryHandler::DescribeTables(api::GetTableInfoResponse* response) const {
  *response->add_tables() = description_;
  response->set_max_batch_size(static_cast<uint32_t>(max_batch_size_));
  response->set_max_message_size(static_cast<uint32_t>(max_message_size_));
}

}  // namespace server
