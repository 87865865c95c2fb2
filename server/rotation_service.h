// The RotationGame gRPC service: a thin callback-API shell over RotationQueryHandler.
//
// Thread-safety: gRPC calls the methods concurrently; the service holds no mutable state.

#ifndef SERVER_ROTATION_SERVICE_H_
#define SERVER_ROTATION_SERVICE_H_

#include "puzzleoracle/v1/oracle.grpc.pb.h"
#include "server/rotation_query_handler.h"

namespace server {

class RotationService final : public api::RotationGame::CallbackService {
 public:
  // REQUIRES: `handler` outlives the service.
  explicit RotationService(const RotationQueryHandler* handler) : handler_(handler) {}

  grpc::ServerUnaryReactor* Solve(grpc::CallbackServerContext* context,
                                  const api::RotationSolveRequest* request,
                                  api::RotationSolveResponse* response) override;
  grpc::ServerUnaryReactor* SolveBatch(grpc::CallbackServerContext* context,
                                       const api::RotationSolveBatchRequest* request,
                                       api::RotationSolveBatchResponse* response) override;
  grpc::ServerBidiReactor<api::RotationSolveStreamRequest, api::RotationSolveStreamResponse>*
  SolveStream(grpc::CallbackServerContext* context) override;

 private:
  const RotationQueryHandler* const handler_;
};

}  // namespace server

#endif  // SERVER_ROTATION_SERVICE_H_
