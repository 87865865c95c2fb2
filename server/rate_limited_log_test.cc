#include "server/rate_limited_log.h"

#include <algorithm>
#include <string>

#include "gtest/gtest.h"

namespace server {
namespace {

TEST(RateLimitedLogTest, OneLinePerCausePerInterval) {
  RateLimitedLog log("test", absl::Hours(1));
  EXPECT_TRUE(log.Log("a", "first a"));
  EXPECT_FALSE(log.Log("a", "second a"));
  EXPECT_FALSE(log.Log("a", "third a"));
  EXPECT_TRUE(log.Log("b", "first b"));  // another cause is not held back
  EXPECT_FALSE(log.Log("b", "second b"));
}

TEST(RateLimitedLogTest, WritesAgainAfterTheIntervalWithTheCount) {
  RateLimitedLog log("test", absl::Milliseconds(20));
  testing::internal::CaptureStderr();
  EXPECT_TRUE(log.Log("a", "one"));
  EXPECT_FALSE(log.Log("a", "two"));
  EXPECT_FALSE(log.Log("a", "three"));
  absl::SleepFor(absl::Milliseconds(30));
  EXPECT_TRUE(log.Log("a", "four"));
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err, "test: one\ntest: four (and 2 more like it since the previous line)\n");
}

TEST(RateLimitedLogTest, FlushWritesTheLastSuppressedLineWithItsCountOnceTheIntervalPassed) {
  RateLimitedLog log("test", absl::Milliseconds(50));
  testing::internal::CaptureStderr();
  EXPECT_TRUE(log.Log("a", "a one"));
  EXPECT_FALSE(log.Log("a", "a two"));
  EXPECT_FALSE(log.Log("a", "a three"));
  EXPECT_TRUE(log.Log("b", "b one"));
  EXPECT_FALSE(log.Log("b", "b two"));
  EXPECT_TRUE(log.Log("c", "c one"));   // nothing suppressed: nothing to flush
  EXPECT_EQ(log.FlushSuppressed(), 0);  // too early: the interval has not passed
  absl::SleepFor(absl::Milliseconds(60));
  EXPECT_EQ(log.FlushSuppressed(), 2);
  EXPECT_EQ(log.FlushSuppressed(), 0);  // each count is written once
  // The flush started a new interval: the next line of that cause is held back again.
  EXPECT_FALSE(log.Log("a", "a four"));
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("test: a three (and 1 more like it since the previous line)\n"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("test: b two\n"), std::string::npos) << err;
  // a one, b one, c one, then the two flushed lines (in either order); never "a four".
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 5) << err;
  EXPECT_EQ(err.find("a four"), std::string::npos) << err;
}

}  // namespace
}  // namespace server
