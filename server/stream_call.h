// A bidirectional gRPC stream of requests and answers over raw bytes, in strict alternation
// (grpc_calls.h says what every call does; stream_guard.h bounds the streams).

#ifndef SERVER_STREAM_CALL_H_
#define SERVER_STREAM_CALL_H_

#include <grpcpp/server_context.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/server_callback.h>

#include <memory>
#include <mutex>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "rpc/status_conversion.h"
#include "server/call_handler.h"
#include "server/call_tracker.h"
#include "server/request_parser.h"
#include "server/solve_executor.h"
#include "server/stream_guard.h"

namespace server {

template <typename Request, typename Response>
class StreamCall final : public grpc::ServerBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer> {
 public:
  // Deletes itself when gRPC is done with the call. Each reaction decides under mu_ and starts
  // the next gRPC operation (read, write or finish) after releasing it.
  StreamCall(grpc::CallbackServerContext* context, const CallEnv& env,
             CallHandler<Request, Response> handler)
      : tracked_(env.calls), env_(env), handler_(std::move(handler)) {
    absl::StatusOr<std::shared_ptr<StreamGuard::Handle>> admitted;
    {
      std::lock_guard<std::mutex> lock(mu_);
      state_.deadline = internal::DeadlineOf(context);
      admitted = env_.streams->Add(context);
      if (admitted.ok()) {
        handle_ = *admitted;
        MarkReadLocked();
      }
    }
    if (!admitted.ok()) {
      Finish(rpc::ToGrpcStatus(admitted.status()));
      return;
    }
    StartRead(&read_bytes_);
  }

  void OnReadDone(bool ok) override {
    Next next;
    bool submit = false;
    int64_t footprint = 0;
    {
      std::lock_guard<std::mutex> lock(mu_);
      handle_->read_started.store(StreamGuard::kNoWrite, std::memory_order_relaxed);
      if (!ok) {  // the client finished writing, or the call is gone
        reads_done_ = true;
        next = AfterLocked();
      } else {
        ++messages_;
        Request().Swap(&request_);
        const absl::Status status = ParseRequest(read_bytes_, env_.max_items, &request_);
        const size_t wire_bytes = read_bytes_.Length();
        read_bytes_.Clear();
        if (!status.ok()) {
          next = EndLocked(status);
        } else {
          processing_ = true;
          submit = handler_.off_thread(request_);
          if (submit) footprint = RequestFootprint(request_, wire_bytes);
          if (!submit) next = ProcessLocked();
        }
      }
    }
    if (submit) {
      const absl::Status status = env_.executor->Submit([this] { Process(); }, footprint);
      if (status.ok()) return;
      std::lock_guard<std::mutex> lock(mu_);
      processing_ = false;
      next = EndLocked(status);
    }
    Do(next);
  }

  void OnWriteDone(bool ok) override {
    Next next;
    {
      std::lock_guard<std::mutex> lock(mu_);
      handle_->write_started.store(StreamGuard::kNoWrite, std::memory_order_relaxed);
      writing_ = false;
      write_bytes_.Clear();
      if (!ok) {  // the call is broken (cancelled, or the client went away); no read is in flight
        broken_ = true;
        reads_done_ = true;
      }
      if (reads_done_) {
        next = AfterLocked();
      } else {
        MarkReadLocked();
        next = Next{Next::kRead, {}};
      }
    }
    Do(next);
  }

  void OnCancel() override { state_.cancelled.store(true, std::memory_order_relaxed); }

  void OnDone() override {
    std::shared_ptr<StreamGuard::Handle> handle;
    {
      std::lock_guard<std::mutex> lock(mu_);
      handle = std::move(handle_);
    }
    if (handle != nullptr) {
      handle->Detach();
      env_.streams->Remove(handle);
    }
    delete this;
  }

 private:
  // The gRPC operation a reaction starts once it has released mu_.
  struct Next {
    enum { kNone, kRead, kWrite, kFinish } what = kNone;
    grpc::Status status;
  };

  void Do(const Next& next) {
    switch (next.what) {
      case Next::kNone:
        break;
      case Next::kRead:
        StartRead(&read_bytes_);
        break;
      case Next::kWrite:
        StartWrite(&write_bytes_);
        break;
      case Next::kFinish:
        Finish(next.status);
        break;
    }
  }

  // The server is about to wait for the client's next message. REQUIRES: mu_ held, handle_.
  void MarkReadLocked() {
    handle_->read_started.store(absl::ToUnixNanos(absl::Now()), std::memory_order_relaxed);
  }

  void Process() {
    Next next;
    {
      std::lock_guard<std::mutex> lock(mu_);
      next = ProcessLocked();
    }
    Do(next);
  }

  // Runs the handler on the message read; then write its answer, or end the stream.
  // REQUIRES: mu_ held, processing_.
  Next ProcessLocked() {
    Response response;
    const absl::Status status = handler_.run(request_, state_, &response);
    Request().Swap(&request_);  // free it now: the answer may wait a while for its client
    processing_ = false;
    if (!status.ok()) return EndLocked(status);
    SerializeResponse(response, &write_bytes_);
    writing_ = true;
    handle_->write_started.store(absl::ToUnixNanos(absl::Now()), std::memory_order_relaxed);
    return Next{Next::kWrite, {}};
  }

  // Ends the reads with `status`, naming the message read last. REQUIRES: mu_ held.
  Next EndLocked(const absl::Status& status) {
    reads_done_ = true;
    if (end_status_.ok()) {
      end_status_ =
          absl::Status(status.code(), absl::StrCat("message ", messages_, ": ", status.message()));
    }
    return AfterLocked();
  }

  // Finish, once no read, work or write is in flight and none will start. REQUIRES: mu_ held.
  Next AfterLocked() {
    if (finished_ || !reads_done_ || writing_ || processing_) return Next{};
    finished_ = true;
    return Next{Next::kFinish, broken_ ? grpc::Status::CANCELLED : rpc::ToGrpcStatus(end_status_)};
  }

  const TrackedCall tracked_;  // in progress until deleted in OnDone
  const CallEnv env_;
  const CallHandler<Request, Response> handler_;
  std::mutex mu_;                                // guards everything below
  std::shared_ptr<StreamGuard::Handle> handle_;  // null when not admitted, or once done
  CallState state_;
  grpc::ByteBuffer read_bytes_;
  grpc::ByteBuffer write_bytes_;
  Request request_;
  int messages_ = 0;  // messages read so far
  bool processing_ = false;
  bool writing_ = false;
  bool reads_done_ = false;
  bool broken_ = false;
  bool finished_ = false;
  absl::Status end_status_;
};

template <typename Request, typename Response>
grpc::ServerBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer>* StartStreamCall(
    grpc::CallbackServerContext* context, const CallEnv& env,
    CallHandler<Request, Response> handler) {
  return new StreamCall<Request, Response>(context, env, std::move(handler));
}

}  // namespace server

#endif  // SERVER_STREAM_CALL_H_
