#include "server/http_connections.h"

#include <sys/socket.h>
#include <unistd.h>

#include <thread>

#include "absl/time/clock.h"
#include "gtest/gtest.h"

namespace server {
namespace http_internal {
namespace {

std::shared_ptr<Exchange> NewExchange(const std::shared_ptr<Config>& config) {
  static std::atomic<bool> closing{false};
  return std::make_shared<Exchange>(config, &closing, nullptr, nullptr);
}

std::shared_ptr<Config> TestConfig() {
  return std::make_shared<Config>(HttpServerOptions(), nullptr, nullptr);
}

TEST(OpenConnectionsTest, ExchangesAreFoundByTheirKeyUntilRemoved) {
  OpenConnections open;
  auto config = TestConfig();
  std::shared_ptr<Exchange> a = NewExchange(config);
  std::shared_ptr<Exchange> b = NewExchange(config);
  open.AddExchange(a);
  open.AddExchange(b);
  EXPECT_EQ(open.Find(a->watch_key()), a);
  EXPECT_EQ(open.Find(b->watch_key()), b);
  EXPECT_EQ(open.Exchanges().size(), 2u);
  EXPECT_EQ(open.RemoveExchange(a.get()), a);
  EXPECT_EQ(open.RemoveExchange(a.get()), nullptr);  // once
  EXPECT_EQ(open.Find(a->watch_key()), nullptr);
  EXPECT_EQ(open.Find(0), nullptr);
}

TEST(OpenConnectionsTest, StopWaitsUntilNothingIsInFlight) {
  OpenConnections open;
  auto config = TestConfig();
  std::shared_ptr<Exchange> uncounted = NewExchange(config);
  std::shared_ptr<Exchange> counted = NewExchange(config);
  open.AddExchange(uncounted);
  open.AddExchange(counted);
  open.CountInFlight(*counted);
  EXPECT_EQ(open.in_flight(), 1);
  EXPECT_FALSE(open.WaitUntilNoneInFlight(absl::Now()));  // the deadline has passed
  open.RemoveExchange(uncounted.get());
  EXPECT_EQ(open.in_flight(), 1);  // it was never handed to the handler
  std::thread completes([&] { open.RemoveExchange(counted.get()); });
  EXPECT_TRUE(open.WaitUntilNoneInFlight(absl::InfiniteFuture()));
  completes.join();
  EXPECT_EQ(open.in_flight(), 0);
}

TEST(OpenConnectionsTest, WaitTickEndsWhenStopped) {
  OpenConnections open;
  EXPECT_FALSE(open.WaitTick(absl::ZeroDuration()));
  std::thread stopper([&] { open.StopWaiting(); });
  // Returns true only once StopWaiting ran: a tick of an hour would otherwise time the test out.
  EXPECT_TRUE(open.WaitTick(absl::Hours(1)));
  stopper.join();
  EXPECT_TRUE(open.WaitTick(absl::Hours(1)));  // and at once from then on
}

TEST(OpenConnectionsTest, ShutDownIdleClosesOnlyConnectionsPastTheirDeadlineAndNotInARequest) {
  OpenConnections open;
  int pairs[3][2];
  ConnState conns[3];
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, pairs[i]), 0);
    conns[i].fd = pairs[i][0];
    open.AddConnection(&conns[i]);
  }
  conns[0].ready_since_ns = 100;  // idle since long ago: closed
  conns[1].ready_since_ns = 100;  // as old, but in a request: kept
  conns[1].in_request = true;
  conns[2].ready_since_ns = 5000;  // ready only recently: kept
  EXPECT_EQ(open.connection_count(), 3u);
  EXPECT_EQ(open.ShutDownIdle(1000), 1);
  EXPECT_EQ(open.ShutDownIdle(1000), 0);  // once
  char byte;
  EXPECT_EQ(read(pairs[0][1], &byte, 1), 0);  // the peer sees the shutdown
  EXPECT_TRUE(conns[0].shut);
  EXPECT_FALSE(conns[1].shut);
  EXPECT_FALSE(conns[2].shut);
  for (ConnState& conn : conns) open.RemoveConnection(&conn);
  EXPECT_EQ(open.connection_count(), 0u);
  EXPECT_EQ(open.ShutDownIdle(1 << 30), 0);  // removed connections are never touched
  for (auto& pair : pairs) {
    close(pair[0]);
    close(pair[1]);
  }
}

}  // namespace
}  // namespace http_internal
}  // namespace server
