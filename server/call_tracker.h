// Counts the gRPC calls a server's reactors have in progress, each from its start to gRPC's
// OnDone (its answer delivered, or the call cancelled), so that shutdown knows when the server's
// own work is over. gRPC's Server::Shutdown cannot know it: it also waits for idle client
// channels to go away, which clients may take seconds to do (OracleServer::Shutdown).
//
// Thread-safety: every method may be called from any thread.

#ifndef SERVER_CALL_TRACKER_H_
#define SERVER_CALL_TRACKER_H_

#include <condition_variable>
#include <cstdint>
#include <mutex>

#include "absl/time/time.h"

namespace server {

class CallTracker {
 public:
  CallTracker() = default;
  CallTracker(const CallTracker&) = delete;
  CallTracker& operator=(const CallTracker&) = delete;

  // A call starts; REQUIRES: one End() for each, later.
  void Begin();
  void End();
  int64_t in_progress() const;
  // Waits until no call is in progress or `deadline` passes; true when none is.
  bool WaitUntilNone(absl::Time deadline);

 private:
  mutable std::mutex mu_;
  std::condition_variable none_;
  int64_t in_progress_ = 0;  // guarded by mu_
};

// Begin() on a tracker that may be null; End() when destroyed. A member of each reactor.
class TrackedCall {
 public:
  explicit TrackedCall(CallTracker* tracker) : tracker_(tracker) {
    if (tracker_ != nullptr) tracker_->Begin();
  }
  ~TrackedCall() {
    if (tracker_ != nullptr) tracker_->End();
  }
  TrackedCall(const TrackedCall&) = delete;
  TrackedCall& operator=(const TrackedCall&) = delete;

 private:
  CallTracker* const tracker_;
};

}  // namespace server

#endif  // SERVER_CALL_TRACKER_H_
