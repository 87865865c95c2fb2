// A bounded pool of worker threads for work that can take more than microseconds (searches, big
// batches), so that it never runs on gRPC's callback threads or the HTTP event loops.
//
// Bounded three times: `threads` workers run tasks; at most `queue_capacity` more wait (so at
// most threads + queue_capacity are accepted and unfinished); and the tasks accepted and not yet
// finished hold at most `memory_capacity` bytes between them, each task counting the bytes its
// caller says it holds (a parsed request and its answer to come: see RequestFootprint in
// request_parser.h). The count is by task, not by size alone, because a queue of 64 batches of
// 10,000 boards holds about 200 MB; the bytes are what the deployment's memory limit is about. A
// task that does not fit is refused at once (ResourceExhausted with a message naming the limit and
// its flag), so a burst cannot grow memory or latency without bound; the caller answers its client
// with that status. A task is always accepted by bytes when no other task holds any, so a single
// request larger than `memory_capacity` still runs, alone.
//
// Example:
//   SolveExecutor executor(2, 64, 64 << 20);
//   absl::Status s = executor.Submit([&] { ...; reactor->Finish(...); }, footprint);
//   if (!s.ok()) reactor->Finish(ToGrpcStatus(s));   // RESOURCE_EXHAUSTED
//
// Thread-safety: Submit may be called from any thread. The destructor (or Stop) runs every task
// already accepted, then joins the workers; tasks must not Submit during Stop.

#ifndef SERVER_SOLVE_EXECUTOR_H_
#define SERVER_SOLVE_EXECUTOR_H_

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "absl/status/status.h"

namespace server {

class SolveExecutor {
 public:
  // REQUIRES: threads >= 1, queue_capacity >= 0, memory_capacity >= 0.
  SolveExecutor(int threads, int queue_capacity, int64_t memory_capacity);
  SolveExecutor(const SolveExecutor&) = delete;
  SolveExecutor& operator=(const SolveExecutor&) = delete;
  ~SolveExecutor();

  // Runs `task` on a worker soon; `bytes` (>= 0) count against `memory_capacity` until it
  // returns. ResourceExhausted when `queue_capacity` tasks already wait, or when `bytes` do not
  // fit beside what the unfinished tasks hold; FailedPrecondition after Stop.
  absl::Status Submit(std::function<void()> task, int64_t bytes = 0);

  // Runs what was accepted, then joins the workers. Idempotent.
  void Stop();

  int threads() const { return static_cast<int>(workers_.size()); }
  int queue_capacity() const { return queue_capacity_; }
  int64_t memory_capacity() const { return memory_capacity_; }
  // Tasks waiting (not running): for metrics and tests.
  size_t queued() const;
  // The bytes the accepted, unfinished tasks hold: for metrics and tests.
  int64_t bytes_held() const;

 private:
  struct Task {
    std::function<void()> run;
    int64_t bytes;
  };

  void Work();

  const int queue_capacity_;
  const int64_t memory_capacity_;
  // std::mutex rather than absl::Mutex so that ThreadSanitizer sees it (Debian's Abseil is not
  // instrumented).
  mutable std::mutex mu_;
  std::condition_variable ready_;
  std::deque<Task> queue_;  // guarded by mu_
  int64_t bytes_held_ = 0;  // guarded by mu_
  bool stopping_ = false;   // guarded by mu_
  size_t running_ = 0;      // tasks taken by a worker; guarded by mu_
  std::vector<std::thread> workers_;
};

}  // namespace server

#endif  // SERVER_SOLVE_EXECUTOR_H_
