// What a gRPC or HTTP call's work is given and gives back (grpc_calls.h): how a method handles
// its parsed request (CallHandler, WatchHandler), what the work sees while it runs (CallState:
// its deadline and cancellation), and what every call needs from the server (CallEnv).

#ifndef SERVER_CALL_HANDLER_H_
#define SERVER_CALL_HANDLER_H_

#include <grpcpp/server_context.h>

#include <atomic>
#include <functional>

#include "absl/status/status.h"
#include "absl/time/time.h"

namespace server {

// What a call's work sees while it runs.
struct CallState {
  std::atomic<bool> cancelled{false};
  absl::Time deadline = absl::InfiniteFuture();
};

class CallTracker;
class SolveExecutor;
class StreamGuard;

// What every call needs from the server.
struct CallEnv {
  SolveExecutor* executor = nullptr;
  int max_items = 0;               // --max_batch_size
  StreamGuard* streams = nullptr;  // for stream calls
  CallTracker* calls = nullptr;    // counts every call from its start to OnDone
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

}  // namespace server

#endif  // SERVER_CALL_HANDLER_H_
