// HttpServer under many slow and idle connections: a load test (tagged "timing": it asserts a
// latency bound, which a sanitizer only slows down, so tools/test.sh's sanitizer pass leaves it
// out). The figures themselves are the http_abuse tool's job (tests/abuse).
#include <memory>
#include <string>

#include "gtest/gtest.h"
#include "server/http_server.h"
#include "tests/abuse/abuse_client.h"

namespace server {
namespace {

// 500 idle keep-alive connections and 200 slowloris connections on a server with 2 event loops:
// every one of 200 normal requests is answered, and no idle or slowloris connection is closed
// before its 30 s header deadline. (The bound only catches a server that serves them one at a
// time or not at all.)
TEST(HttpServerLoadTest, IdleAndSlowClientsDoNotDelayOthers) {
  HttpServerOptions options;
  options.address = "127.0.0.1:0";
  options.threads = 2;
  absl::StatusOr<std::unique_ptr<HttpServer>> server = HttpServer::Start(
      options, [](const HttpRequest& request, std::unique_ptr<HttpResponder> responder) {
        responder->Send({200, "text/plain", request.path, {}});
      });
  ASSERT_TRUE(server.ok()) << server.status();
  const std::string address = (*server)->address();
  absl::StatusOr<std::unique_ptr<abuse::IdleKeepAlivePool>> idle =
      abuse::IdleKeepAlivePool::Open(address, 500);
  ASSERT_TRUE(idle.ok()) << idle.status();
  EXPECT_EQ((*idle)->opened(), 500) << (*idle)->first_error();
  abuse::SlowlorisOptions slow;
  slow.connections = 200;
  slow.interval = absl::Milliseconds(200);
  absl::StatusOr<std::unique_ptr<abuse::SlowlorisPool>> loris =
      abuse::SlowlorisPool::Open(address, slow);
  ASSERT_TRUE(loris.ok()) << loris.status();
  EXPECT_EQ((*loris)->opened(), 200) << (*loris)->first_error();
  abuse::GoodClientOptions good;
  good.requests = 200;
  good.timeout = absl::Seconds(5);
  const abuse::LatencySummary latency = abuse::MeasureLatency(address, good);
  EXPECT_EQ(latency.requests, 200) << latency.ToString();
  EXPECT_EQ(latency.errors, 0) << latency.ToString();
  EXPECT_LT(latency.p99, absl::Seconds(2)) << latency.ToString();
  EXPECT_EQ((*idle)->closed_by_server(), 0);
  EXPECT_EQ((*loris)->closed_by_server(), 0);
  EXPECT_GE((*server)->stats().open_connections, 700);
}

}  // namespace
}  // namespace server
