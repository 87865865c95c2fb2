// A bounded pool of worker threads for work that can take more than microseconds (searches, big
// batches), so that it never runs on gRPC's callback threads or the HTTP event loops.
//
// Bounded twice: `threads` workers run tasks, and at most `queue_capacity` more wait (beyond
// those an idle worker is about to take). A task submitted when all are taken is refused at once
// (ResourceExhausted with a message naming the limits), so a burst cannot grow memory or latency
// without bound; the caller answers its client with that status.
//
// Example:
//   SolveExecutor executor(2, 64);
//   absl::Status s = executor.Submit([&] { ...; reactor->Finish(...); });
//   if (!s.ok()) reactor->Finish(ToGrpcStatus(s));   // RESOURCE_EXHAUSTED
//
// Thread-safety: Submit may be called from any thread. The destructor (or Stop) runs every task
// already accepted, then joins the workers; tasks must not Submit during Stop.

#ifndef SERVER_SOLVE_EXECUTOR_H_
#define SERVER_SOLVE_EXECUTOR_H_

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "absl/status/status.h"

namespace server {

class SolveExecutor {
 public:
  // REQUIRES: threads >= 1.
  SolveExecutor(int threads, int queue_capacity);
  SolveExecutor(const SolveExecutor&) = delete;
  SolveExecutor& operator=(const SolveExecutor&) = delete;
  ~SolveExecutor();

  // Runs `task` on a worker soon. ResourceExhausted when `queue_capacity` tasks already wait;
  // FailedPrecondition after Stop.
  absl::Status Submit(std::function<void()> task);

  // Runs what was accepted, then joins the workers. Idempotent.
  void Stop();

  int threads() const { return static_cast<int>(workers_.size()); }
  int queue_capacity() const { return queue_capacity_; }
  // Tasks waiting (not running): for metrics and tests.
  size_t queued() const;

 private:
  void Work();

  const int queue_capacity_;
  // std::mutex rather than absl::Mutex so that ThreadSanitizer sees it (Debian's Abseil is not
  // instrumented).
  mutable std::mutex mu_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> queue_;  // guarded by mu_
  bool stopping_ = false;                    // guarded by mu_
  size_t idle_ = 0;                          // workers waiting for a task; guarded by mu_
  std::vector<std::thread> workers_;
};

}  // namespace server

#endif  // SERVER_SOLVE_EXECUTOR_H_
