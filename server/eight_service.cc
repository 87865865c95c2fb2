#include "server/eight_service.h"

#include "server/batch_stream_reactor.h"
#include "server/status_conversion.h"

namespace server {

grpc::ServerUnaryReactor* EightService::Solve(grpc::CallbackServerContext* context,
                                              const api::SolveRequest* request,
                                              api::SolveResponse* response) {
  return FinishUnary(context, handler_->Solve(*request, response));
}

grpc::ServerUnaryReactor* EightService::SolveBatch(grpc::CallbackServerContext* context,
                                                   const api::SolveBatchRequest* request,
                                                   api::SolveBatchResponse* response) {
  const absl::Status status = handler_->CheckBatchSize(request->items_size());
  if (status.ok()) handler_->SolveItems(request->items(), response->mutable_results());
  return FinishUnary(context, status);
}

grpc::ServerBidiReactor<api::SolveStreamRequest, api::SolveStreamResponse>*
EightService::SolveStream(grpc::CallbackServerContext* /*context*/) {
  return new BatchStreamReactor<api::SolveStreamRequest, api::SolveStreamResponse,
                                EightQueryHandler>(handler_);
}

grpc::ServerUnaryReactor* EightService::GetTableInfo(grpc::CallbackServerContext* context,
                                                     const api::GetTableInfoRequest* /*request*/,
                                                     api::GetTableInfoResponse* response) {
  handler_->DescribeTables(response);
  return FinishUnary(context, absl::OkStatus());
}

}  // namespace server
