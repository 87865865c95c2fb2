// The gRPC calls of every service (v2 and the v1 adapters), over raw bytes. A service method
// says how to handle a parsed request; these reactors do the rest, once:
//   - parse the request's bytes through request_parser.h (INVALID_ARGUMENT naming the field for
//     malformed bytes or invalid UTF-8; the batch limit checked on the wire, before parsing);
//   - run the work inline (table lookups: microseconds) or on the bounded SolveExecutor
//     (searches, big batches), so that long work never holds a gRPC callback thread;
//     a full executor is RESOURCE_EXHAUSTED;
//   - pass the call's deadline and cancellation to the work (CallState), so that a search stops
//     when its client gives up;
//   - serialise the response.
//
// Streams (StreamCall) alternate strictly: read a message, answer it, write the answer, and only
// when the write is done read the next. An answer never waits unwritten while more is read, so a
// client that sends and never reads holds at most one request and one answer. A message that
// cannot be parsed (or names an unknown puzzle) ends the stream with its status, prefixed
// "message N: ", after every earlier answer is written: a stream never ends OK with a message
// unanswered. The StreamGuard bounds how many streams run at once and cancels a stream whose
// answer the client has not read for `write_timeout`, or whose client has sent nothing for
// `idle_timeout` while the server waits for a message. Work that goes to the executor counts its
// RequestFootprint against the executor's memory bound (--request_memory_mib), and each request
// is freed as soon as it is answered.
//
// Thread-safety: gRPC may run a call's reactions on different threads; each call's state is
// touched by one reaction at a time (strict alternation), and a std::mutex makes that ordering
// visible to ThreadSanitizer (Debian's gRPC is not instrumented).

#ifndef SERVER_GRPC_CALLS_H_
#define SERVER_GRPC_CALLS_H_

#include <grpcpp/server_context.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/server_callback.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "server/request_parser.h"
#include "server/solve_executor.h"
#include "server/status_conversion.h"

namespace server {

// What a call's work sees while it runs.
struct CallState {
  std::atomic<bool> cancelled{false};
  absl::Time deadline = absl::InfiniteFuture();
};

class StreamGuard;

// What every call needs from the server.
struct CallEnv {
  SolveExecutor* executor = nullptr;
  int max_items = 0;               // --max_batch_size
  StreamGuard* streams = nullptr;  // for stream calls
};

// How a method handles its parsed request.
template <typename Request, typename Response>
struct CallHandler {
  // True: run on the executor. Called before `run`, on the gRPC thread.
  std::function<bool(const Request&)> off_thread;
  // The work. Its status ends a unary call; for a stream, a non-OK status ends the stream.
  std::function<absl::Status(const Request&, const CallState&, Response*)> run;
};

namespace internal {
inline absl::Time DeadlineOf(const grpc::CallbackServerContext* context) {
  const auto deadline = context->deadline();
  if (deadline == std::chrono::system_clock::time_point::max()) return absl::InfiniteFuture();
  return absl::FromChrono(deadline);
}
}  // namespace internal

template <typename Request, typename Response>
class UnaryCall final : public grpc::ServerUnaryReactor {
 public:
  // Deletes itself when gRPC is done with the call. gRPC operations (Finish) are started without
  // mu_ held, and `this` is not touched after Finish.
  UnaryCall(grpc::CallbackServerContext* context, const grpc::ByteBuffer* request_bytes,
            grpc::ByteBuffer* response_bytes, const CallEnv& env,
            CallHandler<Request, Response> handler)
      : response_bytes_(response_bytes), handler_(std::move(handler)) {
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
      Finish(ToGrpcStatus(status));
    } else if (!off_thread) {
      Run();
    } else {
      status = env.executor->Submit([this] { Run(); }, footprint);
      if (!status.ok()) Finish(ToGrpcStatus(status));
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
    Finish(ToGrpcStatus(status));
  }

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

// Bounds the streams the server runs at once, and cancels a stream whose pending answer the
// client has not read for `write_timeout`, or that has sent no message for `idle_timeout` while
// the server waits for one (checked once a second by a watchdog thread), so that streams left
// open and idle cannot hold every place.
class StreamGuard {
 public:
  static constexpr int64_t kNoWrite = std::numeric_limits<int64_t>::max();

