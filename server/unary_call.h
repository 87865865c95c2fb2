// A unary gRPC call over raw bytes (grpc_calls.h says what every call does).

#ifndef SERVER_UNARY_CALL_H_
#define SERVER_UNARY_CALL_H_

#include <grpcpp/server_context.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/server_callback.h>

#include <algorithm>
#include <mutex>

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
      : tracked_(env.calls),
        response_bytes_(response_bytes),
        handler_(std::move(handler)),
        arena_(ArenaOptionsFor(request_bytes->Length())) {
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

  ~UnaryCall() override = default;  // the arena frees a request that was never answered

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
      // Large messages are freed now: the call may wait a while for its client. Small ones (a
      // request in first_block_, a response of no more) are left to the destructor, which saves
      // the re-initialisation that readies a Reset arena for reuse.
      const bool small =
          in_first_block_ &&
          (!status.ok() || static_cast<size_t>(response->GetCachedSize()) <= kFirstBlockBytes);
      if (!small) arena_.Reset();
      request_ = nullptr;
    }
    Finish(rpc::ToGrpcStatus(status));
  }

  // The request and the response live on one arena: a few block allocations instead of several
  // mallocs an item of a batch (their strings' characters still use the heap), which saved 1.9k
  // of the server's 6.6k instructions an item of a 1,000-item cube2 SolveBatch (callgrind). A
  // small request's arena starts in first_block_, inside this object, so that it allocates
  // nothing: the messages and their string objects cost no malloc and no free either.
  static constexpr size_t kFirstBlockBytes = 1024;

  google::protobuf::Arena* arena() { return &arena_; }

  // Small requests start in first_block_; the first block of a larger one holds about what a
  // request of its size parses into.
  google::protobuf::ArenaOptions ArenaOptionsFor(size_t request_wire_bytes) {
    google::protobuf::ArenaOptions options;
    in_first_block_ = 4 * request_wire_bytes <= kFirstBlockBytes;
    if (in_first_block_) {
      options.initial_block = first_block_;
      options.initial_block_size = kFirstBlockBytes;
    } else {
      options.start_block_size = std::clamp<size_t>(4 * request_wire_bytes, 1024, 1 << 20);
    }
    options.max_block_size = 1 << 20;
    return options;
  }

  const TrackedCall tracked_;  // in progress until deleted in OnDone
  grpc::ByteBuffer* const response_bytes_;
  const CallHandler<Request, Response> handler_;
  std::mutex mu_;
  alignas(16) char first_block_[kFirstBlockBytes];  // before arena_, which may use it
  bool in_first_block_ = false;  // set by ArenaOptionsFor, so declared before arena_
  google::protobuf::Arena arena_;
  Request* request_ = nullptr;  // on arena(); null once answered
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
