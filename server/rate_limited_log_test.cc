#include "server/rate_limited_log.h"

#include <algorithm>
#include <string>

#include "absl/time/time.h"
#include "gtest/gtest.h"

namespace server {
namespace {

// A clock the test moves by hand, so that every interval is exact and no test sleeps.
// Single-threaded use only.
class FakeClock {
 public:
  std::function<absl::Time()> Now() {
    return [this] { return now_; };
  }
  void Advance(absl::Duration d) { now_ += d; }

 private:
  absl::Time now_ = absl::FromUnixSeconds(1'700'000'000);
};

TEST(RateLimitedLogTest, OneLinePerCausePerInterval) {
  FakeClock clock;
  RateLimitedLog log("test", absl::Seconds(10), clock.Now());
  EXPECT_TRUE(log.Log("a", "first a"));
  EXPECT_FALSE(log.Log("a", "second a"));
  clock.Advance(absl::Seconds(10) - absl::Nanoseconds(1));
  EXPECT_FALSE(log.Log("a", "third a"));  // one nanosecond short of the interval
  EXPECT_TRUE(log.Log("b", "first b"));   // another cause is not held back
  EXPECT_FALSE(log.Log("b", "second b"));
}

TEST(RateLimitedLogTest, WritesAgainOnceTheIntervalPassedWithTheCount) {
  FakeClock clock;
  RateLimitedLog log("test", absl::Milliseconds(20), clock.Now());
  testing::internal::CaptureStderr();
  EXPECT_TRUE(log.Log("a", "one"));
  clock.Advance(absl::Milliseconds(5));
  EXPECT_FALSE(log.Log("a", "two"));
  clock.Advance(absl::Milliseconds(15) - absl::Nanoseconds(1));
  EXPECT_FALSE(log.Log("a", "three"));
  clock.Advance(absl::Nanoseconds(1));  // exactly 20 ms after "one"
  EXPECT_TRUE(log.Log("a", "four"));
  // The interval restarts at "four": suppressed messages are not counted twice.
  clock.Advance(absl::Milliseconds(19));
  EXPECT_FALSE(log.Log("a", "five"));
  clock.Advance(absl::Milliseconds(1));
  EXPECT_TRUE(log.Log("a", "six"));
  clock.Advance(absl::Milliseconds(20));
  EXPECT_TRUE(log.Log("a", "seven"));  // nothing suppressed since "six": no count
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err,
            "test: one\n"
            "test: four (and 2 more like it since the previous line)\n"
            "test: six (and 1 more like it since the previous line)\n"
            "test: seven\n");
}

TEST(RateLimitedLogTest, FlushWritesTheLastSuppressedLineWithItsCountOnceTheIntervalPassed) {
  FakeClock clock;
  RateLimitedLog log("test", absl::Milliseconds(50), clock.Now());
  testing::internal::CaptureStderr();
  EXPECT_TRUE(log.Log("a", "a one"));
  EXPECT_FALSE(log.Log("a", "a two"));
  EXPECT_FALSE(log.Log("a", "a three"));
  clock.Advance(absl::Milliseconds(10));
  EXPECT_TRUE(log.Log("b", "b one"));
  EXPECT_FALSE(log.Log("b", "b two"));
  EXPECT_TRUE(log.Log("c", "c one"));     // nothing suppressed: nothing to flush
  EXPECT_EQ(log.FlushSuppressed(), 0);    // too early: no interval has passed
  clock.Advance(absl::Milliseconds(40));  // 50 ms after "a one", 40 after "b one"
  EXPECT_EQ(log.FlushSuppressed(), 1);    // a only: b's interval has 10 ms to go
  EXPECT_EQ(log.FlushSuppressed(), 0);    // each count is written once
  clock.Advance(absl::Milliseconds(10));
  EXPECT_EQ(log.FlushSuppressed(), 1);  // now b's
  // The flush (at 50 ms) started a new interval for a: its next line is held back, and flushed
  // no earlier than 50 ms after that flush.
  clock.Advance(absl::Milliseconds(29));  // 89 ms
  EXPECT_FALSE(log.Log("a", "a four"));
  clock.Advance(absl::Milliseconds(10));  // 99 ms: a's flush was 49 ms ago
  EXPECT_EQ(log.FlushSuppressed(), 0);
  clock.Advance(absl::Milliseconds(1));  // 100 ms
  EXPECT_EQ(log.FlushSuppressed(), 1);   // "a four", alone: no count
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err,
            "test: a one\n"
            "test: b one\n"
            "test: c one\n"
            "test: a three (and 1 more like it since the previous line)\n"
            "test: b two\n"
            "test: a four\n");
}

TEST(RateLimitedLogTest, DefaultClockIsTheWallClock) {
  // Only that the default constructor works; intervals are checked on the fake clock above.
  RateLimitedLog log("test", absl::Hours(1));
  testing::internal::CaptureStderr();
  EXPECT_TRUE(log.Log("a", "one"));
  EXPECT_FALSE(log.Log("a", "two"));
  EXPECT_EQ(log.FlushSuppressed(), 0);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "test: one\n");
}

}  // namespace
}  // namespace server
