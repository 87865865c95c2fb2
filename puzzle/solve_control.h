// How a caller bounds and watches one solve: a deadline, a cancellation flag and an optional
// progress callback. Table lookups finish in microseconds and may ignore it; searches (the
// 15-puzzle's IDA*) poll it every few thousand nodes.
//
// Example (a search loop):
//   SolveControl control(absl::Now() + absl::Seconds(30), &cancelled, "--max_search_time (30s)");
//   control.set_progress([](const SearchProgress& p) { ... }, absl::Milliseconds(100));
//   ... every 4096 nodes:
//   if (control.ShouldStop()) return control.StopStatus(bound, nodes);
//   control.MaybeReportProgress({bound, nodes});
//
// The clock is absl::Now unless the caller passes another (tests pass a fake one, so that
// deadlines, elapsed times and progress intervals are exact). It is read only where a real clock
// would be: at construction, in ShouldStop, StopStatus and MaybeReportProgress (every few
// thousand nodes), never per node.
//
// Thread-safety: one SolveControl belongs to one solve, on one thread. The cancellation flag it
// points to may be set from any thread (it is read with relaxed ordering: cancellation is
// noticed at the next poll, which is all a caller needs).

#ifndef PUZZLE_SOLVE_CONTROL_H_
#define PUZZLE_SOLVE_CONTROL_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"

namespace puzzle {

// What a search reports while it runs.
struct SearchProgress {
  int bound = 0;       // the current depth bound: the optimal length is at least this
  uint64_t nodes = 0;  // nodes expanded so far
  absl::Duration elapsed = absl::ZeroDuration();  // filled in by SolveControl
};

class SolveControl {
 public:
  using ProgressFunction = std::function<void(const SearchProgress&)>;
  using Clock = std::function<absl::Time()>;

  // No deadline, never cancelled, no progress: for tests, tools and table lookups.
  SolveControl() : now_(absl::Now), start_(now_()) {}

  // `deadline` may be absl::InfiniteFuture(). `cancelled` may be null; otherwise it must outlive
  // the solve. `deadline_source` names where the deadline came from, for the stop message (for
  // example "the call's deadline" or "--max_search_time (30s)"); its characters must outlive
  // the control and its forks (a literal, or a string the caller keeps: a server makes a control
  // a call, and a copy would be a malloc a call). `now` is the clock; it must be callable from
  // the solving thread and from the threads of its forks (Fork), and `deadline` is a time on it.
  SolveControl(absl::Time deadline, const std::atomic<bool>* cancelled,
               absl::string_view deadline_source, Clock now = absl::Now)
      : now_(std::move(now)),
        start_(now_()),
        deadline_(deadline),
        cancelled_(cancelled),
        deadline_source_(deadline_source) {}

  SolveControl(const SolveControl&) = delete;
  SolveControl& operator=(const SolveControl&) = delete;

  // Calls `progress` from the solving thread at most once per `interval`, and not before
  // `interval` has passed since the solve began.
  void set_progress(ProgressFunction progress, absl::Duration interval) {
    progress_ = std::move(progress);
    progress_interval_ = interval;
    next_progress_ = start_ + interval;
  }

  // How many threads a batch may use (Solver::SolveBatch of a search puzzle), or one search that
  // splits its work (the 3x3x3's optimal mode): 1 unless the caller allows more. The server sets
  // it from --batch_threads.
  void set_batch_threads(int threads) { batch_threads_ = threads < 1 ? 1 : threads; }
  int batch_threads() const { return batch_threads_; }

  // A control for another thread of the same solve (a batch solved in parallel): the same
  // deadline, cancellation flag, deadline source and clock; its own start time (now), no
  // progress function.
  std::unique_ptr<SolveControl> Fork() const {
    return std::make_unique<SolveControl>(deadline_, cancelled_, deadline_source_, now_);
  }

  absl::Time start() const { return start_; }
  absl::Time deadline() const { return deadline_; }
  bool cancelled() const {
    return cancelled_ != nullptr && cancelled_->load(std::memory_order_relaxed);
  }
  // The flag cancelled() reads (may be null), for searches that poll it themselves.
  const std::atomic<bool>* cancelled_flag() const { return cancelled_; }

  // True once the solve must stop: cancelled, or the deadline has passed. Reads the clock, so
  // call it every few thousand nodes rather than at every node.
  bool ShouldStop() const { return cancelled() || now_() >= deadline_; }

  // Why the solve stopped, for a search that has proven the optimal length is at least
  // `lower_bound` after expanding `nodes` nodes:
  //   Cancelled("the call was cancelled after 1.2s and 345678 nodes; ...")
  //   DeadlineExceeded("search stopped by --max_search_time (30s) after 30s and 123456789
  //                     nodes; the optimal length is at least 62")
  absl::Status StopStatus(int lower_bound, uint64_t nodes) const;

  // The status of work the solve never started because it stopped first (the rest of a batch):
  // Cancelled("the call was cancelled before this query was started") or
  // DeadlineExceeded("<deadline source> passed before this query was started").
  absl::Status NotStartedStatus() const;

  // Reports progress (with `elapsed` filled in) when a progress function is set and its interval
  // has passed. Cheap when none is set.
  void MaybeReportProgress(SearchProgress progress) {
    if (!progress_) return;
    const absl::Time now = now_();
    if (now < next_progress_) return;
    next_progress_ = now + progress_interval_;
    progress.elapsed = now - start_;
    progress_(progress);
  }

 private:
  const Clock now_;  // before start_, which is read from it
  const absl::Time start_;
  const absl::Time deadline_ = absl::InfiniteFuture();
  const std::atomic<bool>* const cancelled_ = nullptr;
  const absl::string_view deadline_source_ = "the deadline";
  ProgressFunction progress_;
  absl::Duration progress_interval_ = absl::InfiniteDuration();
  absl::Time next_progress_ = absl::InfiniteFuture();
  int batch_threads_ = 1;
};

}  // namespace puzzle

#endif  // PUZZLE_SOLVE_CONTROL_H_
