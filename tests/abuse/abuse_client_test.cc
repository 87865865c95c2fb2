// The attack clients against a real HttpServer on loopback with a trivial handler: each one does
// what it says and reports what happened.
#include "tests/abuse/abuse_client.h"

#include <unistd.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "server/http_server.h"

namespace abuse {
namespace {

using server::HttpRequest;
using server::HttpResponder;
using server::HttpServer;
using server::HttpServerOptions;

// Answers "ok <path>?<query>" at once; /events streams two events from another thread.
std::unique_ptr<HttpServer> StartTrivialServer(HttpServerOptions options = {}) {
  if (options.address.empty()) options.address = "127.0.0.1:0";
  options.threads = 2;
  absl::StatusOr<std::unique_ptr<HttpServer>> server = HttpServer::Start(
      options, [](const HttpRequest& request, std::unique_ptr<HttpResponder> responder) {
        if (request.path == "/events") {
          std::shared_ptr<server::HttpEventStream> stream = responder->StartEventStream(nullptr);
          std::thread([stream] {
            stream->Write("data: 1\n\n");
            stream->Write("data: 2\n\n");
            stream->Close();
          }).detach();
          return;
        }
        responder->Send(
            {200,
             "text/plain",
             absl::StrCat("ok ", request.path, request.query.empty() ? "" : "?", request.query),
             {}});
      });
  EXPECT_TRUE(server.ok()) << server.status();
  return server.ok() ? *std::move(server) : nullptr;
}

TEST(AbuseClientTest, FormatRequestAddsHostAndLength) {
  EXPECT_EQ(FormatRequest("GET", "/x"), "GET /x HTTP/1.1\r\nHost: abuse\r\n\r\n");
  EXPECT_EQ(FormatRequest("POST", "/y", {{"X-A", "1"}}, "body"),
            "POST /y HTTP/1.1\r\nX-A: 1\r\nHost: abuse\r\nContent-Length: 4\r\n\r\nbody");
  EXPECT_EQ(
      FormatRequest("POST", "/z", {{"Host", "h"}, {"Transfer-Encoding", "chunked"}}, "0\r\n\r\n"),
      "POST /z HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n");
}

TEST(AbuseClientTest, ConnectionErrorsAreNamed) {
  std::unique_ptr<HttpServer> server = StartTrivialServer();
  ASSERT_NE(server, nullptr);
  const std::string address = server->address();
  server->Stop(absl::ZeroDuration());
  absl::StatusOr<std::unique_ptr<RawConnection>> conn = RawConnection::Connect(address);
  ASSERT_FALSE(conn.ok());
  EXPECT_EQ(conn.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_EQ(conn.status().message(), absl::StrCat("connect ", address, ": Connection refused"));
  EXPECT_EQ(RawConnection::Connect("nonsense").status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(AbuseClientTest, ReadsLengthAndChunkedResponses) {
  std::unique_ptr<HttpServer> server = StartTrivialServer();
  ASSERT_NE(server, nullptr);
  absl::StatusOr<std::unique_ptr<RawConnection>> conn = RawConnection::Connect(server->address());
  ASSERT_TRUE(conn.ok()) << conn.status();
  ASSERT_TRUE((*conn)->Write(FormatRequest("GET", "/a?b=c")).ok());
  absl::StatusOr<HttpReply> reply = (*conn)->ReadResponse();
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->version, "HTTP/1.1");
  EXPECT_EQ(reply->status, 200);
  EXPECT_EQ(reply->reason, "OK");
  EXPECT_EQ(reply->body, "ok /a?b=c");
  EXPECT_EQ(*reply->Header("content-length"), "9");
  // A chunked (event stream) response on the same connection, read whole.
  ASSERT_TRUE((*conn)->Write(FormatRequest("GET", "/events")).ok());
  reply = (*conn)->ReadResponse();
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->body, "data: 1\n\ndata: 2\n\n");
  // HEAD: no body whatever Content-Length says.
  ASSERT_TRUE((*conn)->Write(FormatRequest("HEAD", "/h")).ok());
  reply = (*conn)->ReadResponse(absl::Seconds(5), /*head_request=*/true);
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(reply->body, "");
  // Nothing more: a read times out, the connection is still open.
  EXPECT_EQ((*conn)->ReadResponse(absl::Milliseconds(100)).status().code(),
            absl::StatusCode::kDeadlineExceeded);
  EXPECT_FALSE((*conn)->ClosedByPeer(absl::Milliseconds(50)));
}

TEST(AbuseClientTest, SummarizeTakesNearestRankPercentiles) {
  std::vector<absl::Duration> samples;
  for (int i = 100; i >= 1; --i) samples.push_back(absl::Milliseconds(i));
  const LatencySummary summary = Summarize(samples, 3, "boom");
  EXPECT_EQ(summary.requests, 100);
  EXPECT_EQ(summary.errors, 3);
  EXPECT_EQ(summary.p50, absl::Milliseconds(50));
  EXPECT_EQ(summary.p90, absl::Milliseconds(90));
  EXPECT_EQ(summary.p99, absl::Milliseconds(99));
  EXPECT_EQ(summary.max, absl::Milliseconds(100));
  EXPECT_EQ(summary.ToString(),
            "100 ok, 3 errors; p50 50ms, p90 90ms, p99 99ms, max 100ms (first error: boom)");
  EXPECT_EQ(Summarize({}, 0, "").requests, 0);
}

TEST(AbuseClientTest, MeasureLatencyCountsAnswersAndErrors) {
  std::unique_ptr<HttpServer> server = StartTrivialServer();
  ASSERT_NE(server, nullptr);
  GoodClientOptions good;
  good.requests = 20;
  LatencySummary summary = MeasureLatency(server->address(), good);
  EXPECT_EQ(summary.requests, 20);
  EXPECT_EQ(summary.errors, 0);
  EXPECT_GT(summary.p50, absl::ZeroDuration());
  good.new_connection_per_request = false;
  good.expected_status = 404;
  good.requests = 3;
  summary = MeasureLatency(server->address(), good);
  EXPECT_EQ(summary.requests, 0);
  EXPECT_EQ(summary.errors, 3);
  EXPECT_EQ(summary.first_error, "INTERNAL: status 200: ok /");
}

TEST(AbuseClientTest, PoolsHoldConnectionsAndNoticeTheServerClosingThem) {
  HttpServerOptions options;
  options.idle_timeout = absl::Seconds(1);
  std::unique_ptr<HttpServer> server = StartTrivialServer(options);
  ASSERT_NE(server, nullptr);
  absl::StatusOr<std::unique_ptr<IdleKeepAlivePool>> idle =
      IdleKeepAlivePool::Open(server->address(), 5);
  ASSERT_TRUE(idle.ok()) << idle.status();
  SlowlorisOptions slow;
  slow.connections = 3;
  slow.interval = absl::Milliseconds(50);
  absl::StatusOr<std::unique_ptr<SlowlorisPool>> loris =
      SlowlorisPool::Open(server->address(), slow);
  ASSERT_TRUE(loris.ok()) << loris.status();
  EXPECT_EQ((*idle)->opened(), 5);
  EXPECT_EQ((*idle)->still_open(), 5);
  EXPECT_EQ((*loris)->opened(), 3);
  // The pool trickles: one more byte per connection after its request head, and the server
  // (whose header deadline is 1 s away) has closed none of them yet.
  const size_t head_bytes = (*loris)->bytes_sent();
  EXPECT_GT(head_bytes, 3 * std::string("GET / HTTP/1.1\r\n").size());
  const absl::Time trickle_deadline = absl::Now() + absl::Seconds(5);
  while ((*loris)->bytes_sent() < head_bytes + 3 && absl::Now() < trickle_deadline) {
    absl::SleepFor(absl::Milliseconds(5));
  }
  EXPECT_GE((*loris)->bytes_sent(), head_bytes + 3);
  EXPECT_EQ((*loris)->still_open(), 3);
  const absl::Time deadline = absl::Now() + absl::Seconds(5);  // the 1 s header deadline
  while (((*idle)->still_open() > 0 || (*loris)->still_open() > 0) && absl::Now() < deadline) {
    absl::SleepFor(absl::Milliseconds(20));
  }
  EXPECT_EQ((*idle)->closed_by_server(), 5);
  EXPECT_EQ((*loris)->closed_by_server(), 3);
  EXPECT_EQ(RawConnection::Connect("127.0.0.1:1").status().code(), absl::StatusCode::kUnavailable);
  EXPECT_FALSE(IdleKeepAlivePool::Open("127.0.0.1:1", 2).ok());
}

TEST(AbuseClientTest, OneShotAttacksReportTheServersAnswers) {
  HttpServerOptions options;
  options.max_body_bytes = 64 << 10;
  std::unique_ptr<HttpServer> server = StartTrivialServer(options);
  ASSERT_NE(server, nullptr);
  const std::string address = server->address();

  PipelineResult pipeline = Pipelined(address, 10, "/p?x=1");
  EXPECT_EQ(pipeline.sent, 10);
  ASSERT_EQ(pipeline.replies.size(), 10u) << pipeline.error;
  EXPECT_EQ(pipeline.replies[9].body, "ok /p?x=1&i=9");

  FloodResult chunked = ChunkedBodyFlood(address, "/", 16 << 20);
  EXPECT_EQ(chunked.status, 413) << chunked.error;
  EXPECT_TRUE(chunked.closed_by_server);
  EXPECT_GT(chunked.bytes_sent, 64u << 10);
  FloodResult small = ChunkedBodyFlood(address, "/", 1000, 100);
  EXPECT_EQ(small.status, 200) << small.error;
  EXPECT_FALSE(small.closed_by_server);

  FloodResult headers = HeaderFlood(address, "/", 100000);
  EXPECT_EQ(headers.status, 431) << headers.error;
  EXPECT_EQ(HeaderFlood(address, "/", 3).status, 200);

  FloodResult ranges = ManyRanges(address, "/", 2700);
  EXPECT_EQ(ranges.status, 200) << ranges.error;
  EXPECT_EQ(ranges.body, "ok /");

  FloodResult length = OversizedContentLength(address, "/", uint64_t{10} << 30, 4 << 20);
  EXPECT_EQ(length.status, 413) << length.error;
  EXPECT_TRUE(length.closed_by_server);
}

TEST(AbuseClientTest, ReadProcessMemory) {
  absl::StatusOr<ProcessMemory> self = ReadProcessMemory(getpid());
  ASSERT_TRUE(self.ok()) << self.status();
  EXPECT_GT(self->rss_bytes, 1 << 20);
  EXPECT_GE(self->peak_rss_bytes, self->rss_bytes);
  EXPECT_GE(self->threads, 1);
  EXPECT_GE(self->open_fds, 3);
  EXPECT_FALSE(self->exited);
  EXPECT_EQ(ReadProcessMemory(1 << 30).status(), absl::NotFoundError("no process 1073741824"));
}

}  // namespace
}  // namespace abuse
