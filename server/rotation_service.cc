#include "server/rotation_service.h"

#include "server/batch_stream_reactor.h"
#include "server/status_conversion.h"

namespace server {

grpc::ServerUnaryReactor* RotationService::Solve(grpc::CallbackServerContext* context,
                                                 const api::RotationSolveRequest* request,
                                                 api::RotationSolveResponse* response) {
  return FinishUnary(context, handler_->Solve(*request, response));
}

grpc::ServerUnaryReactor* RotationService::SolveBatch(
    grpc::CallbackServerContext* context, const api::RotationSolveBatchRequest* request,
    api::RotationSolveBatchResponse* response) {
  const absl::Status status = handler_->CheckBatchSize(request->items_size());
  if (status.ok()) handler_->SolveItems(request->items(), response->mutable_results());
  return FinishUnary(context, status);
}

grpc::ServerBidiReactor<api::RotationSolveStreamRequest, api::RotationSolveStreamResponse>*
RotationService::SolveStream(grpc::CallbackServerContext* /*context*/) {
  return new BatchStreamReactor<api::RotationSolveStreamRequest, api::RotationSolveStreamResponse,
                                RotationQueryHandler>(handler_);
}

}  // namespace server
