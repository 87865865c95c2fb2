// The bound on the gRPC streams a server runs at once, its watchdog, and what happens to open
// streams at shutdown (stream_call.h's StreamCall is the stream).
//
// Thread-safety: every method may be called from any thread.

#ifndef SERVER_STREAM_GUARD_H_
#define SERVER_STREAM_GUARD_H_

#include <grpcpp/server_context.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "absl/status/statusor.h"
#include "absl/time/time.h"

namespace server {

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

}  // namespace server

#endif  // SERVER_STREAM_GUARD_H_
