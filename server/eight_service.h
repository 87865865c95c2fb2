// The gRPC service: a thin callback-API shell over EightQueryHandler. Every RPC converts the
// handler's absl::Status with ToGrpcStatus and nothing else.
//
// SolveStream pipelines: it keeps reading while earlier responses are being written, up to
// kMaxPendingResponses, then stops reading until the client catches up (so a slow reader cannot
// make the server buffer without bound).
//
// Thread-safety: gRPC calls the methods concurrently; the service holds no mutable state.

#ifndef SERVER_EIGHT_SERVICE_H_
#define SERVER_EIGHT_SERVICE_H_

#include "puzzleoracle/v1/oracle.grpc.pb.h"
#include "server/eight_query_handler.h"

namespace server {

class EightService final : public api::EightPuzzle::CallbackService {
 public:
  // REQUIRES: `handler` outlives the service.
  explicit EightService(const EightQueryHandler* handler) : handler_(handler) {}

  grpc::ServerUnaryReactor* Solve(grpc::CallbackServerContext* context,
                                  const api::SolveRequest* request,
                                  api::SolveResponse* response) override;
  grpc::ServerUnaryReactor* SolveBatch(grpc::CallbackServerContext* context,
                                       const api::SolveBatchRequest* request,
                                       api::SolveBatchResponse* response) override;
  grpc::ServerBidiReactor<api::SolveStreamRequest, api::SolveStreamResponse>* SolveStream(
      grpc::CallbackServerContext* context) override;
  grpc::ServerUnaryReactor* GetTableInfo(grpc::CallbackServerContext* context,
                                         const api::GetTableInfoRequest* request,
                                         api::GetTableInfoResponse* response) override;

 private:
  const EightQueryHandler* const handler_;
};

}  // namespace server

#endif  // SERVER_EIGHT_SERVICE_H_
