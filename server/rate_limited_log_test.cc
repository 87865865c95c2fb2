#include "server/rate_limited_log.h"

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
  EXPECT_EQ(err, "test: one\ntest: four (and 2 more like it in the last 20ms)\n");
}

}  // namespace
}  // namespace server
