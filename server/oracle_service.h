// puzzleoracle.v2.PuzzleOracle: the thin gRPC shell over OracleHandler. Every method takes raw
// bytes and goes through grpc_calls.h (parsing with precise errors, the executor for long work,
// deadlines and cancellation, stream flow control).
//
// Thread-safety: as the gRPC callback API requires; the handler and env must outlive the service.

#ifndef SERVER_ORACLE_SERVICE_H_
#define SERVER_ORACLE_SERVICE_H_

#include "puzzleoracle/v2/oracle.grpc.pb.h"
#include "server/grpc_calls.h"
#include "server/oracle_handler.h"

namespace server {

using PuzzleOracleRawService = v2::PuzzleOracle::WithRawCallbackMethod_ListPuzzles<
    v2::PuzzleOracle::WithRawCallbackMethod_GetTableInfo<
        v2::PuzzleOracle::WithRawCallbackMethod_Solve<
            v2::PuzzleOracle::WithRawCallbackMethod_SolveBatch<
                v2::PuzzleOracle::WithRawCallbackMethod_SolveStream<
                    v2::PuzzleOracle::WithRawCallbackMethod_SolveWatch<
                        v2::PuzzleOracle::WithRawCallbackMethod_Scramble<
                            v2::PuzzleOracle::Service>>>>>>>;

class OracleService final : public PuzzleOracleRawService {
 public:
  // REQUIRES: `handler` and everything in `env` outlive the service.
  OracleService(const OracleHandler* handler, CallEnv env) : handler_(handler), env_(env) {}

  grpc::ServerUnaryReactor* ListPuzzles(grpc::CallbackServerContext* context,
                                        const grpc::ByteBuffer* request,
                                        grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* GetTableInfo(grpc::CallbackServerContext* context,
                                         const grpc::ByteBuffer* request,
                                         grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* Solve(grpc::CallbackServerContext* context,
                                  const grpc::ByteBuffer* request,
                                  grpc::ByteBuffer* response) override;
  grpc::ServerUnaryReactor* SolveBatch(grpc::CallbackServerContext* context,
                                       const grpc::ByteBuffer* request,
                                       grpc::ByteBuffer* response) override;
  grpc::ServerBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer>* SolveStream(
      grpc::CallbackServerContext* context) override;
  grpc::ServerWriteReactor<grpc::ByteBuffer>* SolveWatch(grpc::CallbackServerContext* context,
                                                         const grpc::ByteBuffer* request) override;
  grpc::ServerUnaryReactor* Scramble(grpc::CallbackServerContext* context,
                                     const grpc::ByteBuffer* request,
                                     grpc::ByteBuffer* response) override;

 private:
  const OracleHandler* const handler_;
  const CallEnv env_;
};

// The v2 handlers themselves, shared with the HTTP gateway: one query, one query watched
// (progress about every kProgressInterval, then the answer), and a batch of one puzzle's items
// (SolveBatch, each SolveStream message).
inline constexpr absl::Duration kProgressInterval = absl::Milliseconds(100);
CallHandler<v2::SolveRequest, v2::SolveResponse> SolveHandler(const OracleHandler* handler);
WatchHandler<v2::SolveRequest, v2::SolveWatchResponse> SolveWatchHandler(
    const OracleHandler* handler);
template <typename BatchRequest, typename BatchResponse>
CallHandler<BatchRequest, BatchResponse> BatchHandler(const OracleHandler* handler) {
  CallHandler<BatchRequest, BatchResponse> h;
  h.off_thread = [handler](const BatchRequest& request) {
    absl::StatusOr<const puzzle::LoadedPuzzle*> p = handler->Find(request.puzzle());
    return p.ok() && handler->RunsOffThread(**p, request.items_size());
  };
  h.run = [handler](const BatchRequest& request, const CallState& state, BatchResponse* response) {
    absl::StatusOr<const puzzle::LoadedPuzzle*> p = handler->Find(request.puzzle());
    if (!p.ok()) return p.status();
    std::unique_ptr<puzzle::SolveControl> control =
        handler->MakeControl(**p, state.deadline, &state.cancelled);
    handler->SolveItems(**p, request.items(), *control, response->mutable_results());
    return absl::OkStatus();
  };
  return h;
}

}  // namespace server

#endif  // SERVER_ORACLE_SERVICE_H_
