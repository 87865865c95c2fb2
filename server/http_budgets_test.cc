#include "server/http_budgets.h"

#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include "gtest/gtest.h"

namespace server {
namespace {

TEST(BodyBudgetTest, ReservesUpToTheLimitAndNoMore) {
  BodyBudget budget(100);
  EXPECT_TRUE(budget.TryReserve(60));
  EXPECT_FALSE(budget.TryReserve(41));  // would pass 100: nothing reserved
  EXPECT_EQ(budget.used(), 60u);
  EXPECT_TRUE(budget.TryReserve(40));  // exactly the limit
  EXPECT_FALSE(budget.TryReserve(1));
  budget.Release(60);
  EXPECT_EQ(budget.used(), 40u);
  EXPECT_FALSE(budget.TryReserve(SIZE_MAX));  // no overflow of used + bytes
  EXPECT_TRUE(budget.TryReserve(60));
  EXPECT_EQ(budget.limit(), 100u);
}

TEST(BodyBudgetTest, ConcurrentReservationsNeverPassTheLimit) {
  BodyBudget budget(1000);
  std::vector<std::thread> threads;
  std::atomic<int> granted{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 10000; ++i) {
        if (budget.TryReserve(3)) {
          granted.fetch_add(1);
        }
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(granted.load(), 333);  // 999 bytes: the 334th would pass 1000
  EXPECT_EQ(budget.used(), 999u);
}

// Resolves `requested` under a hard RLIMIT_NOFILE of `hard_limit` and prints "connections N"
// or the error to stderr. A lowered hard limit cannot be raised again, so this runs in a child.
void ReserveUnderFileLimit(rlim_t hard_limit, int requested) {
  rlimit limit{hard_limit, hard_limit};
  if (setrlimit(RLIMIT_NOFILE, &limit) != 0) std::_Exit(2);
  absl::StatusOr<int> connections = ReserveFileDescriptors(requested, 1024);
  if (connections.ok()) {
    std::fprintf(stderr, "connections %d\n", *connections);
  } else {
    std::fprintf(stderr, "%s\n", connections.status().ToString().c_str());
  }
  std::fflush(stderr);
  std::_Exit(0);
}

TEST(ReserveFileDescriptorsTest, ZeroFitsTheConnectionsToTheHardLimit) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // 1024 connections + 256 reserved fit under 4096; under 600 only 344 do; 200 leaves none.
  EXPECT_EXIT(ReserveUnderFileLimit(4096, 0), ::testing::ExitedWithCode(0), "connections 1024");
  EXPECT_EXIT(ReserveUnderFileLimit(600, 0), ::testing::ExitedWithCode(0), "connections 344");
  EXPECT_EXIT(ReserveUnderFileLimit(200, 0), ::testing::ExitedWithCode(0),
              "RESOURCE_EXHAUSTED: the hard RLIMIT_NOFILE is 200; the HTTP server needs more "
              "than 256 file descriptors");
}

TEST(ReserveFileDescriptorsTest, AnExplicitLimitTheHardLimitCannotHoldIsRefused) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(ReserveUnderFileLimit(600, 300), ::testing::ExitedWithCode(0), "connections 300");
  EXPECT_EXIT(ReserveUnderFileLimit(600, 1024), ::testing::ExitedWithCode(0),
              "RESOURCE_EXHAUSTED: max_connections=1024 needs about 1280 file descriptors but "
              "the hard RLIMIT_NOFILE is 600");
}

// With a soft limit of 100 under a hard one of 4096, 300 connections raise the soft limit to 556.
void ReserveUnderSoftLimit() {
  rlimit limit{100, 4096};
  if (setrlimit(RLIMIT_NOFILE, &limit) != 0) std::_Exit(2);
  absl::StatusOr<int> connections = ReserveFileDescriptors(300, 1024);
  if (!connections.ok() || getrlimit(RLIMIT_NOFILE, &limit) != 0) std::_Exit(3);
  std::fprintf(stderr, "connections %d soft %llu\n", *connections,
               static_cast<unsigned long long>(limit.rlim_cur));
  std::fflush(stderr);
  std::_Exit(0);
}

TEST(ReserveFileDescriptorsTest, RaisesTheSoftLimitToWhatTheConnectionsNeed) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(ReserveUnderSoftLimit(), ::testing::ExitedWithCode(0), "connections 300 soft 556");
}

}  // namespace
}  // namespace server
