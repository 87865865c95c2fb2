#include "server/oracle_service.h"

namespace server {
namespace {

// A method answered from what the handler already knows: never off-thread.
template <typename Request, typename Response>
CallHandler<Request, Response> Immediate(
    std::function<absl::Status(const Request&, Response*)> run) {
  CallHandler<Request, Response> h;
  h.off_thread = [](const Request&) { return false; };
  h.run = [run](const Request& request, const CallState&, Response* response) {
    return run(request, response);
  };
  return h;
}

}  // namespace

CallHandler<v2::SolveRequest, v2::SolveResponse> SolveHandler(const OracleHandler* handler) {
  CallHandler<v2::SolveRequest, v2::SolveResponse> h;
  h.off_thread = [handler](const v2::SolveRequest& request) {
    absl::StatusOr<const puzzle::LoadedPuzzle*> p = handler->Find(request.puzzle());
    return p.ok() && handler->RunsOffThread(**p, 1);
  };
  h.run = [handler](const v2::SolveRequest& request, const CallState& state,
                    v2::SolveResponse* response) {
    absl::StatusOr<const puzzle::LoadedPuzzle*> p = handler->Find(request.puzzle());
    if (!p.ok()) return p.status();
    std::unique_ptr<puzzle::SolveControl> control =
        handler->MakeControl(**p, state.deadline, &state.cancelled);
    return handler->Solve(**p, request, *control, response);
  };
  return h;
}

WatchHandler<v2::SolveRequest, v2::SolveWatchResponse> SolveWatchHandler(
    const OracleHandler* handler) {
  WatchHandler<v2::SolveRequest, v2::SolveWatchResponse> h;
  h.off_thread = [handler](const v2::SolveRequest& request) {
    absl::StatusOr<const puzzle::LoadedPuzzle*> p = handler->Find(request.puzzle());
    return p.ok() && handler->RunsOffThread(**p, 1);
  };
  h.run = [handler](const v2::SolveRequest& request, const CallState& state,
                    const std::function<void(const v2::SolveWatchResponse&)>& progress,
                    v2::SolveWatchResponse* last) {
    absl::StatusOr<const puzzle::LoadedPuzzle*> p = handler->Find(request.puzzle());
    if (!p.ok()) return p.status();
    std::unique_ptr<puzzle::SolveControl> control =
        handler->MakeControl(**p, state.deadline, &state.cancelled);
    control->set_progress(
        [&progress](const puzzle::SearchProgress& at) {
          v2::SolveWatchResponse event;
          event.mutable_progress()->set_bound(at.bound);
          event.mutable_progress()->set_nodes(at.nodes);
          event.mutable_progress()->set_milliseconds(absl::ToDoubleMilliseconds(at.elapsed));
          progress(event);
        },
        kProgressInterval);
    return handler->Solve(**p, request, *control, last->mutable_answer());
  };
  return h;
}

grpc::ServerUnaryReactor* OracleService::ListPuzzles(grpc::CallbackServerContext* context,
                                                     const grpc::ByteBuffer* request,
                                                     grpc::ByteBuffer* response) {
  return StartUnaryCall(context, request, response, env_,
                        Immediate<v2::ListPuzzlesRequest, v2::ListPuzzlesResponse>(
                            [this](const v2::ListPuzzlesRequest&, v2::ListPuzzlesResponse* out) {
                              handler_->ListPuzzles(out);
                              return absl::OkStatus();
                            }));
}

grpc::ServerUnaryReactor* OracleService::GetTableInfo(grpc::CallbackServerContext* context,
                                                      const grpc::ByteBuffer* request,
                                                      grpc::ByteBuffer* response) {
  return StartUnaryCall(context, request, response, env_,
                        Immediate<v2::GetTableInfoRequest, v2::GetTableInfoResponse>(
                            [this](const v2::GetTableInfoRequest&, v2::GetTableInfoResponse* out) {
                              *out = handler_->table_info();
                              return absl::OkStatus();
                            }));
}

grpc::ServerUnaryReactor* OracleService::Solve(grpc::CallbackServerContext* context,
                                               const grpc::ByteBuffer* request,
                                               grpc::ByteBuffer* response) {
  return StartUnaryCall(context, request, response, env_, SolveHandler(handler_));
}

grpc::ServerUnaryReactor* OracleService::SolveBatch(grpc::CallbackServerContext* context,
                                                    const grpc::ByteBuffer* request,
                                                    grpc::ByteBuffer* response) {
  return StartUnaryCall(context, request, response, env_,
                        BatchHandler<v2::SolveBatchRequest, v2::SolveBatchResponse>(handler_));
}

grpc::ServerBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer>* OracleService::SolveStream(
    grpc::CallbackServerContext* context) {
  return StartStreamCall(context, env_,
                         BatchHandler<v2::SolveStreamRequest, v2::SolveStreamResponse>(handler_));
}

grpc::ServerWriteReactor<grpc::ByteBuffer>* OracleService::SolveWatch(
    grpc::CallbackServerContext* context, const grpc::ByteBuffer* request) {
  return StartWatchCall(context, request, env_, SolveWatchHandler(handler_));
}

grpc::ServerUnaryReactor* OracleService::Scramble(grpc::CallbackServerContext* context,
                                                  const grpc::ByteBuffer* request,
                                                  grpc::ByteBuffer* response) {
  return StartUnaryCall(context, request, response, env_,
                        Immediate<v2::ScrambleRequest, v2::ScrambleResponse>(
                            [this](const v2::ScrambleRequest& in, v2::ScrambleResponse* out) {
                              return handler_->Scramble(in, out);
                            }));
}

}  // namespace server