  // What the watchdog holds of a stream. Shared, so that a stream may end (and its reactor be
  // deleted) while the watchdog cancels it.
  class Handle {
   public:
    explicit Handle(grpc::CallbackServerContext* context) : context_(context) {}
    // When the write in flight started (Unix nanoseconds), or kNoWrite.
    std::atomic<int64_t> write_started{kNoWrite};
    // When the read in flight (the server waiting for the client's next message) started, or
    // kNoWrite.
    std::atomic<int64_t> read_started{kNoWrite};
    // TryCancel, unless the stream is done. gRPC may run the stream's reactions (even OnDone,
    // which calls Detach) inline on this thread, hence the recursive mutex.
    void Cancel();
    // The stream is done: Cancel does nothing from now on.
    void Detach();

   private:
    std::recursive_mutex mu_;
    grpc::CallbackServerContext* context_;  // guarded by mu_; null once detached
  };

  StreamGuard(int max_streams, absl::Duration write_timeout, absl::Duration idle_timeout);
  StreamGuard(const StreamGuard&) = delete;
  StreamGuard& operator=(const StreamGuard&) = delete;
  ~StreamGuard();

  // A handle for a new stream, or ResourceExhausted("too many streams: N are open on this
  // server (--max_streams); ...") when full.
  absl::StatusOr<std::shared_ptr<Handle>> Add(grpc::CallbackServerContext* context);
  void Remove(const std::shared_ptr<Handle>& handle);

  int max_streams() const { return max_streams_; }
  size_t open_streams() const;

 private:
  void Watch();

  const int max_streams_;
  const absl::Duration write_timeout_;
  const absl::Duration idle_timeout_;
  mutable std::mutex mu_;
  std::condition_variable stop_cv_;
  bool stopping_ = false;                      // guarded by mu_
  std::set<std::shared_ptr<Handle>> streams_;  // guarded by mu_
  std::thread watchdog_;
};

template <typename Request, typename Response>
class StreamCall final : public grpc::ServerBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer> {
 public:
  // Deletes itself when gRPC is done with the call. Each reaction decides under mu_ and starts
  // the next gRPC operation (read, write or finish) after releasing it.
  StreamCall(grpc::CallbackServerContext* context, const CallEnv& env,
             CallHandler<Request, Response> handler)
      : env_(env), handler_(std::move(handler)) {
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
      Finish(ToGrpcStatus(admitted.status()));
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
    return Next{Next::kFinish, broken_ ? grpc::Status::CANCELLED : ToGrpcStatus(end_status_)};
  }

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

// How a watched call (a server stream of progress, then the final message) handles its request.
template <typename Request, typename Event>
struct WatchHandler {
  std::function<bool(const Request&)> off_thread;
  // The work. It may call `progress` (from its own thread, as often as it likes: only the latest
  // unsent progress is kept) and sets `*last`, written after every progress. A non-OK status
  // ends the call with it instead.
  std::function<absl::Status(const Request&, const CallState&,
                             const std::function<void(const Event&)>& progress, Event* last)>
      run;
};

// A server-streaming call: progress messages while the work runs, then its last message. A
// client that reads slowly only ever holds the newest progress (older unsent ones are
// replaced), so the stream costs one message of memory however long the work runs.
template <typename Request, typename Event>
class WatchCall final : public grpc::ServerWriteReactor<grpc::ByteBuffer> {
 public:
  // Deletes itself when gRPC is done with the call.
  WatchCall(grpc::CallbackServerContext* context, const grpc::ByteBuffer* request_bytes,
            const CallEnv& env, WatchHandler<Request, Event> handler)
      : handler_(std::move(handler)) {
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
      Finish(ToGrpcStatus(status));
    } else if (!off_thread) {
      Run();
    } else {
      status = env.executor->Submit([this] { Run(); }, footprint);
      if (!status.ok()) Finish(ToGrpcStatus(status));
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
    return Next{Next::kFinish, final_written_ ? grpc::Status::OK : ToGrpcStatus(final_status_)};
  }

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

#endif  // SERVER_GRPC_CALLS_H_
