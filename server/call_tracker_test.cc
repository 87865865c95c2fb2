#include "server/call_tracker.h"

#include <thread>

#include "absl/time/clock.h"
#include "gtest/gtest.h"

namespace server {
namespace {

TEST(CallTrackerTest, CountsCallsInProgress) {
  CallTracker tracker;
  EXPECT_TRUE(tracker.WaitUntilNone(absl::Now()));  // none: true at once
  {
    TrackedCall a(&tracker);
    TrackedCall b(&tracker);
    EXPECT_EQ(tracker.in_progress(), 2);
    EXPECT_FALSE(tracker.WaitUntilNone(absl::Now()));  // the deadline has passed
  }
  EXPECT_EQ(tracker.in_progress(), 0);
  TrackedCall untracked(nullptr);  // a null tracker counts nothing
  EXPECT_EQ(tracker.in_progress(), 0);
}

TEST(CallTrackerTest, WaitUntilNoneReturnsWhenTheLastCallEnds) {
  CallTracker tracker;
  tracker.Begin();
  std::thread ender([&] { tracker.End(); });
  // An infinite deadline: only the End() can end the wait.
  EXPECT_TRUE(tracker.WaitUntilNone(absl::InfiniteFuture()));
  ender.join();
}

}  // namespace
}  // namespace server
