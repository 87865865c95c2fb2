// A unary gRPC call over raw bytes (grpc_calls.h says what every call does).

#ifndef SERVER_UNARY_CALL_H_
#define SERVER_UNARY_CALL_H_

#include <grpcpp/server_context.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/server_callback.h>

#include <algorithm>
#include <mutex>
#include <optional>

#include "absl/status/status.h"
#include "google/protobuf/arena.h"
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
    if (request_bytes->Length() >= kArenaMinRequestBytes) {
      arena_.emplace(ArenaOptionsFor(request_bytes->Length()));
    }
    bool off_thread;
    absl::Status status;
    int64_t footprint = 0;
    {
      std::lock_guard<std::mutex> lock(mu_);
      state_.deadline = internal::DeadlineOf(context);
      request_ = google::protobuf::Arena::CreateMessage<Request>(arena());
      status = ParseRequest(*request_bytes, env.max_items, request_);
      off_thread = status.ok() && handler_.off_thread(*request_);
      if (off_thread) footprint = RequestFootprint(*request_, request_bytes->Length());
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

  ~UnaryCall() override {
    if (!arena_.has_value()) delete request_;  // a call that ended before Run (null after it)
  }

  void OnCancel() override { state_.cancelled.store(true, std::memory_order_relaxed); }

  void OnDone() override {
    { std::lock_guard<std::mutex> lock(mu_); }  // orders the work before the delete, for TSan
    delete this;
  }

  // Both reactions are trivial (an atomic store; a delete), so gRPC may run them on the thread
  // that completes the call instead of handing OnDone to its executor thread. That hop cost a
  // thread wake-up and a context switch a call: Solve took 1.27x Health.Check (whose
  // DefaultReactor is inlineable) with client and server on one core, 1.13x without the hop
  // (bench/cube2_server_benchmark). gRPC marks the hook internal; `override` makes a gRPC
  // that drops it fail to compile here rather than silently lose the gain.
  bool InternalInlineable() override { return true; }

 private:
  void Run() {
    absl::Status status;
    {
      std::lock_guard<std::mutex> lock(mu_);
      Response* response = google::protobuf::Arena::CreateMessage<Response>(arena());
      status = handler_.run(*request_, state_, response);
      if (status.ok()) SerializeResponse(*response, response_bytes_);
      FreeMessages(response);  // now: the call may wait a while for its client
    }
    Finish(rpc::ToGrpcStatus(status));
  }

  // A batch's request and response live on one arena: a few block allocations instead of several
  // mallocs an item (their strings' characters still use the heap). That saved 1.9k of the server's
  // 6.6k instructions an item of a 1,000-item cube2 SolveBatch (callgrind), but a small request
  // pays more to set up an arena than it saves, so those use the heap.
  static constexpr size_t kArenaMinRequestBytes = 1024;

  google::protobuf::Arena* arena() { return arena_.has_value() ? &*arena_ : nullptr; }

  void FreeMessages(Response* response) {
    if (arena_.has_value()) {
      arena_->Reset();
    } else {
      delete response;
      delete request_;
    }
    request_ = nullptr;
  }

  // The arena's first block holds about what a request of this size parses into.
  static google::protobuf::ArenaOptions ArenaOptionsFor(size_t request_wire_bytes) {
    google::protobuf::ArenaOptions options;
    options.start_block_size = std::clamp<size_t>(4 * request_wire_bytes, 1024, 1 << 20);
    options.max_block_size = 1 << 20;
    return options;
  }

  const TrackedCall tracked_;  // in progress until deleted in OnDone
  grpc::ByteBuffer* const response_bytes_;
  const CallHandler<Request, Response> handler_;
  std::mutex mu_;
  std::optional<google::protobuf::Arena> arena_;  // for requests of kArenaMinRequestBytes or more
  Request* request_ = nullptr;                    // on arena() (or the heap); null once answered
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
