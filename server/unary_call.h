// A unary gRPC call over raw bytes (grpc_calls.h says what every call does).

#ifndef SERVER_UNARY_CALL_H_
#define SERVER_UNARY_CALL_H_

#include <grpcpp/server_context.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/server_callback.h>

#include <mutex>

#include "absl/status/status.h"
#include "rpc/status_conversion.h"
#include "server/call_handler.h"
#include "server/call_tracker.h"
#include "server/request_parser.h"
#include "server/solve_executor.h"

namespace server {

template <typename Request, typename Response>
class UnaryCall final : public grpc::ServerUnaryReactor {
 public:
  // Deletes itself when gRPC is done with the call. gRPC operations (Finish) are started without
  // mu_ held, and `this` is not touched after Finish.
  UnaryCall(grpc::CallbackServerContext* context, const grpc::ByteBuffer* request_bytes,
            grpc::ByteBuffer* response_bytes, const CallEnv& env,
            CallHandler<Request, Response> handler)
      : tracked_(env.calls), response_bytes_(response_bytes), handler_(std::move(handler)) {
    bool off_thread;
    absl::Status status;
    int64_t footprint = 0;
    {
      std::lock_guard<std::mutex> lock(mu_);
      state_.deadline = internal::DeadlineOf(context);
      status = ParseRequest(*request_bytes, env.max_items, &request_);
      off_thread = status.ok() && handler_.off_thread(request_);
      if (off_thread) footprint = RequestFootprint(request_, request_bytes->Length());
    }
    if (!status.ok()) {
      Finish(rpc::ToGrpcStatus(status));
    } else if (!off_thread) {
      Run();
    } else {
      status = env.executor->Submit([this] { Run(); }, footprint);
      if (!status.ok()) Finish(rpc::ToGrpcStatus(status));
    }
  }

  void OnCancel() override { state_.cancelled.store(true, std::memory_order_relaxed); }

  void OnDone() override {
    { std::lock_guard<std::mutex> lock(mu_); }  // orders the work before the delete, for TSan
    delete this;
  }

 private:
  void Run() {
    absl::Status status;
    {
      std::lock_guard<std::mutex> lock(mu_);
      Response response;
      status = handler_.run(request_, state_, &response);
      if (status.ok()) SerializeResponse(response, response_bytes_);
      Request().Swap(&request_);  // free it now: the call may wait a while for its client
    }
    Finish(rpc::ToGrpcStatus(status));
  }

  const TrackedCall tracked_;  // in progress until deleted in OnDone
  grpc::ByteBuffer* const response_bytes_;
  const CallHandler<Request, Response> handler_;
  std::mutex mu_;
  Request request_;
  CallState state_;
};

template <typename Request, typename Response>
grpc::ServerUnaryReactor* StartUnaryCall(grpc::CallbackServerContext* context,
                                         const grpc::ByteBuffer* request,
                                         grpc::ByteBuffer* response, const CallEnv& env,
                                         CallHandler<Request, Response> handler) {
  return new UnaryCall<Request, Response>(context, request, response, env, std::move(handler));
}

}  // namespace server

#endif  // SERVER_UNARY_CALL_H_
