#include "puzzle/solve_control.h"

#include <atomic>
#include <memory>
#include <vector>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

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
  std::atomic<bool> cancelled{false};
  SolveControl control(absl::InfiniteFuture(), &cancelled, "the call's deadline");
  EXPECT_FALSE(control.ShouldStop());
  cancelled = true;
  EXPECT_TRUE(control.ShouldStop());
  const absl::Status status = control.StopStatus(41, 1234);
  EXPECT_EQ(status.code(), absl::StatusCode::kCancelled);
  EXPECT_NE(status.message().find("1234 nodes"), absl::string_view::npos) << status;
  EXPECT_NE(status.message().find("at least 41"), absl::string_view::npos) << status;
}

TEST(SolveControlTest, PastDeadlineStopsAndNamesItsSourceAndBound) {
  SolveControl control(absl::Now() - absl::Milliseconds(1), nullptr, "--max_search_time (30s)");
  EXPECT_TRUE(control.ShouldStop());
  const absl::Status status = control.StopStatus(62, 99);
  EXPECT_EQ(status.code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_NE(status.message().find("search stopped by --max_search_time (30s)"),
            absl::string_view::npos)
      << status;
  EXPECT_NE(status.message().find("the optimal length is at least 62"), absl::string_view::npos)
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
  SolveControl control;
  std::vector<SearchProgress> seen;
  control.set_progress([&](const SearchProgress& p) { seen.push_back(p); }, absl::Milliseconds(20));
  control.MaybeReportProgress(Progress(40, 10));  // before the first interval has passed
  absl::SleepFor(absl::Milliseconds(25));
  control.MaybeReportProgress(Progress(42, 20));
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.back().bound, 42);
  EXPECT_EQ(seen.back().nodes, 20u);
  EXPECT_GE(seen.back().elapsed, absl::Milliseconds(20));
  for (const SearchProgress& p : seen) EXPECT_NE(p.bound, 40) << "reported before the interval";
}

TEST(SolveControlTest, AnHourlyIntervalReportsNothingSoon) {
  SolveControl control;
  int calls = 0;
  control.set_progress([&](const SearchProgress&) { ++calls; }, absl::Hours(1));
  for (int i = 0; i < 1000; ++i) control.MaybeReportProgress(Progress(i, uint64_t(i)));
  EXPECT_EQ(calls, 0);
}

TEST(SolveControlTest, AForkSharesDeadlineCancellationAndSourceButNotProgress) {
  std::atomic<bool> cancelled{false};
  const absl::Time deadline = absl::Now() + absl::Hours(1);
  SolveControl control(deadline, &cancelled, "--max_search_time (1h)");
  int calls = 0;
  control.set_progress([&](const SearchProgress&) { ++calls; }, absl::ZeroDuration());
  control.set_batch_threads(4);
  std::unique_ptr<SolveControl> fork = control.Fork();
  EXPECT_EQ(fork->deadline(), deadline);
  EXPECT_EQ(fork->batch_threads(), 1);
  EXPECT_FALSE(fork->ShouldStop());
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
