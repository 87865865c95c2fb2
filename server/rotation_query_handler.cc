#include "server/rotation_query_handler.h"

#include "server/status_conversion.h"

namespace server {

absl::Status RotationQueryHandler::Solve(const api::RotationSolveRequest& request,
                                         api::RotationSolveResponse* response) const {
  absl::StatusOr<puzzle::RotationAnswer> answer = solver_.SolveText(request.board());
  if (!answer.ok()) return answer.status();
  response->set_distance(answer->distance);
  response->set_moves(answer->moves);
  response->set_centre(answer->centre);
  return absl::OkStatus();
}

void RotationQueryHandler::SolveItems(
    const google::protobuf::RepeatedPtrField<api::RotationItem>& items,
    google::protobuf::RepeatedPtrField<api::RotationItemResult>* results) const {
  results->Reserve(items.size());
  for (const api::RotationItem& item : items) {
    api::RotationItemResult* result = results->Add();
    result->set_id(item.id());
    api::RotationSolveRequest request;
    request.set_board(item.board());
    const absl::Status status = Solve(request, result->mutable_answer());
    if (!status.ok()) SetItemError(status, result);
  }
}

}  // namespace server
