// The gRPC services: thin callback-API shells over the query handlers. Every RPC converts the
// handler's absl::Status with ToGrpcStatus (status_conversion.h) and nothing else; streams use
// BatchStreamReactor.
//
// Thread-safety: gRPC calls the methods concurrently; the services hold no mutable state.

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
