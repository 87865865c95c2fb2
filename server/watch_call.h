// A server-streaming gRPC call over raw bytes: progress while the work runs, then its last
// message (grpc_calls.h says what every call does).

#ifndef SERVER_WATCH_CALL_H_
#define SERVER_WATCH_CALL_H_

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

// A server-streaming call: progress messages while the work runs, then its last message. A
// client that reads slowly only ever holds the newest progress (older unsent ones are
// replaced), so the stream costs one message of memory however long the work runs.
template <typename Request, typename Event>
class WatchCall final : public grpc::ServerWriteReactor<grpc::ByteBuffer> {
 public:
  // Deletes itself when gRPC is done with the call.
  WatchCall(grpc::CallbackServerContext* context, const grpc::ByteBuffer* request_bytes,
            const CallEnv& env, WatchHandler<Request, Event> handler)
      : tracked_(env.calls), handler_(std::move(handler)) {
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

  void OnWriteDone(bool ok) override {
    Next next;
    {
      std::lock_guard<std::mutex> lock(mu_);
      writing_ = false;
      if (!ok) broken_ = true;  // cancelled, or the client went away: write nothing more
      next = PumpLocked();
    }
    Do(next);
  }

  void OnCancel() override { state_.cancelled.store(true, std::memory_order_relaxed); }

  void OnDone() override {
    { std::lock_guard<std::mutex> lock(mu_); }  // orders the work before the delete, for TSan
    delete this;
  }

 private:
  struct Next {
    enum { kNone, kWrite, kFinish } what = kNone;
    grpc::Status status;
  };

  void Do(const Next& next) {
    if (next.what == Next::kWrite) StartWrite(&write_bytes_);
    if (next.what == Next::kFinish) Finish(next.status);
  }

  // Runs the work without mu_ (its progress takes mu_), then queues the last message.
  void Run() {
    Event last;
    const absl::Status status = handler_.run(
        request_, state_, [this](const Event& event) { Progress(event); }, &last);
    Next next;
    {
      std::lock_guard<std::mutex> lock(mu_);
      done_ = true;
      final_status_ = status;
      if (status.ok()) {
        SerializeResponse(last, &final_bytes_);
        has_final_ = true;
      }
      next = PumpLocked();
    }
    Do(next);
  }

  void Progress(const Event& event) {
    Next next;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (broken_) return;
      SerializeResponse(event, &progress_bytes_);
      has_progress_ = true;
      next = PumpLocked();
    }
    Do(next);
  }

  // The next write (the newest progress, or the last message once the work is done) or the
  // finish. REQUIRES: mu_ held.
  Next PumpLocked() {
    if (writing_ || finished_) return Next{};
    if (broken_) {
      if (!done_) return Next{};  // the work sees the cancellation and ends soon
      finished_ = true;
      return Next{Next::kFinish, grpc::Status::CANCELLED};
    }
    if (has_final_) {
      has_final_ = false;
      has_progress_ = false;  // superseded
      final_written_ = true;
      write_bytes_ = std::move(final_bytes_);
      writing_ = true;
      return Next{Next::kWrite, {}};
    }
    if (has_progress_ && !done_) {
      has_progress_ = false;
      write_bytes_ = std::move(progress_bytes_);
      writing_ = true;
      return Next{Next::kWrite, {}};
    }
    if (!done_) return Next{};
    finished_ = true;
    return Next{Next::kFinish,
                final_written_ ? grpc::Status::OK : rpc::ToGrpcStatus(final_status_)};
  }

  const TrackedCall tracked_;  // in progress until deleted in OnDone
  const WatchHandler<Request, Event> handler_;
  Request request_;  // written by the constructor, then only read
  CallState state_;
  std::mutex mu_;  // guards everything below
  grpc::ByteBuffer write_bytes_;
  grpc::ByteBuffer progress_bytes_;
  grpc::ByteBuffer final_bytes_;
  absl::Status final_status_;
  bool has_progress_ = false;
  bool has_final_ = false;
  bool final_written_ = false;
  bool writing_ = false;
  bool done_ = false;
  bool broken_ = false;
  bool finished_ = false;
};

template <typename Request, typename Event>
grpc::ServerWriteReactor<grpc::ByteBuffer>* StartWatchCall(grpc::CallbackServerContext* context,
                                                           const grpc::ByteBuffer* request,
                                                           const CallEnv& env,
                                                           WatchHandler<Request, Event> handler) {
  return new WatchCall<Request, Event>(context, request, env, std::move(handler));
}

}  // namespace server

#endif  // SERVER_WATCH_CALL_H_
