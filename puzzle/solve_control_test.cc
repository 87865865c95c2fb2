#include "puzzle/solve_control.h"

#include <atomic>
#include <memory>
#include <vector>

#include "absl/strings/match.h"
#include "absl/time/time.h"
#include "gtest/gtest.h"

namespace puzzle {
namespace {

// A clock the test moves by hand; a control and its forks read the same one. Single-threaded use
// only.
class FakeClock {
 public:
  SolveControl::Clock Now() {
    return [this] { return now_; };
  }
  absl::Time now() const { return now_; }
  void Advance(absl::Duration d) { now_ += d; }

 private:
  absl::Time now_ = absl::FromUnixSeconds(1'700'000'000);
};

SearchProgress Progress(int bound, uint64_t nodes) {
  SearchProgress p;
  p.bound = bound;
  p.nodes = nodes;
  return p;
}

TEST(SolveControlTest, DefaultNeverStops) {
  SolveControl control;
  EXPECT_FALSE(control.ShouldStop());
  EXPECT_FALSE(control.cancelled());
  EXPECT_EQ(control.deadline(), absl::InfiniteFuture());
}

TEST(SolveControlTest, CancellationIsSeenAndNamed) {
  FakeClock clock;
  std::atomic<bool> cancelled{false};
  SolveControl control(absl::InfiniteFuture(), &cancelled, "the call's deadline", clock.Now());
  EXPECT_FALSE(control.ShouldStop());
  clock.Advance(absl::Milliseconds(1200));
  cancelled = true;
  EXPECT_TRUE(control.ShouldStop());
  EXPECT_EQ(control.StopStatus(41, 1234),
            absl::CancelledError("the call was cancelled after 1.2s and 1234 nodes; the optimal "
                                 "length is at least 41"));
}

TEST(SolveControlTest, TheDeadlineStopsAtItsInstantAndIsNamedWithItsSourceAndBound) {
  FakeClock clock;
  SolveControl control(clock.now() + absl::Seconds(30), nullptr, "--max_search_time (30s)",
                       clock.Now());
  EXPECT_EQ(control.start(), clock.now());
  clock.Advance(absl::Seconds(30) - absl::Nanoseconds(1));
  EXPECT_FALSE(control.ShouldStop());
  clock.Advance(absl::Nanoseconds(1));
  EXPECT_TRUE(control.ShouldStop());
  EXPECT_EQ(control.StopStatus(62, 99),
            absl::DeadlineExceededError("search stopped by --max_search_time (30s) after 30s and "
                                        "99 nodes; the optimal length is at least 62"));
}

TEST(SolveControlTest, APastDeadlineStopsOnTheWallClock) {
  SolveControl control(absl::Now() - absl::Milliseconds(1), nullptr, "--max_search_time (30s)");
  EXPECT_TRUE(control.ShouldStop());
  const absl::Status status = control.StopStatus(62, 99);
  EXPECT_EQ(status.code(), absl::StatusCode::kDeadlineExceeded);
  // The elapsed time is the wall clock's, so only the words around it are checked.
  EXPECT_TRUE(
      absl::StartsWith(status.message(), "search stopped by --max_search_time (30s) after "))
      << status;
  EXPECT_TRUE(absl::EndsWith(status.message(), " and 99 nodes; the optimal length is at least 62"))
      << status;
}

TEST(SolveControlTest, NotStartedStatusNamesTheReason) {
  std::atomic<bool> cancelled{false};
  SolveControl expired(absl::Now() - absl::Seconds(1), &cancelled, "the call's deadline");
  EXPECT_EQ(
      expired.NotStartedStatus(),
      absl::DeadlineExceededError("the call's deadline passed before this query was started"));
  cancelled = true;
  EXPECT_EQ(expired.NotStartedStatus(),
            absl::CancelledError("the call was cancelled before this query was started"));
}

TEST(SolveControlTest, ProgressWaitsForItsIntervalAndCarriesElapsed) {
  FakeClock clock;
  SolveControl control(absl::InfiniteFuture(), nullptr, "the call's deadline", clock.Now());
  std::vector<SearchProgress> seen;
  control.set_progress([&](const SearchProgress& p) { seen.push_back(p); }, absl::Milliseconds(20));
  clock.Advance(absl::Milliseconds(20) - absl::Nanoseconds(1));
  control.MaybeReportProgress(Progress(40, 10));  // before the first interval has passed
  EXPECT_TRUE(seen.empty());
  clock.Advance(absl::Nanoseconds(1));
  control.MaybeReportProgress(Progress(41, 20));  // 20 ms after the start
  control.MaybeReportProgress(Progress(42, 30));  // at the same instant: not again
  // The next interval runs from the report, not from the start.
  clock.Advance(absl::Milliseconds(25));
  control.MaybeReportProgress(Progress(43, 40));  // 45 ms
  clock.Advance(absl::Milliseconds(20) - absl::Nanoseconds(1));
  control.MaybeReportProgress(Progress(44, 50));  // 1 ns short of 20 ms after the last report
  clock.Advance(absl::Nanoseconds(1));
  control.MaybeReportProgress(Progress(45, 60));  // 65 ms
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0].bound, 41);
  EXPECT_EQ(seen[0].nodes, 20u);
  EXPECT_EQ(seen[0].elapsed, absl::Milliseconds(20));
  EXPECT_EQ(seen[1].bound, 43);
  EXPECT_EQ(seen[1].nodes, 40u);
  EXPECT_EQ(seen[1].elapsed, absl::Milliseconds(45));
  EXPECT_EQ(seen[2].bound, 45);
  EXPECT_EQ(seen[2].nodes, 60u);
  EXPECT_EQ(seen[2].elapsed, absl::Milliseconds(65));
}

TEST(SolveControlTest, AnHourlyIntervalReportsNothingWithinTheHour) {
  FakeClock clock;
  SolveControl control(absl::InfiniteFuture(), nullptr, "the call's deadline", clock.Now());
  int calls = 0;
  control.set_progress([&](const SearchProgress&) { ++calls; }, absl::Hours(1));
  for (int i = 0; i < 1000; ++i) {
    control.MaybeReportProgress(Progress(i, uint64_t(i)));
    clock.Advance(absl::Seconds(3));  // 2997 s at the last call
  }
  EXPECT_EQ(calls, 0);
  clock.Advance(absl::Seconds(603));
  control.MaybeReportProgress(Progress(1000, 1000));
  EXPECT_EQ(calls, 1);
}

TEST(SolveControlTest, AForkSharesDeadlineCancellationSourceAndClockButNotProgress) {
  FakeClock clock;
  std::atomic<bool> cancelled{false};
  const absl::Time deadline = clock.now() + absl::Hours(1);
  SolveControl control(deadline, &cancelled, "--max_search_time (1h)", clock.Now());
  int calls = 0;
  control.set_progress([&](const SearchProgress&) { ++calls; }, absl::ZeroDuration());
  control.set_batch_threads(4);
  clock.Advance(absl::Minutes(10));
  std::unique_ptr<SolveControl> fork = control.Fork();
  EXPECT_EQ(fork->deadline(), deadline);
  EXPECT_EQ(fork->start(), clock.now());  // its own start, on the same clock
  EXPECT_EQ(fork->batch_threads(), 1);
  clock.Advance(absl::Minutes(50) - absl::Nanoseconds(1));
  EXPECT_FALSE(fork->ShouldStop());
  clock.Advance(absl::Nanoseconds(1));
  EXPECT_TRUE(fork->ShouldStop());  // the deadline, on the fake clock
  EXPECT_EQ(fork->StopStatus(7, 8),
            absl::DeadlineExceededError("search stopped by --max_search_time (1h) after 50m and 8 "
                                        "nodes; the optimal length is at least 7"));
  cancelled = true;
  EXPECT_TRUE(fork->ShouldStop());
  EXPECT_EQ(fork->NotStartedStatus(),
            absl::CancelledError("the call was cancelled before this query was started"));
  fork->MaybeReportProgress(Progress(3, 4));
  EXPECT_EQ(calls, 0);

  SolveControl expired(absl::Now() - absl::Seconds(1), nullptr, "--max_search_time (1h)");
  EXPECT_EQ(
      expired.Fork()->NotStartedStatus(),
      absl::DeadlineExceededError("--max_search_time (1h) passed before this query was started"));
}

TEST(SolveControlTest, BatchThreadsAreAtLeastOne) {
  SolveControl control;
  EXPECT_EQ(control.batch_threads(), 1);
  control.set_batch_threads(0);
  EXPECT_EQ(control.batch_threads(), 1);
  control.set_batch_threads(3);
  EXPECT_EQ(control.batch_threads(), 3);
}

}  // namespace
}  // namespace puzzle
